import LumenCore

/// A deterministic test picture: smooth gradients plus a hash-based texture, so that resampling
/// and tiling mistakes show.
func testBitmap(width: Int, height: Int, alpha: Bool = false, seed: UInt32 = 1) -> Bitmap {
  let format: PixelFormat = alpha ? .rgba8 : .rgb8
  return Bitmap(width: width, height: height, format: format) { bytes in
    let channels = format.channels
    for y in 0..<height {
      for x in 0..<width {
        var h =
          UInt32(truncatingIfNeeded: x &* 73_856_093) ^ UInt32(truncatingIfNeeded: y &* 19_349_663)
          ^ seed
        h = (h ^ (h >> 13)) &* 0x5bd1_e995
        let noise = Int(h >> 27)
        let base = (y * width + x) * channels
        bytes[base] = UInt8((x * 255 / max(1, width - 1) + noise) & 0xFF)
        bytes[base + 1] = UInt8((y * 255 / max(1, height - 1)) & 0xFF)
        bytes[base + 2] = UInt8(((x + y) * 3 + noise * 7) & 0xFF)
        // Never 0: fully transparent pixels have no colour to compare.
        if alpha { bytes[base + 3] = UInt8(1 + (x * 7 + y * 5) % 255) }
      }
    }
  }
}

/// All samples of a bitmap as floats (0...1 for integer formats).
func samples(_ b: Bitmap) -> [Float] {
  (0..<b.height).flatMap { y in (0..<b.width).flatMap { x in b.sample(x: x, y: y) } }
}

func bytes(_ b: Bitmap) -> [UInt8] { b.withUnsafeBytes { Array($0) } }

func maxDifference(_ a: [Float], _ b: [Float]) -> Float {
  zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) }
}

let encodedFloat = PixelFormat(hasAlpha: true, sample: .float32, transfer: .sRGB)

/// The first pixel where two bitmaps differ, described; nil when their bytes are equal.
func firstDifference(_ a: Bitmap, _ b: Bitmap) -> String? {
  guard a.width == b.width, a.height == b.height, a.format == b.format else {
    return "sizes differ: \(a.width)x\(a.height) vs \(b.width)x\(b.height)"
  }
  let (x, y) = (bytes(a), bytes(b))
  guard let i = x.indices.first(where: { x[$0] != y[$0] }) else { return nil }
  let pixel = i / a.format.bytesPerPixel
  return
    "pixel (\(pixel % a.width), \(pixel / a.width)): \(a.sample(x: pixel % a.width, y: pixel / a.width)) vs \(b.sample(x: pixel % a.width, y: pixel / a.width))"
}

/// Largest difference relative to the magnitude (at least 1) of the values compared.
func maxRelativeDifference(_ a: [Float], _ b: [Float]) -> Float {
  zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1) / max(1, abs($1.0))) }
}
