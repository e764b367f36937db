import Foundation

@testable import LumenCore

/// A small, seedable generator (SplitMix64): the same seed gives the same numbers on every
/// platform and toolchain, so a failing random test can be replayed from its seed.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A whole number in `range` (the slight modulo bias does not matter here).
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
  }

  /// A number in [lo, hi), in steps of 1/1024 so that descriptions replay it exactly.
  mutating func double(_ lo: Double, _ hi: Double) -> Double {
    lo + (hi - lo) * Double(next() % 1024) / 1024
  }

  mutating func chance(_ p: Double) -> Bool { Double(next() % 10_000) < p * 10_000 }

  mutating func pick<T>(_ options: [T]) -> T { options[int(0...(options.count - 1))] }
}

/// Colour, warp and general kernels for random graphs: cheap and expensive, value-like
/// (comparable, so results are remembered across renders) and not, in both encodings.
enum RandomKernels {
  /// v^exponent: a tone curve that folds into 8-bit sources' tables.
  struct Power: ToneCurve, Hashable {
    var exponent: Float
    var transfer: Transfer
    func map(_ v: Float) -> Float { v > 0 ? pow(v, exponent) : v }
  }

  /// A kernel mixing channels non-linearly; not `Hashable`, so its results get a memo that no
  /// later render shares.
  struct Twist: ColorKernel {
    var amount: Float
    var transfer: Transfer
    func apply(_ c: RGBA) -> RGBA {
      RGBA(
        red: c.red * (1 - amount) + c.green * c.blue * amount, green: c.green * c.green,
        blue: 1 - c.blue * (1 - amount), alpha: c.alpha)
    }
  }

  /// Shifts rows sideways by a sine of the row: a continuous warp.
  struct Ripple: WarpKernel {
    var amplitude: Double
    var period: Double
    func sourcePoint(for p: Point) -> Point {
      Point(x: p.x + amplitude * sin(p.y / period), y: p.y + amplitude * 0.5 * cos(p.x / period))
    }
  }

  /// out = a + b - a * b per channel (premultiplied screen), read at the output pixel; the
  /// extent is the first input's.
  struct Screen: GeneralKernel {
    var transfer: Transfer
    func extent(forInputExtents extents: [Rect]) -> Rect { extents[0] }
    func regionOfInterest(for rect: Rect, input index: Int) -> Rect { rect }
    func apply(inputs: [Tile], output: Tile) {
      for y in output.rect.minY..<output.rect.maxY {
        let (a, b, o) = (inputs[0].row(y), inputs[1].row(y), output.row(y))
        for i in 0..<o.count {
          o.red[i] = a.red[i] + b.red[i] - a.red[i] * b.red[i]
          o.green[i] = a.green[i] + b.green[i] - a.green[i] * b.green[i]
          o.blue[i] = a.blue[i] + b.blue[i] - a.blue[i] * b.blue[i]
          o.alpha[i] = a.alpha[i]
        }
      }
    }
  }

  /// A 5-point cube of a warm, contrasty look (built once: cubes are values).
  static let cube = ColorCube(size: 5) { c in
    RGBA(
      red: min(1, c.red * 1.1 + 0.03), green: c.green * c.green, blue: c.blue * 0.8 + 0.1,
      alpha: c.alpha)
  }
}

/// A random image recipe and a description of it that names every step, for replaying a
/// failing seed. Images stay small (at most `maxWidth` x `maxHeight`) so that a thousand graphs
/// render in seconds; a wide graph's images span several tiles and bands.
struct RandomGraph {
  let maxWidth: Int
  let maxHeight: Int

  private var random: SplitMix64
  private(set) var lines: [String] = []
  /// Images made so far, which later steps read again (so one sub-image has several
  /// consumers).
  private var made: [(image: Image, name: String)] = []
  /// False once a step whose optimised form computes differently (fused colour kernels,
  /// merged resamplings) is in the graph: then results may differ by rounding.
  private(set) var isExact = true
  /// True once a step that magnifies small differences of its inputs is in the graph: the
  /// hue, saturation, colour and luminosity modes divide by the source's chroma, so the
  /// rounding of remembered colours (half floats) can grow past a level in near-greys.
  private(set) var magnifiesRounding = false

  init(seed: UInt64, wide: Bool = false) {
    random = SplitMix64(seed: seed)
    (maxWidth, maxHeight) = wide ? (320, 72) : (64, 64)
  }

  var description: String { lines.joined(separator: "\n") }

  /// Builds a graph of up to `depth` levels; the result has a finite, non-empty extent.
  mutating func build(depth: Int) -> (image: Image, name: String) {
    var result = image(depth: depth)
    if result.image.extent.isEmpty { result = leaf() }
    return result
  }

  private mutating func record(_ image: Image, _ text: String, exact: Bool = true) -> (
    image: Image, name: String
  ) {
    if !exact { isExact = false }
    var image = image
    var name = "n\(lines.count)"
    lines.append("\(name) = \(text)  extent \(image.extent)")
    // Keep every image finite and small.
    let e = image.extent
    if e.isInfinite || e.width > maxWidth || e.height > maxHeight {
      let x = e.isInfinite ? 0 : e.minX
      let y = e.isInfinite ? 0 : e.minY
      let box = Rect(x: x, y: y, width: maxWidth, height: maxHeight)
      image = image.cropped(to: box)
      let bounded = "n\(lines.count)"
      lines.append("\(bounded) = crop(\(name), \(box))  extent \(image.extent)")
      name = bounded
    }
    made.append((image, name))
    return (image, name)
  }

  private mutating func image(depth: Int) -> (image: Image, name: String) {
    if !made.isEmpty, random.chance(0.2) { return random.pick(made) }
    if depth <= 0 || random.chance(0.15) { return leaf() }
    let input = image(depth: depth - 1)
    if input.image.extent.isEmpty { return leaf() }
    switch random.int(0...15) {
    case 0, 1: return crop(input)
    case 2, 3: return color(input)
    case 4: return colorChain(input)
    case 5: return translate(input)
    case 6: return affine(input)
    case 7: return blur(input)
    case 8: return resize(input)
    case 9: return pyramid(input)
    case 10: return warp(input)
    case 11, 12: return composite(input, image(depth: depth - 1))
    case 13: return screen(input, image(depth: depth - 1))
    case 14: return clamp(input)
    default: return split(input)
    }
  }

  // MARK: Leaves

  private mutating func leaf() -> (image: Image, name: String) {
    let (w, h) = (random.int(8...(maxWidth * 3 / 4)), random.int(8...(maxHeight * 3 / 4)))
    let seed = UInt32(truncatingIfNeeded: random.next())
    switch random.int(0...9) {
    case 0...4:
      return record(
        Image(bitmap: testBitmap(width: w, height: h, seed: seed)),
        "bitmap rgb8 \(w)x\(h) seed \(seed)")
    case 5...7:
      return record(
        Image(bitmap: testBitmap(width: w, height: h, alpha: true, seed: seed)),
        "bitmap rgba8 \(w)x\(h) seed \(seed)")
    case 8:
      // Float samples: no table to fold curves into.
      let source = Image(bitmap: testBitmap(width: w, height: h, alpha: true, seed: seed))
      let floats =
        (try? Renderer(threadCount: 1, optimizes: false).bitmap(of: source, format: .rgbaFloat))
        ?? testBitmap(width: w, height: h, seed: seed)
      return record(Image(bitmap: floats), "bitmap rgbaFloat \(w)x\(h) seed \(seed)")
    default:
      let color = RGBA(
        red: Float(random.int(0...255)) / 255, green: Float(random.int(0...255)) / 255,
        blue: Float(random.int(0...255)) / 255, alpha: random.pick([1, 0.5, 0.25]))
      let rect = Rect(x: random.int(-4...8), y: random.int(-4...8), width: w, height: h)
      return record(Image(color: color).cropped(to: rect), "constant \(color) cropped \(rect)")
    }
  }

  // MARK: Steps with one input

  private mutating func someRect(in e: Rect) -> Rect {
    let x = random.int((e.minX - 4)...(e.maxX - 1))
    let y = random.int((e.minY - 4)...(e.maxY - 1))
    return Rect(
      x: x, y: y, width: random.int(1...e.width + 4), height: random.int(1...e.height + 4))
  }

  private mutating func crop(_ input: (image: Image, name: String)) -> (image: Image, name: String)
  {
    let rect = someRect(in: input.image.extent)
    return record(input.image.cropped(to: rect), "crop(\(input.name), \(rect))")
  }

  /// A random colour kernel and whether it may make opaque pixels translucent.
  private mutating func colorKernel() -> (kernel: any ColorKernel, text: String, alpha: Bool) {
    let transfer: Transfer = random.chance(0.5) ? .linear : .sRGB
    switch random.int(0...5) {
    case 0:
      let m = ColorMatrix(
        red: [Float(random.double(0.6, 1.2)), Float(random.double(-0.2, 0.2)), 0, 0],
        green: [0, Float(random.double(0.7, 1.1)), Float(random.double(0, 0.3)), 0],
        bias: [Float(random.double(-0.05, 0.05)), 0, Float(random.double(0, 0.1)), 0],
        transfer: transfer)
      return (m, "\(m)", false)
    case 1:
      let m = ColorMatrix(
        alpha: [0, 0, 0, Float(random.double(0.3, 1))], bias: [0.02, 0, 0, 0], transfer: transfer)
      return (m, "\(m)", true)
    case 2:
      let k = RandomKernels.Power(exponent: Float(random.double(0.5, 2)), transfer: transfer)
      return (k, "\(k)", false)
    case 3:
      let k = RandomKernels.Twist(amount: Float(random.double(0, 1)), transfer: transfer)
      return (k, "\(k)", false)
    case 4:
      let k = ColorCubeKernel(
        cube: RandomKernels.cube, interpolation: random.pick(CubeInterpolation.allCases),
        intensity: Float(random.double(0.2, 1)))
      return (k, "cube(\(k.interpolation), intensity \(k.intensity))", false)
    default:
      let k = ColorMatrix(
        red: [1, 0, 0, 0], green: [0, 1, 0, 0], blue: [0, 0, 1, 0], transfer: transfer)
      return (k, "identity matrix \(transfer)", false)
    }
  }

  private mutating func color(_ input: (image: Image, name: String)) -> (
    image: Image, name: String
  ) {
    let (kernel, text, alpha) = colorKernel()
    return record(
      input.image.applying(kernel, preservesOpacity: !alpha), "color(\(input.name), \(text))",
      exact: false)
  }

  private mutating func colorChain(_ input: (image: Image, name: String)) -> (
    image: Image, name: String
  ) {
    var result = input
    for _ in 0..<random.int(2...4) { result = color(result) }
    return result
  }

  private mutating func translate(_ input: (image: Image, name: String)) -> (
    image: Image, name: String
  ) {
    let (dx, dy) = (random.int(-12...12), random.int(-12...12))
    return record(
      input.image.translatedBy(dx: dx, dy: dy), "translate(\(input.name), \(dx), \(dy))")
  }

  private mutating func affine(_ input: (image: Image, name: String)) -> (
    image: Image, name: String
  ) {
    let e = input.image.extent
    let sampling: Sampling = random.chance(0.5) ? .bilinear : .nearest
    var t: LumenCore.AffineTransform
    switch random.int(0...3) {
    case 0:
      t = LumenCore.AffineTransform(scaleX: random.double(0.5, 1.5), y: random.double(0.5, 1.5))
    case 1:
      t = LumenCore.AffineTransform(rotationAngle: random.double(-1, 1))
    case 2:
      t = LumenCore.AffineTransform(scaleX: -1, y: 1)  // a flip: on the grid
    default:
      t = LumenCore.AffineTransform(translationX: random.double(-3, 3), y: random.double(-3, 3))
    }
    // Around the extent's corner, so the result stays near the origin.
    t = LumenCore.AffineTransform(translationX: -Double(e.minX), y: -Double(e.minY))
      .concatenating(t).concatenating(
        LumenCore.AffineTransform(translationX: Double(e.minX), y: Double(e.minY)))
    // Two resamplings in a row merge into one when optimised: that is the point of merging,
    // but not the same picture as resampling twice, so a crop (which stops merging) keeps
    // them apart. Whole-pixel moves merge with resamplings to the same picture.
    var source = input.image
    if Self.resamples(source.node, sampling), e.width > 2, e.height > 2 {
      source = source.cropped(to: e.insetBy(dx: 1, dy: 1))
      lines.append("  (\(input.name) cropped to \(source.extent) first)")
    }
    return record(
      source.transformed(by: t, sampling: sampling),
      "affine(\(input.name), \(t), \(sampling))", exact: false)
  }

  /// Whether `node` is a run of affine maps with `sampling` that resamples (what the
  /// optimiser would merge a further map with).
  private static func resamples(_ node: Node, _ sampling: Sampling) -> Bool {
    var node = node
    while case .affine(let t, let s) = node.operation, s == sampling {
      if !t.isIntegerTranslation { return true }
      node = node.inputs[0]
    }
    return false
  }

  private mutating func blur(_ input: (image: Image, name: String)) -> (image: Image, name: String)
  {
    let radius = random.int(1...3)
    let weights = (-radius...radius).map { Float(exp(-Double($0 * $0) / Double(radius))) }
    let total = weights.reduce(0, +)
    let pass = SeparablePass(
      axis: random.chance(0.5) ? .horizontal : .vertical,
      taps: .uniform(weights.map { $0 / total }),
      transfer: random.chance(0.5) ? .linear : .sRGB)
    let clamped = random.chance(0.5)
    let source = clamped ? input.image.clampedToExtent() : input.image
    var image = source.applying(pass)
    if clamped { image = image.cropped(to: input.image.extent) }
    return record(
      image,
      "blur(\(input.name), \(pass.axis), radius \(radius), \(pass.transfer), clamped \(clamped))")
  }

  private mutating func resize(_ input: (image: Image, name: String)) -> (
    image: Image, name: String
  ) {
    let (w, h) = (random.int(4...maxWidth), random.int(4...maxHeight))
    let filter = random.pick(ResamplingFilter.allCases)
    return record(
      input.image.resized(width: w, height: h, filter: filter),
      "resize(\(input.name), \(w)x\(h), \(filter))")
  }

  private mutating func pyramid(_ input: (image: Image, name: String)) -> (
    image: Image, name: String
  ) {
    let factor = random.int(2...3)
    let e = input.image.extent
    if random.chance(0.5) {
      return record(input.image.reduced(by: factor), "reduce(\(input.name), \(factor))")
    }
    let out = Rect(
      x: e.minX * factor, y: e.minY * factor, width: min(maxWidth, e.width * factor),
      height: min(maxHeight, e.height * factor))
    return record(
      input.image.clampedToExtent().enlarged(by: factor, extent: out),
      "enlarge(clamp(\(input.name)), \(factor), \(out))")
  }

  private mutating func warp(_ input: (image: Image, name: String)) -> (image: Image, name: String)
  {
    let k = RandomKernels.Ripple(amplitude: random.double(0.5, 3), period: random.double(2, 9))
    let sampling: Sampling = random.chance(0.5) ? .bilinear : .nearest
    return record(
      input.image.applying(warp: k, sampling: sampling), "warp(\(input.name), \(k), \(sampling))")
  }

  private mutating func clamp(_ input: (image: Image, name: String)) -> (
    image: Image, name: String
  ) {
    let k = random.int(0...6)
    let rect = input.image.extent.insetBy(dx: -k, dy: -random.int(0...6))
    return record(
      input.image.clampedToExtent().cropped(to: rect), "crop(clamp(\(input.name)), \(rect))")
  }

  /// Two crops of one image side by side (split screen, before/after).
  private mutating func split(_ input: (image: Image, name: String)) -> (
    image: Image, name: String
  ) {
    let e = input.image.extent
    guard e.width >= 2 else { return crop(input) }
    let cut = random.int(1...(e.width - 1))
    let left = Rect(x: e.minX, y: e.minY, width: cut, height: e.height)
    let right = Rect(x: e.minX + cut, y: e.minY, width: e.width - cut, height: e.height)
    let a = record(input.image.cropped(to: left), "crop(\(input.name), \(left))")
    let b = record(input.image.cropped(to: right), "crop(\(input.name), \(right))")
    return composite(b, a)
  }

  // MARK: Steps with two inputs

  private mutating func composite(
    _ top: (image: Image, name: String), _ bottom: (image: Image, name: String)
  ) -> (image: Image, name: String) {
    if random.chance(0.5) {
      return record(top.image.composited(over: bottom.image), "over(\(top.name), \(bottom.name))")
    }
    let kernel = BlendModeKernel(
      mode: random.pick(BlendMode.allCases), opacity: random.pick([1, 0.6]))
    if [.hue, .saturation, .color, .luminosity].contains(kernel.mode) { magnifiesRounding = true }
    return record(
      top.image.composited(over: bottom.image, using: kernel),
      "blend(\(top.name), \(bottom.name), \(kernel.mode), opacity \(kernel.opacity))")
  }

  private mutating func screen(
    _ a: (image: Image, name: String), _ b: (image: Image, name: String)
  ) -> (image: Image, name: String) {
    let k = RandomKernels.Screen(transfer: random.chance(0.5) ? .linear : .sRGB)
    return record(
      a.image.applying(k, with: [b.image]), "screen(\(a.name), \(b.name), \(k.transfer))")
  }
}
