import LumenCore

/// How a look is made: colour filters applied in order, baked into a ``ColorCube`` by running
/// the identity cube through them. Only pointwise colour filters are allowed (so that the cube
/// reproduces the chain exactly, up to interpolation between grid points).
public struct LookRecipe: Hashable, Sendable {
  /// The grid size looks are baked at: 33^3 entries, the size most LUT tools exchange.
  public static let cubeSize = 33

  public let steps: [FilterRequest]

  /// The filters recipes may use: the built-in colour filters (folders Adjustments and Color
  /// Effects, which are all pointwise), never looks themselves.
  public static let registry: FilterRegistry = {
    var registry = FilterRegistry()
    let allowed: Set<FilterFolder> = [.adjustments, .colorEffects]
    for type in FilterRegistry.builtIns
    where ObjectIdentifier(type) != ObjectIdentifier(LookFilter.self)
      && allowed.contains(type.descriptor.folder)
    {
      try? registry.register(type)
    }
    return registry
  }()

  /// A recipe from filter requests as `lumen render --filter` takes them, each checked
  /// (filter known, pointwise, parameters valid); `look` names the look in errors.
  public init(_ steps: [String], look: String) throws(LookError) {
    guard !steps.isEmpty else {
      throw .invalidRecipe(look: look, step: "", reason: "the recipe has no steps")
    }
    var requests: [FilterRequest] = []
    for text in steps {
      do {
        let request = try FilterRequest.parse(text)
        guard Self.registry[request.name] != nil else {
          // Not `FilterRegistry.standard`: the built-in library's recipes are read while that
          // registry is being made (the look filter lists the looks), and asking it again
          // from inside would wait for itself forever.
          let reason =
            "'\(request.name)': unknown filter, or not a colour filter (recipes take those only)"
          throw LookError.invalidRecipe(
            look: look, step: text,
            reason: "\(reason); colour filters: \(Self.registry.names.joined(separator: ", "))")
        }
        _ = try Self.registry.makeFilter(request)
        requests.append(request)
      } catch let error as LookError {
        throw error
      } catch {
        throw .invalidRecipe(look: look, step: text, reason: "\(error)")
      }
    }
    self.steps = requests
  }

  /// The recipe's filters, in order.
  public func filters() throws(FilterError) -> [any Filter] {
    try steps.map { step throws(FilterError) in try Self.registry.makeFilter(step) }
  }

  /// The recipe sampled on a `size`^3 grid of sRGB-encoded colours: the identity cube laid out
  /// as a float image (red along x, green then blue down the rows, the order of cube entries),
  /// rendered through the filters in `context`.
  public func cube(size: Int = cubeSize, context: RenderContext = RenderContext()) throws
    -> ColorCube
  {
    let n = max(2, size)
    let format = PixelFormat(hasAlpha: false, sample: .float32, transfer: .sRGB)
    let grid = Bitmap(width: n, height: n * n, format: format) { bytes in
      let p = bytes.bindMemory(to: Float.self)
      let step = 1 / Float(n - 1)
      for i in 0..<(n * n * n) {
        p[3 * i] = Float(i % n) * step
        p[3 * i + 1] = Float(i / n % n) * step
        p[3 * i + 2] = Float(i / (n * n)) * step
      }
    }
    let image = try Image(bitmap: grid).filtered(by: filters())
    let baked = try context.bitmap(of: image, format: format)
    let values = baked.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    guard let cube = ColorCube(size: n, values: values) else {
      throw LookError.bakingFailed(
        look: "", reason: "the filters produce values that are not finite")
    }
    return cube
  }
}
