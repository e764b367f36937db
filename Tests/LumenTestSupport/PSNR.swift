import Foundation
import LumenCore

/// Peak signal-to-noise ratio in dB of two equally long lists of samples on a 0...1 scale:
/// infinite when they are equal, 0 when their lengths differ or they are empty (so that a
/// size mistake fails the comparison instead of stopping the test process). The one PSNR of
/// the tests; the overloads below feed it bitmaps and bytes.
public func psnr(_ a: some Collection<Double>, _ b: some Collection<Double>) -> Double {
  guard a.count == b.count, !a.isEmpty else { return 0 }
  var squared = 0.0
  for (p, q) in zip(a, b) { squared += (p - q) * (p - q) }
  let mse = squared / Double(a.count)
  return mse == 0 ? .infinity : 10 * log10(1 / mse)
}

/// PSNR of two bitmaps of the same size, of any formats, over their first `channels`
/// channels (RGB by default: alpha is not compared).
public func psnr(_ a: Bitmap, _ b: Bitmap, channels: Int = 3) -> Double {
  guard a.width == b.width, a.height == b.height else { return 0 }
  return psnr(samples(of: a, channels: channels), samples(of: b, channels: channels))
}

/// PSNR of two 8-bit sample buffers (`[UInt8]`, `Data`) of the same length.
public func psnr<Bytes: Collection<UInt8>>(bytes a: Bytes, _ b: Bytes) -> Double {
  psnr(a.lazy.map { Double($0) / 255 }, b.lazy.map { Double($0) / 255 })
}

/// The first `channels` samples of every pixel as 0...1 values (integer formats scaled),
/// row by row.
public func samples(of bitmap: Bitmap, channels: Int = 3) -> [Double] {
  var values: [Double] = []
  values.reserveCapacity(bitmap.width * bitmap.height * channels)
  for y in 0..<bitmap.height {
    for x in 0..<bitmap.width {
      for sample in bitmap.sample(x: x, y: y).prefix(channels) { values.append(Double(sample)) }
    }
  }
  return values
}
