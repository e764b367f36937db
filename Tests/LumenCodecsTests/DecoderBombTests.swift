import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// Small files claiming huge pictures: refused from their headers, in one line naming the
/// file, before the decoder allocates what they claim.
struct DecoderBombTests {
  /// A 16x16 file of Lumen's, its header then rewritten to claim 16384x16384.
  static func bomb(_ fileExtension: String, _ bitmap: Bitmap, _ options: EncodeOptions) throws
    -> Data
  {
    let url = try Scratch.directory().appendingPathComponent("bomb.\(fileExtension)")
    try ImageFile.write(bitmap, to: url, options: options)
    return try Data(contentsOf: url)
  }

  /// libjpeg holds every coefficient of a progressive file whatever the output size: 1.5 GB
  /// for 16384x16384 at 4:4:4, even with DCT scaling or streaming.
  @Test(arguments: [DecodeScale.full, .eighth], [false, true])
  func progressiveJPEG(scale: DecodeScale, streaming: Bool) throws {
    var data = try Self.bomb(
      "jpg", Support.testBitmap(width: 16, height: 16),
      EncodeOptions(chroma: .s444, progressive: true))
    try JPEGBytes.setSize(of: &data, width: 16384, height: 16384)
    #expect(data.count < 2000)
    let error = Support.codecError {
      _ = try ImageFile.read(
        data: data, name: "bomb.jpg", options: DecodeOptions(scale: scale, streaming: streaming))
    }
    let text = error?.description ?? ""
    #expect(text.hasPrefix("bomb.jpg: "), "\(text)")
    #expect(text.contains("1536 MB"), "\(text)")
    #expect(text.contains("memory budget of 1024 MB"), "\(text)")
    #expect(!text.contains("\n") && text.count < 200)
  }

  /// A small progressive file within the budget still decodes.
  @Test func aSmallProgressiveJPEGDecodes() throws {
    let bitmap = Support.testBitmap(width: 64, height: 48)
    let url = try Scratch.directory().appendingPathComponent("small.jpg")
    try ImageFile.write(bitmap, to: url, options: EncodeOptions(chroma: .s444, progressive: true))
    let decoded = try ImageFile.read(url, options: DecodeOptions(streaming: true))
    let mean = Support.bytes(of: decoded.bitmap).reduce(0) { $0 + Int($1) }
    #expect(mean > 0)
  }

  /// A 16-bit RGBA PNG claiming 16384x16384 (2 GB of pixels) is refused before any is
  /// allocated.
  @Test func sixteenBitPNG() throws {
    var data = try Self.bomb(
      "png", Support.testBitmap(width: 16, height: 16, format: .rgba16),
      EncodeOptions(bitDepth: .sixteen))
    PNGBytes.setSize(of: &data, width: 16384, height: 16384)
    let error = Support.codecError {
      _ = try ImageFile.read(data: data, name: "bomb.png")
    }
    let text = error?.description ?? ""
    #expect(text.hasPrefix("bomb.png: "), "\(text)")
    #expect(text.contains("2048 MB") && text.contains("memory budget of 1024 MB"), "\(text)")
  }
}

/// Edits of PNG headers for crafted files.
enum PNGBytes {
  /// Rewrites the size in IHDR (the first chunk, after the 8-byte signature) and its CRC.
  static func setSize(of data: inout Data, width: Int, height: Int) {
    let ihdr = data.startIndex + 8
    for (offset, value) in [(8, width), (12, height)] {
      for b in 0..<4 { data[ihdr + offset + b] = UInt8(truncatingIfNeeded: value >> (24 - 8 * b)) }
    }
    let crc = crc32(data[(ihdr + 4)..<(ihdr + 21)])
    for b in 0..<4 { data[ihdr + 21 + b] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * b)) }
  }

  /// The CRC-32 of PNG chunks (ISO 3309).
  static func crc32(_ bytes: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
  }
}
