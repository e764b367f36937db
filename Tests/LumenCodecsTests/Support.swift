import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// Shared helpers for the codec tests: fixtures made at test time, Pillow's decode and pixel
/// comparisons (running tools, scratch folders and PSNR: LumenTestSupport).
enum Support {
  /// A deterministic photo-like test image: smooth gradients, a hard edge and some texture.
  static func testBitmap(width: Int = 64, height: Int = 48, format: PixelFormat = .rgb8) -> Bitmap {
    Bitmap(width: width, height: height, format: format) { bytes in
      var seed: UInt32 = 12345
      for y in 0..<height {
        for x in 0..<width {
          seed = seed &* 1_103_515_245 &+ 12345
          let noise = Double(seed >> 16 & 15) / 255
          let values: [Double] = [
            Double(x) / Double(width - 1), Double(y) / Double(height - 1),
            x < width / 2 ? 0.8 - noise : 0.2 + noise, Double(x + y) / Double(width + height),
          ]
          for channel in 0..<format.channels {
            let index = (y * width + x) * format.channels + channel
            switch format.sample {
            case .uint8:
              bytes.storeBytes(
                of: UInt8((values[channel] * 255).rounded()), toByteOffset: index, as: UInt8.self)
            case .uint16:
              bytes.storeBytes(
                of: UInt16((values[channel] * 65535).rounded()), toByteOffset: 2 * index,
                as: UInt16.self)
            case .float32:
              bytes.storeBytes(of: Float(values[channel]), toByteOffset: 4 * index, as: Float.self)
            }
          }
        }
      }
    }
  }

  static func bytes(of bitmap: Bitmap) -> [UInt8] {
    bitmap.withUnsafeBytes { [UInt8]($0) }
  }

  /// Largest absolute difference between two equally long 8-bit sample arrays.
  static func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    precondition(a.count == b.count, "sizes differ: \(a.count) vs \(b.count)")
    return zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
  }

  /// Decodes `file` with Pillow (optionally converting from `icc` to sRGB, or turning it upright
  /// by its EXIF orientation) and returns its width, height and 8-bit RGB or RGBA samples.
  static func pillowDecode(_ file: URL, icc: URL? = nil, transpose: Bool = false) throws -> (
    Int, Int, [UInt8]
  ) {
    let raw = file.appendingPathExtension("pillow.raw")
    let options = (icc.map { ["--icc", $0.path] } ?? []) + (transpose ? ["--transpose"] : [])
    let output = try Oracle.runScript("codecs_decode.py", [file.path, raw.path] + options)
    let fields = output.split(separator: " ")
    guard fields.count == 3, let width = Int(fields[0]), let height = Int(fields[1]) else {
      throw ToolFailure("unexpected oracle output: \(output)")
    }
    return (width, height, [UInt8](try Data(contentsOf: raw)))
  }

  /// Reads a binary PPM (P6, 8-bit), as `djpeg -pnm` writes.
  static func readPPM(_ data: Data) throws -> (Int, Int, [UInt8]) {
    let bytes = [UInt8](data)
    var fields: [Int] = []
    var index = 2
    while fields.count < 3 {
      while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
      var value = 0
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
        value = value * 10 + Int(bytes[index] - 0x30)
        index += 1
      }
      fields.append(value)
    }
    guard bytes.starts(with: Array("P6".utf8)), fields[2] == 255 else {
      throw ToolFailure("not an 8-bit P6 PPM")
    }
    return (fields[0], fields[1], Array(bytes[(index + 1)...]))
  }

  /// Expects `body` to fail with a ``CodecError`` and returns it.
  static func codecError(_ body: () throws -> Void) -> CodecError? {
    do {
      try body()
      return nil
    } catch let error as CodecError {
      return error
    } catch {
      return nil
    }
  }
}
