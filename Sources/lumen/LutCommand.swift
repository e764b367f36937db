import Foundation
import LumenCodecs
import LumenCore
import LumenFilters

/// `lumen lut identity|convert|info ...`: LUT files in `.cube`, HaldCLUT and tiled layouts.
enum LutCommand {
  static let usage = """
    lumen lut identity [--layout LAYOUT] [--depth 8|16] -o OUT [--overwrite]
      Writes the identity LUT: grade OUT in any photo tool, then apply the graded copy with
      `lumen render IN --look GRADED --look-layout LAYOUT -o OUT`. Default layout: tiled8x8
      for images (the 512x512 8x8 tiles of 64 levels), cube:33 for .cube.
    lumen lut convert IN -o OUT [--in-layout LAYOUT] [--out-layout LAYOUT] [--depth 8|16]
                      [--overwrite]
      Converts between .cube, HaldCLUT and tiled images (resampling when the sizes differ).
    lumen lut info FILE [--layout LAYOUT]
      Size, kind, domain, title, and whether the LUT is the identity (within half an 8-bit level).
    LAYOUT: cube | cube:SIZE | hald | hald:LEVEL (2...16) | tiled8x8 | tiled:TILESxLEVELS
      (e.g. tiled:8x64, tiled:5x25). Images always need a declared layout (a 512x512 image
      may be a level-8 Hald or 8x8 tiles); .cube files are recognised by their extension.
    """

  static func run(_ words: [String]) throws {
    guard let command = words.first else { throw UsageError("lut needs a command\n\(usage)") }
    let args = try Arguments(
      Array(words.dropFirst()),
      valued: ["o", "output", "layout", "in-layout", "out-layout", "depth"],
      switches: ["overwrite"])
    switch command {
    case "identity": try identity(args)
    case "convert": try convert(args)
    case "info": try info(args)
    case "help": print(usage)
    default: throw UsageError("unknown lut command \"\(command)\"\n\(usage)")
    }
  }

  private static func identity(_ args: Arguments) throws {
    guard args.positional.isEmpty else { throw UsageError("lut identity takes no input file") }
    let output = try outputURL(args)
    let layout = try layout(args.value("layout")) ?? defaultLayout(for: output)
    let size =
      switch layout {
      case .cube(let size): size ?? 33
      case .hald(let level): (level ?? 8) * (level ?? 8)
      case .tiled(let tiles): tiles.levels
      }
    let file = CubeFile(title: "Lumen identity", lut: .cube(.identity(size: size)))
    try write(file, to: output, layout: layout, args: args)
  }

  private static func convert(_ args: Arguments) throws {
    guard args.positional.count == 1, let input = args.positional.first else {
      throw UsageError("lut convert needs exactly one input file")
    }
    let output = try outputURL(args)
    let inputURL = URL(fileURLWithPath: input)
    guard inputURL.standardizedFileURL != output.standardizedFileURL else {
      throw UsageError("lut convert: the output is the input file")
    }
    let file = try LutImages.read(inputURL, layout: layout(args.value("in-layout")))
    let layout = try layout(args.value("out-layout")) ?? defaultLayout(for: output)
    try write(file, to: output, layout: layout, args: args)
  }

  private static func info(_ args: Arguments) throws {
    guard args.positional.count == 1, let path = args.positional.first else {
      throw UsageError("lut info needs exactly one file")
    }
    let file = try LutImages.read(URL(fileURLWithPath: path), layout: layout(args.value("layout")))
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

  private static func write(_ file: CubeFile, to url: URL, layout: LUTLayout, args: Arguments)
    throws
  {
    if !args.has("overwrite") && FileManager.default.fileExists(atPath: url.path) {
      throw UsageError("\(url.path) exists (add --overwrite to replace it)")
    }
    let depth = try args.integer("depth", in: 8...16) ?? 8
    guard depth == 8 || depth == 16 else { throw UsageError("--depth must be 8 or 16") }
    try LUTFile.write(file, to: url, layout: layout, sample: depth == 16 ? .uint16 : .uint8) {
      bitmap, url in
      try ImageFile.write(bitmap, to: url, overwrite: true)
    }
  }

  private static func outputURL(_ args: Arguments) throws -> URL {
    guard let path = args.value("o") ?? args.value("output") else {
      throw UsageError("lut needs an output file: -o OUT")
    }
    return URL(fileURLWithPath: path)
  }

  private static func layout(_ text: String?) throws -> LUTLayout? {
    try text.map { try LUTLayout(parsing: $0) }
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

  /// The look the arguments ask for, or nil without `--look`; loads the LUT file at once so
  /// that a bad LUT fails before the photo is decoded.
  init?(_ args: Arguments) throws {
    guard let path = args.value("look") else {
      for option in ["look-layout", "look-intensity", "look-interpolation"]
      where args.value(option) != nil {
        throw UsageError("--\(option) needs --look LUT")
      }
      return nil
    }
    let layout = try args.value("look-layout").map { try LUTLayout(parsing: $0) }
    lut = try LutImages.read(URL(fileURLWithPath: path), layout: layout).lut
    let text = args.value("look-interpolation") ?? CubeInterpolation.tetrahedral.rawValue
    guard let interpolation = CubeInterpolation(rawValue: text) else {
      throw UsageError("--look-interpolation must be tetrahedral or trilinear, not \"\(text)\"")
    }
    self.interpolation = interpolation
    let amount = args.value("look-intensity") ?? "1"
    guard let intensity = Float(amount), (0...1).contains(intensity) else {
      throw UsageError("--look-intensity must be a number in 0...1, not \"\(amount)\"")
    }
    self.intensity = intensity
  }

  func apply(to image: Image) -> Image {
    image.applying(lut, interpolation: interpolation, intensity: intensity)
  }
}
