import Foundation
import LumenCore
import Testing

@testable import LumenFilters

/// Small images made in memory and rendered back to float pixels for exact comparisons.
enum Pixels {
  /// Float sRGB-encoded RGBA: what kernels on encoded values are checked in.
  static let encoded = PixelFormat(hasAlpha: true, sample: .float32, transfer: .sRGB)
  /// Float linear RGBA.
  static let linear = PixelFormat.rgbaFloat

  /// An image of `pixels` (RGBA, row-major) stored in `format`.
  static func image(_ pixels: [[Float]], width: Int, format: PixelFormat = encoded) -> Image {
    let height = pixels.count / width
    let bitmap = Bitmap(width: width, height: height, format: format) { bytes in
      let p = bytes.bindMemory(to: Float.self)
      for (i, px) in pixels.enumerated() {
        for c in 0..<4 { p[4 * i + c] = px[c] }
      }
    }
    return Image(bitmap: bitmap)
  }

  /// An image whose pixel (x, y) is `color(x, y)`.
  static func image(
    width: Int, height: Int, format: PixelFormat = encoded, _ color: (Int, Int) -> [Float]
  ) -> Image {
    var pixels: [[Float]] = []
    for y in 0..<height { for x in 0..<width { pixels.append(color(x, y)) } }
    return image(pixels, width: width, format: format)
  }

  /// All pixels of `image` in row-major order.
  static func render(
    _ image: Image, format: PixelFormat = encoded, optimizes: Bool = true
  ) throws -> [[Float]] {
    let bitmap = try Renderer(threadCount: 2, optimizes: optimizes).bitmap(
      of: image, format: format)
    var out: [[Float]] = []
    for y in 0..<bitmap.height {
      for x in 0..<bitmap.width { out.append(bitmap.sample(x: x, y: y)) }
    }
    return out
  }

  /// A grid of colours over 0...1 with alpha 1, plus a row of the same colours at alpha 0.5.
  static let grid: [[Float]] = {
    let levels: [Float] = [0, 0.05, 0.2, 0.5, 0.8, 1]
    var out: [[Float]] = []
    for alpha: Float in [1, 0.5] {
      for r in levels { for g in levels { for b in levels { out.append([r, g, b, alpha]) } } }
    }
    return out
  }()

  /// The largest absolute difference between two pixel lists (infinity if their sizes differ).
  static func maxDifference(_ a: [[Float]], _ b: [[Float]]) -> Float {
    guard a.count == b.count else { return .infinity }
    var worst: Float = 0
    for (p, q) in zip(a, b) {
      guard p.count == q.count else { return .infinity }
      for (x, y) in zip(p, q) { worst = max(worst, abs(x - y)) }
    }
    return worst
  }
}
