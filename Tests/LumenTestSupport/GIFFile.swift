import Foundation

/// GIF animations written for tests, byte by byte: solid frames that fill the canvas, each a
/// colour of the global table. The image data is LZW with a clear code before the table
/// would grow, so every code is 9 bits wide (valid for every decoder, just not compressed).
public enum GIFFile {
  /// A `width` x `height` animation of `frames` (an sRGB colour and a delay in hundredths of a
  /// second each), repeating forever.
  public static func solidFrames(
    width: Int, height: Int, frames: [(red: UInt8, green: UInt8, blue: UInt8, hundredths: Int)]
  ) -> Data {
    precondition(frames.count <= 256 && width < 65536 && height < 65536)
    func word(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    var bytes = Array("GIF89a".utf8) + word(width) + word(height) + [0xF7, 0, 0]
    var palette = [UInt8](repeating: 0, count: 256 * 3)
    for (index, frame) in frames.enumerated() {
      palette.replaceSubrange(
        (index * 3)..<(index * 3 + 3), with: [frame.red, frame.green, frame.blue])
    }
    bytes += palette
    bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
    for (index, frame) in frames.enumerated() {
      bytes += [0x21, 0xF9, 4, 0] + word(frame.hundredths) + [0, 0]
      bytes += [0x2C] + word(0) + word(0) + word(width) + word(height) + [0, 8]
      bytes += subBlocks(lzw(UInt8(index), count: width * height))
    }
    return Data(bytes + [0x3B])
  }

  /// `count` copies of `index` as 9-bit LZW codes (minimum code size 8: clear is 256, end
  /// 257), a clear code every 254 codes so the width never grows.
  static func lzw(_ index: UInt8, count: Int) -> [UInt8] {
    var codes: [Int] = []
    for n in 0..<count {
      if n % 254 == 0 { codes.append(256) }
      codes.append(Int(index))
    }
    codes.append(257)
    return pack(codes, bits: 9)
  }

  /// LZW `codes` of `bits` bits each, packed least significant bit first (as GIF stores them).
  public static func pack(_ codes: [Int], bits width: Int) -> [UInt8] {
    var packed: [UInt8] = []
    var (buffer, bits) = (0, 0)
    for code in codes {
      buffer |= code << bits
      bits += width
      while bits >= 8 {
        packed.append(UInt8(buffer & 0xFF))
        buffer >>= 8
        bits -= 8
      }
    }
    if bits > 0 { packed.append(UInt8(buffer & 0xFF)) }
    return packed
  }

  /// `data` in sub-blocks of at most 255 bytes, then the empty block.
  public static func subBlocks(_ data: [UInt8]) -> [UInt8] {
    stride(from: 0, to: data.count, by: 255).flatMap { start -> [UInt8] in
      let end = min(start + 255, data.count)
      return [UInt8(end - start)] + data[start..<end]
    } + [0]
  }
}
