import CLumenShims
import Foundation
import LumenCore

/// An SVG document, drawn by librsvg at whatever size it is placed: a sticker stays sharp at
/// any scale, and a preview and an export draw the same shapes.
///
/// The document may not load external files (it is parsed from bytes, without a base
/// location). librsvg runs in a child process for each measuring and drawing (see
/// lumen_svg.h): Debian's librsvg aborts on some documents, which must not end a server.
public final class SVGImage: Sendable {
  /// The largest document read: hand-drawn stickers are kilobytes.
  public static let maxByteCount = 8 << 20
  /// The most pixels, and the longest side, one drawing may have: a layer placed larger is
  /// drawn at the most this allows and scaled up.
  public static let maxPixelCount = 32 << 20
  public static let maxSide = 32768
  /// Where the document came from, for messages.
  public let name: String
  /// The document's own size in CSS pixels (its width and height, else its viewBox's).
  public let width: Double
  public let height: Double
  /// The document's bytes: librsvg parses them again in the process that draws them.
  private let data: Data

  /// Parses `data` (an SVG document) named `name` in messages.
  public init(data: Data, name: String) throws(CodecError) {
    self.name = name
    guard data.count <= Self.maxByteCount else {
      throw CodecError(
        file: name, problem: .unsupported("an SVG of more than \(Self.maxByteCount >> 20) MB"))
    }
    self.data = data
    var width = 0.0
    var height = 0.0
    var message = [CChar](repeating: 0, count: 256)
    let measured = Self.withBytes(of: data) {
      lumen_svg_measure($0, $1, &width, &height, &message, message.count)
    }
    guard measured != 0 else {
      throw CodecError(file: name, problem: .corrupt(Self.text(message)))
    }
    guard width.isFinite, height.isFinite, width > 0, height > 0 else {
      throw CodecError(
        file: name, problem: .corrupt("the SVG's size is \(width) x \(height), not positive"))
    }
    self.width = width
    self.height = height
  }

  /// Starts librsvg's helper processes now, up to `count` (one per processor at most), so that
  /// the first documents measured and drawn do not wait for them: for a caller that knows that
  /// as many SVG documents may be drawn at once, while it does other work. Returns at once:
  /// the helpers are started on a thread of their own.
  public static func prepare(helpers count: Int) {
    lumen_svg_prepare(Int32(clamping: count))
  }

  /// Reads and parses the SVG file at `path` (a regular file of at most ``maxByteCount``).
  public convenience init(contentsOf path: String) throws(CodecError) {
    let data: Data
    do {
      data = try RegularFile.contents(of: path, limit: Self.maxByteCount)
    } catch {
      throw CodecError(file: path, problem: .io(error.reason))
    }
    try self.init(data: data, name: path)
  }

  /// The size to draw at for a placement `width` x `height` pixels large: that size, rounded,
  /// at least a pixel, and scaled down (keeping its shape) to within the limits.
  public static func drawingSize(width: Double, height: Double) -> (width: Int, height: Int) {
    let w = width.isFinite ? max(1, width) : 1
    let h = height.isFinite ? max(1, height) : 1
    let scale = min(
      1, Double(maxSide) / max(w, h), (Double(maxPixelCount) / (w * h)).squareRoot())
    return (max(1, Int((w * scale).rounded(.down))), max(1, Int((h * scale).rounded(.down))))
  }

  /// Whether `reference` names an SVG file (by its extension, as documents name stickers).
  public static func names(_ reference: String) -> Bool {
    reference.lowercased().hasSuffix(".svg")
  }

  /// The whole document stretched to `width` x `height` pixels, straight-alpha RGBA; or, given
  /// a `placement`, drawn where that map takes its unit square (0 to 1 across its width and
  /// down its height) in those pixels: turned or mirrored as vectors, so its edges stay as
  /// sharp as an upright drawing's.
  public func bitmap(width: Int, height: Int, placement: LumenCore.AffineTransform? = nil)
    throws(CodecError) -> Bitmap
  {
    guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height),
      width * height <= Self.maxPixelCount
    else {
      throw CodecError(
        file: name,
        problem: .tooLarge(width: width, height: height, limit: Self.maxPixelCount))
    }
    // From the document's user units (its intrinsic size) to the pixels, in cairo's order.
    let matrix = placement.map { placement in
      let m = LumenCore.AffineTransform(scaleX: 1 / self.width, y: 1 / self.height)
        .concatenating(placement)
      return [m.a, m.b, m.c, m.d, m.tx, m.ty]
    }
    var failure = [CChar](repeating: 0, count: 256)
    var drawn = Int32(0)
    let bitmap = Bitmap(width: width, height: height, format: .rgba8) { bytes in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
      drawn = Self.withBytes(of: data) { data, size in
        if let matrix {
          matrix.withUnsafeBufferPointer {
            lumen_svg_render(
              data, size, Int32(width), Int32(height), $0.baseAddress, base, &failure,
              failure.count)
          }
        } else {
          lumen_svg_render(
            data, size, Int32(width), Int32(height), nil, base, &failure, failure.count)
        }
      }
    }
    guard drawn != 0 else {
      throw CodecError(file: name, problem: .corrupt(Self.text(failure)))
    }
    return bitmap
  }

  /// `body` given the document's bytes and their count: a valid pointer even for none, which
  /// librsvg refuses.
  private static func withBytes(
    of data: Data, _ body: (UnsafePointer<UInt8>, Int) -> Int32
  ) -> Int32 {
    let bytes = data.isEmpty ? Data([0]) : data
    return bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
      return body(base, data.count)
    }
  }

  /// A C message buffer as text.
  private static func text(_ message: [CChar]) -> String {
    String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
