import LumenCore

/// A look from the built-in library (``LookLibrary/builtIn``) by id, mixed with the original
/// by intensity: `lumen render IN --filter 'look name=noir intensity=0.8'`.
///
/// Applied as a ``ColorCubeKernel`` on sRGB-encoded colour (tetrahedral), so it fuses with the
/// colour filters around it into one pass. Intensity defaults to 1, the look as designed
/// (img.ly's editors open looks at 0.75). The descriptor lists the library's ids as the
/// choices of `name`, so user interfaces and `lumen filters --json` see every look.
public struct LookFilter: Filter {
  public static let descriptor: FilterDescriptor = {
    let ids = (try? LookLibrary.builtIn)?.ids ?? []
    return FilterDescriptor(
      name: "look", displayName: "Look", folder: "Looks",
      summary: "A built-in look (or one of LUMEN_LOOKS) as a colour cube, mixed by intensity.",
      parameters: [
        .choice(
          "name", options: ids, default: ids.first ?? "",
          doc: "The look's id (`lumen looks --list` shows names and folders)."),
        .scalar(
          "intensity", range: 0...1, default: 1, identity: 0,
          doc: "0 leaves the image, 1 is the full look: original + intensity * (look - original)."),
      ])
  }()

  public let look: Look
  public let intensity: Double
  /// The look's cube, baked once when the filter is made.
  public let cube: ColorCube

  /// The filter for `look` (baking its recipe, if it has one).
  public init(look: Look, intensity: Double = 1) throws(LookError) {
    self.look = look
    self.intensity = intensity
    self.cube = try look.cube()
  }

  /// Fails with the library's own error when the manifest could not be loaded, or the look's
  /// when its recipe or LUT cannot be made into a cube.
  public init(_ values: ParameterValues) throws(FilterError) {
    func failure(_ error: LookError) -> FilterError {
      .invalidValue(
        filter: Self.descriptor.name, parameter: "name",
        value: values["name"]?.description ?? "", expected: "a usable look (\(error))")
    }
    let library: LookLibrary
    do throws(LookError) { library = try LookLibrary.builtIn } catch { throw failure(error) }
    let v = try values.resolved(for: Self.descriptor)
    let name = try v.string("name")
    let intensity = try v.double("intensity")
    do throws(LookError) {
      try self.init(look: library.look(name), intensity: intensity)
    } catch {
      throw failure(error)
    }
  }

  public func apply(to image: Image) throws -> Image {
    try Self.descriptor.check("intensity", intensity)
    return image.applying(cube, intensity: Float(intensity))
  }
}
