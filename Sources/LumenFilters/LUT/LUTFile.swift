import Foundation
import LumenCore

/// Reading and writing LUT files in any ``LUTLayout``. Image files go through the caller's
/// codec (`decode`, `encode`), which keeps LumenFilters free of LumenCodecs.
public enum LUTFile {
  /// The layout a file's extension implies: `.cube` text; nil for images, whose layout must
  /// be declared.
  public static func impliedLayout(of url: URL) -> LUTLayout? {
    url.pathExtension.lowercased() == "cube" ? .cube(size: nil) : nil
  }

  /// Reads the LUT at `url`, stored in `layout` (nil: implied by the extension).
  public static func read(
    _ url: URL, layout: LUTLayout? = nil, decode: (URL) throws -> Bitmap
  ) throws -> CubeFile {
    switch layout ?? impliedLayout(of: url) {
    case .cube?:
      return try CubeFile(contentsOf: url)
    case nil:
      throw LUTError(
        file: url.path,
        problem: .badLayout(
          "declare the layout of a LUT image (hald, tiled8x8, tiled:TILESxLEVELS):"
            + " it is never guessed"))
    case .hald(let level)?:
      let bitmap = try decode(url)
      let layout =
        try level.map { LUTImageLayout.hald(level: $0) }
        ?? attributed(url) { () throws(LUTError) in
          try LUTImageLayout.hald(width: bitmap.width, height: bitmap.height)
        }
      return try image(bitmap, layout: layout, url: url)
    case .tiled(let tiles)?:
      return try image(decode(url), layout: .tiled(tiles), url: url)
    }
  }

  /// Writes `file` to `url` in `layout` (nil: implied by the extension); images get `sample`
  /// depth and are encoded by `encode`.
  public static func write(
    _ file: CubeFile, to url: URL, layout: LUTLayout? = nil, sample: SampleType = .uint8,
    encode: (Bitmap, URL) throws -> Void
  ) throws {
    guard let layout = layout ?? impliedLayout(of: url) else {
      throw LUTError(
        file: url.path,
        problem: .badLayout("declare the layout of a LUT image (hald, tiled8x8, tiled:...)"))
    }
    guard let geometry = layout.imageLayoutForWriting else {
      if case .cube(let size?) = layout {
        try CubeFile(title: file.title, lut: .cube(file.lut.cube(size: size))).write(to: url)
      } else {
        try file.write(to: url)
      }
      return
    }
    let cube = file.lut.cube(size: geometry.cubeSize)
    try encode(cube.image(layout: geometry, sample: sample), url)
  }

  private static func image(_ bitmap: Bitmap, layout: LUTImageLayout, url: URL) throws(LUTError)
    -> CubeFile
  {
    try attributed(url) { () throws(LUTError) in
      CubeFile(lut: .cube(try ColorCube(image: bitmap, layout: layout)))
    }
  }

  private static func attributed<T>(_ url: URL, _ body: () throws(LUTError) -> T) throws(LUTError)
    -> T
  {
    do {
      return try body()
    } catch {
      throw error.naming(url.path)
    }
  }
}
