/// Turns an image recipe into an executable ``Plan``, optimising as it goes:
/// - adjacent colour kernels fuse into one pass, adjacent colour matrices multiply into one;
/// - encoding conversions are inserted only where kernels of different encodings meet, and
///   opposite conversions that end up adjacent cancel;
/// - adjacent affine transforms merge into one resampling, whole-pixel moves do not resample;
/// - crops move below colour kernels and merge with each other, so only the kept region is
///   read;
/// - inputs of general kernels are materialised when recomputing overlapping neighbourhoods
///   would cost more than holding them.
///
/// - an image used by several consumers (a sharp and a blurred copy of one chain) is planned
///   once and held in memory, not recomputed on every path.
///
/// With `fusing` off every kernel runs as its own pass (the reference for tests).
final class Optimizer {
  let fusing: Bool
  /// Whether expensive colour chains over 8-bit sources run once per colour (the render's
  /// output is 8-bit: the root's results are remembered as its stored bytes).
  let remembersColors: Bool
  private let root: Node
  /// Nodes whose pixels reach the output as they are wherever nothing is laid over them: the
  /// root, what it crops, and the background of a blend that keeps it under a clear pixel (the
  /// photo under its layers). Their colour chains, when nothing else reads them and they are
  /// planned in the root's encoding, are remembered as the output's bytes, so pixels no layer
  /// touches come out exactly as without layers.
  private var reachesOutput: Set<ObjectIdentifier> = []
  /// The encoding the root is planned in (the output's), once it is.
  private var rootTransfer: Transfer?
  /// How many consumers each node of the recipe has.
  private var consumers: [ObjectIdentifier: Int] = [:]
  private var planned: [PlanKey: Plan] = [:]
  /// Nodes the optimiser made itself (a crop moved below a colour kernel), by the node and
  /// crop they replace. Plans are remembered by node identity, so these nodes live as long as
  /// the optimiser: a freed node's address could be reused by the next one made, which would
  /// then find the first one's plan. The same rewrite also gives the same node, so it is
  /// planned once.
  private var rewritten: [RewriteKey: Node] = [:]

  private struct RewriteKey: Hashable {
    let node: ObjectIdentifier
    let crop: Rect
  }

  private struct PlanKey: Hashable {
    let node: ObjectIdentifier
    let transfer: Transfer
  }

  init(fusing: Bool = true, remembersColors: Bool = true, root: Node) {
    self.fusing = fusing
    self.remembersColors = fusing && remembersColors
    self.root = root
    var seen: Set<ObjectIdentifier> = []
    func count(_ node: Node) {
      for input in node.inputs {
        consumers[ObjectIdentifier(input), default: 0] += 1
        if seen.insert(ObjectIdentifier(input)).inserted { count(input) }
      }
    }
    count(root)
    var reaching: Node? = root
    while let node = reaching {
      reachesOutput.insert(ObjectIdentifier(node))
      switch node.operation {
      case .crop: reaching = node.inputs[0]
      case .blend(let kernel) where kernel.clearForegroundKeepsBackground:
        reaching = node.inputs[1]
      default: reaching = nil
      }
    }
  }

  /// The plan of `node` producing `want`: planned once per node and transfer, and kept in
  /// memory when several consumers read it and it is not cheap to recompute.
  func plan(for node: Node, transfer want: Transfer) -> Plan {
    if node === root, rootTransfer == nil { rootTransfer = want }
    let key = PlanKey(node: ObjectIdentifier(node), transfer: want)
    if let known = planned[key] { return known }
    var result = makePlan(for: node, transfer: want)
    if (consumers[key.node] ?? 0) > 1, !result.isCheap { result = CachePlan(result) }
    planned[key] = result
    return result
  }

  private func makePlan(for node: Node, transfer want: Transfer) -> Plan {
    switch node.operation {
    case .bitmap(let bitmap):
      return BitmapPlan(bitmap, transfer: want)
    case .constant(let color):
      return ConstantPlan(color, transfer: want)
    case .color:
      return colorChain(node, transfer: want)
    case .affine(let transform, let sampling):
      return affine(transform, sampling, node.inputs[0], transfer: want)
    case .warp(let kernel, let sampling):
      return WarpPlan(
        warp: kernel, mode: sampling, input: plan(for: node.inputs[0], transfer: want),
        extent: node.extent)
    case .blend(let kernel):
      let blend = BlendPlan(
        kernel, foreground: plan(for: node.inputs[0], transfer: kernel.transfer),
        background: plan(for: node.inputs[1], transfer: kernel.transfer), extent: node.extent,
        isOpaque: node.isOpaque)
      return converted(blend, to: want)
    case .general(let kernel):
      let inputs = node.inputs.enumerated().map { index, input in
        let plan = plan(for: input, transfer: kernel.transfer)
        return Self.readsNeighbourhoods(kernel, input: index) ? materialisedIfCostly(plan) : plan
      }
      let general = GeneralPlan(
        kernel, inputs: inputs, extent: node.extent, isOpaque: node.isOpaque)
      return converted(general, to: want)
    case .crop(let rect):
      return crop(rect, node.inputs[0], transfer: want)
    case .clamp:
      return ClampPlan(plan(for: node.inputs[0], transfer: want))
    }
  }

  // MARK: Colour

  private func colorChain(_ node: Node, transfer want: Transfer) -> Plan {
    var kernels: [any ColorKernel] = []
    var base = node
    while case .color(let kernel) = base.operation, fusing || kernels.isEmpty {
      kernels.append(kernel)
      base = base.inputs[0]
    }
    kernels.reverse()
    let input = plan(for: base, transfer: kernels[0].transfer)
    var steps: [any ColorKernel] = []
    var current = input.transfer
    for kernel in kernels {
      if kernel.transfer != current { steps.append(conversion(to: kernel.transfer)) }
      steps.append(kernel)
      current = kernel.transfer
    }
    if current != want { steps.append(conversion(to: want)) }
    return chain(
      steps, over: input, isOpaque: node.isOpaque,
      feedsOutput: reachesOutput.contains(ObjectIdentifier(node)) && want == rootTransfer
        && (consumers[ObjectIdentifier(node)] ?? 0) <= 1)
  }

  private func conversion(to transfer: Transfer) -> any ColorKernel {
    transfer == .sRGB ? EncodeSRGB() : DecodeSRGB()
  }

  private func converted(_ plan: Plan, to want: Transfer) -> Plan {
    plan.transfer == want
      ? plan : chain([conversion(to: want)], over: plan, isOpaque: plan.isOpaque)
  }

  /// A colour chain, merged with a chain below it when fusing.
  private func chain(
    _ steps: [any ColorKernel], over input: Plan, isOpaque: Bool, feedsOutput: Bool = false
  ) -> Plan {
    var steps = steps
    var input = input
    if fusing {
      if let below = (input as? MemoizedColorPlan)?.chain ?? input as? ColorChainPlan {
        steps = below.kernels + steps
        input = below.input
      }
      steps = simplified(steps)
      if let source = input as? BitmapPlan, source.canFoldCurves {
        let curves = Array(steps.prefix { $0 is any ToneCurve }.compactMap { $0 as? any ToneCurve })
        if !curves.isEmpty {
          input = source.folding(
            curves, resultTransfer: Self.outputTransfer(of: curves, after: source.transfer))
          steps.removeFirst(curves.count)
        }
      }
    }
    if steps.isEmpty { return input }
    var result = input
    let groups = fusing ? [steps] : steps.map { [$0] }
    for group in groups {
      let transfer = Self.outputTransfer(of: group, after: result.transfer)
      let chain = ColorChainPlan(group, over: result, transfer: transfer, isOpaque: isOpaque)
      result =
        (remembersColors
          ? MemoizedColorPlan.memoizing(chain, encoding: feedsOutput ? .storedBytes : .halfFloat)
          : nil)
        ?? chain
    }
    return result
  }

  private static func outputTransfer(of steps: [any ColorKernel], after input: Transfer) -> Transfer
  {
    steps.reduce(input) { current, step in
      switch step {
      case is EncodeSRGB: .sRGB
      case is DecodeSRGB: .linear
      default: step.transfer
      }
    }
  }

  /// Cancels encode/decode pairs and multiplies neighbouring colour matrices.
  private func simplified(_ steps: [any ColorKernel]) -> [any ColorKernel] {
    var out: [any ColorKernel] = []
    for step in steps {
      switch (out.last, step) {
      case (is EncodeSRGB, is DecodeSRGB), (is DecodeSRGB, is EncodeSRGB):
        out.removeLast()
      case (let a as ColorMatrix, let b as ColorMatrix) where a.transfer == b.transfer:
        out[out.count - 1] = a.followed(by: b)
      default:
        out.append(step)
      }
    }
    return out
  }

  // MARK: Geometry

  private func affine(
    _ transform: AffineTransform, _ sampling: Sampling, _ input: Node, transfer want: Transfer
  ) -> Plan {
    var transform = transform
    var inner = input
    while fusing, case .affine(let below, let s) = inner.operation, s == sampling {
      transform = below.concatenating(transform)
      inner = inner.inputs[0]
    }
    let source = plan(for: inner, transfer: want)
    if transform.isIntegerTranslation {
      return TranslatePlan(source, dx: Int(transform.tx), dy: Int(transform.ty))
    }
    guard let inverse = transform.inverted() else {
      return CropPlan(ConstantPlan(.clear, transfer: want), to: .empty)
    }
    let extent = transform.apply(to: inner.extent)
    let onGrid =
      ((transform.b == 0 && transform.c == 0) || (transform.a == 0 && transform.d == 0))
      && extent.area == inner.extent.area
    return WarpPlan(
      affine: transform, inverse: inverse, mode: sampling, input: source, extent: extent,
      isOpaque: inner.isOpaque && onGrid)
  }

  private func crop(_ rect: Rect, _ input: Node, transfer want: Transfer) -> Plan {
    if fusing {
      switch input.operation {
      case .color:
        // Colour kernels are pointwise: crop their input instead.
        return plan(for: colorOfCrop(rect, input), transfer: want)
      case .crop(let inner):
        return crop(rect.intersection(inner), input.inputs[0], transfer: want)
      default:
        break
      }
    }
    return CropPlan(plan(for: input, transfer: want), to: rect)
  }

  /// The colour kernel `node` applied to its input cropped to `rect`, made once per node and
  /// crop (see ``rewritten``).
  private func colorOfCrop(_ rect: Rect, _ node: Node) -> Node {
    let key = RewriteKey(node: ObjectIdentifier(node), crop: rect)
    if let known = rewritten[key] { return known }
    let below = node.inputs[0]
    let croppedInput = Node(
      .crop(rect), [below], extent: rect.intersection(below.extent), isOpaque: below.isOpaque)
    let result = Node(
      node.operation, [croppedInput], extent: croppedInput.extent, isOpaque: node.isOpaque)
    rewritten[key] = result
    if reachesOutput.contains(ObjectIdentifier(node)) {
      reachesOutput.insert(ObjectIdentifier(result))
    }
    return result
  }

  /// Whether tiles of `kernel` read overlapping regions of an input (a blur does; a mix
  /// that reads each input at the output pixel does not, and gains nothing from a cache).
  private static func readsNeighbourhoods(_ kernel: any GeneralKernel, input: Int) -> Bool {
    let probes = [
      Rect(x: 0, y: 0, width: 256, height: 32), Rect(x: 333, y: 77, width: 100, height: 9),
    ]
    return probes.contains { kernel.regionOfInterest(for: $0, input: input) != $0 }
  }

  private func materialisedIfCostly(_ plan: Plan) -> Plan {
    plan.isCheap ? plan : CachePlan(plan)
  }
}
