import Foundation
import LumenCore
import LumenTestSupport

/// Paths of the oracle tools; a test that needs one is skipped (with the reason printed by
/// Swift Testing) when it is missing.
enum Tools {
  static let rsvg = "/usr/bin/rsvg-convert"
  static let convert = ["/usr/bin/convert", "/usr/local/bin/convert"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static var hasRsvg: Bool {
    FileManager.default.isExecutableFile(atPath: rsvg) && convert != nil
  }
  static var hasConvert: Bool { convert != nil }

  /// The pixels of an image file as 8-bit straight RGBA, decoded by ImageMagick.
  static func rgba(of file: URL, width: Int, height: Int) throws -> Bitmap {
    let raw = file.deletingPathExtension().appendingPathExtension("rgba")
    try Program.output(of: convert ?? "convert", [file.path, "-depth", "8", "rgba:\(raw.path)"])
    let data = try Data(contentsOf: raw)
    guard data.count == width * height * 4 else {
      throw ToolFailure(
        "\(file.lastPathComponent): \(data.count) bytes, not \(width)x\(height) RGBA")
    }
    return Bitmap(width: width, height: height, format: .rgba8) { bytes in
      bytes.copyBytes(from: data)
    }
  }

  /// Writes an 8-bit RGBA bitmap as raw bytes ImageMagick reads with `-size WxH -depth 8 rgba:`.
  static func writeRaw(_ bitmap: Bitmap, to url: URL) throws {
    try bitmap.withUnsafeBytes { try Data($0).write(to: url) }
  }
}

/// Peak signal-to-noise ratio in dB between two 8-bit RGBA bitmaps, on premultiplied values
/// (colour under transparent pixels does not count), all four channels.
func premultipliedPSNR(_ a: Bitmap, _ b: Bitmap) -> Double {
  precondition(a.width == b.width && a.height == b.height, "sizes differ")
  var squared = 0.0
  for y in 0..<a.height {
    for x in 0..<a.width {
      let p = a.sample(x: x, y: y)
      let q = b.sample(x: x, y: y)
      for c in 0..<4 {
        let u = c == 3 ? p[3] : p[c] * p[3]
        let v = c == 3 ? q[3] : q[c] * q[3]
        let d = Double(u - v) * 255
        squared += d * d
      }
    }
  }
  let mse = squared / Double(4 * a.width * a.height)
  return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

func bytes(_ b: Bitmap) -> [UInt8] { b.withUnsafeBytes { Array($0) } }

/// A deterministic RGBA test picture: smooth gradients and a soft pattern, with alpha varying
/// across it (never 0); `smooth` leaves out the per-pixel texture.
func testPicture(width: Int, height: Int, smooth: Bool = false) -> Bitmap {
  Bitmap(width: width, height: height, format: .rgba8) { bytes in
    for y in 0..<height {
      for x in 0..<width {
        let fx = Double(x) / Double(max(1, width - 1))
        let fy = Double(y) / Double(max(1, height - 1))
        let wave = 0.5 + 0.5 * sin(Double(x) * 0.3) * cos(Double(y) * 0.2)
        let texture = smooth ? 0 : Double((x * 37 + y * 91) % 7) / 40
        let base = (y * width + x) * 4
        bytes[base] = UInt8(min(255, 255 * (0.8 * fx + texture)))
        bytes[base + 1] = UInt8(255 * (0.2 + 0.6 * fy))
        bytes[base + 2] = UInt8(255 * (smooth ? 0.3 + 0.4 * fx * fy : wave))
        bytes[base + 3] = UInt8(128 + 127 * (1 - 0.5 * fx * fy))
      }
    }
  }
}
