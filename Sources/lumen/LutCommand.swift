import Foundation
import LumenCodecs
import LumenCommandLine
import LumenCore
import LumenFilters

/// `lumen lut identity|convert|info ...`: LUT files in `.cube`, HaldCLUT and tiled layouts.
enum LutCommand {
  static let layoutHelp = """
    LAYOUT: cube | cube:SIZE | hald | hald:LEVEL (2...16) | tiled8x8 | tiled:TILESxLEVELS \
    (e.g. tiled:8x64, tiled:5x25). Images always need a declared layout (a 512x512 image may \
    be a level-8 Hald or 8x8 tiles); .cube files are recognised by their extension.
    """

  static let output = Option.value(
    "output", short: "o", "OUT", .path, required: true,
    help: "the LUT file to write: .cube, or an image in the format of its extension")
  static let depth = Option.value(
    "depth", "8|16", .choice(["8", "16"]), default: "8", help: "bits per sample of a LUT image")
  static let overwrite = Option.flag("overwrite", help: "replaces OUT when it exists")

  static let command = Command(
    name: "lut", summary: "3D LUTs: identity images to grade, conversions, facts.",
    notes: layoutHelp,
    subcommands: [
      Command(
        name: "identity", summary: "Writes the identity LUT, to grade in any photo tool.",
        options: [
          output,
          .value(
            "layout", "LAYOUT", .text,
            help:
              "default: tiled8x8 for images (512x512, 8x8 tiles of 64 levels), cube:33 for .cube"),
          depth, overwrite,
        ],
        notes: """
          Grade OUT in any photo tool, then apply the graded copy with \
          `lumen render IN --look GRADED --look-layout LAYOUT -o OUT`.

          \(layoutHelp)
          """,
        run: identity),
      Command(
        name: "convert", summary: "Converts between .cube, HaldCLUT and tiled LUT images.",
        positionals: .one("IN", help: "the LUT to read"),
        options: [
          output,
          .value("in-layout", "LAYOUT", .text, help: "the layout of IN (required for images)"),
          .value(
            "out-layout", "LAYOUT", .text,
            help: "the layout of OUT (default: tiled8x8 for images, cube for .cube)"),
          depth, overwrite,
        ],
        notes: "The LUT is resampled when the sizes differ.\n\n\(layoutHelp)", run: convert),
      Command(
        name: "info",
        summary: "Describes a LUT: size, kind, domain, title, identity or not.",
        positionals: .one("FILE", help: "the LUT to read"),
        options: [
          .value("layout", "LAYOUT", .text, help: "the layout of FILE (required for images)")
        ],
        notes: "Identity means within half an 8-bit level.\n\n\(layoutHelp)", run: info),
    ])

  private static func identity(_ args: ParsedArguments) throws {
    let output = URL(fileURLWithPath: try args.required("output"))
    let layout = try layout(args, "layout") ?? defaultLayout(for: output)
    let size =
      switch layout {
      case .cube(let size): size ?? 33
      case .hald(let level): (level ?? 8) * (level ?? 8)
      case .tiled(let tiles): tiles.levels
      }
    let file = CubeFile(title: "Lumen identity", lut: .cube(.identity(size: size)))
    try write(file, to: output, layout: layout, args: args)
  }

  private static func convert(_ args: ParsedArguments) throws {
    let input = try args.firstPositional()
    let output = URL(fileURLWithPath: try args.required("output"))
    let inputURL = URL(fileURLWithPath: input)
    guard inputURL.standardizedFileURL != output.standardizedFileURL else {
      throw CommandFailure("lut convert: the output is the input file")
    }
    let inLayout = try layout(args, "in-layout")
    let outLayout = try layout(args, "out-layout")
    let file = try LutImages.read(inputURL, layout: inLayout)
    try write(file, to: output, layout: outLayout ?? defaultLayout(for: output), args: args)
  }

  private static func info(_ args: ParsedArguments) throws {
    let path = try args.firstPositional()
    let file = try LutImages.read(URL(fileURLWithPath: path), layout: layout(args, "layout"))
    func triple(_ v: SIMD3<Float>) -> String { "\(v.x) \(v.y) \(v.z)" }
    let (kind, domainMin, domainMax) =
      switch file.lut {
      case .cube(let cube): ("3D, \(cube.size)^3", cube.domainMin, cube.domainMax)
      case .channels(let table): ("1D, \(table.size) entries", table.domainMin, table.domainMax)
      }
    print("file        \(path)")
    print("kind        \(kind)")
    print("domain      \(triple(domainMin)) ... \(triple(domainMax))")
    print("title       \(file.title ?? "none")")
    print("identity    \(file.lut.isIdentity(tolerance: 0.5 / 255) ? "yes" : "no")")
  }

  private static func write(
    _ file: CubeFile, to url: URL, layout: LUTLayout, args: ParsedArguments
  ) throws {
    if !args.has("overwrite") && FileManager.default.fileExists(atPath: url.path) {
      throw CommandFailure("\(url.path) exists (add --overwrite to replace it)")
    }
    let deep = args.string("depth") == "16"
    try LUTFile.write(file, to: url, layout: layout, sample: deep ? .uint16 : .uint8) {
      bitmap, url in
      try ImageFile.write(bitmap, to: url, overwrite: true)
    }
  }

  /// The layout option `name`, read now so that a mistyped layout is a usage error.
  static func layout(_ args: ParsedArguments, _ name: String) throws(UsageError) -> LUTLayout? {
    guard let text = args.string(name) else { return nil }
    do {
      return try LUTLayout(parsing: text)
    } catch {
      throw UsageError("--\(name) \(UsageError.quoted(text)): \(error)")
    }
  }

  private static func defaultLayout(for url: URL) -> LUTLayout {
    LUTFile.impliedLayout(of: url) ?? .tiled(.classic)
  }
}

/// LUT files read with LumenCodecs decoding the images.
enum LutImages {
  static func read(_ url: URL, layout: LUTLayout?) throws -> CubeFile {
    try LUTFile.read(url, layout: layout) { url in try ImageFile.read(url).bitmap }
  }
}

/// `render --look LUT [--look-layout L] [--look-intensity X] [--look-interpolation I]`: a LUT
/// applied after the filters.
struct LookOption {
  let lut: ColorLUT
  let interpolation: CubeInterpolation
  let intensity: Float

  static let options: [Option] = [
    .value("look", "LUT", .path, help: "a LUT applied after the filters"),
    .value("look-layout", "LAYOUT", .text, help: "the layout of a LUT image: \(layouts)"),
    .value(
      "look-intensity", "X", .number(0...1), default: "1",
      help: "how much of the look (0 none, 1 all)"),
    .value(
      "look-interpolation", "", .choice(CubeInterpolation.allCases.map(\.rawValue)),
      default: CubeInterpolation.tetrahedral.rawValue, help: "how the LUT's grid is interpolated"),
  ]
  static let layouts = "cube, cube:SIZE, hald, hald:LEVEL, tiled8x8 or tiled:TILESxLEVELS"

  /// The look the arguments ask for, or nil without `--look`; loads the LUT file at once so
  /// that a bad LUT fails before the photo is decoded.
  init?(_ args: ParsedArguments) throws {
    guard let path = args.string("look") else {
      for option in ["look-layout", "look-intensity", "look-interpolation"] where args.has(option) {
        throw UsageError("--\(option) needs --look LUT")
      }
      return nil
    }
    let layout = try LutCommand.layout(args, "look-layout")
    lut = try LutImages.read(URL(fileURLWithPath: path), layout: layout).lut
    interpolation =
      args.string("look-interpolation").flatMap(CubeInterpolation.init(rawValue:)) ?? .tetrahedral
    intensity = Float(args.number("look-intensity") ?? 1)
  }

  func apply(to image: Image) -> Image {
    image.applying(lut, interpolation: interpolation, intensity: intensity)
  }
}
