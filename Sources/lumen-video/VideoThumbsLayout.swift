import Foundation
import LumenCommandLine

/// The strip `lumen video thumbs` draws, sized and checked before anything is decoded or
/// allocated: a picture that claims no size or an absurd shape is refused as the file's fault,
/// and a strip (with a decoded frame and a cell beside it) larger than the render context's
/// memory budget as the options' fault. Without the checks a 4 KB file claiming 65535x1, or
/// `-n 1000 --height 4096`, asked for tens of gigabytes.
enum VideoThumbsLayout {
  /// Cells wider than this are refused (a picture at least ~100 times wider than tall).
  static let widestCell = 16_384
  /// Bytes per pixel of a decoded frame at most (16-bit RGBA).
  static let frameBytesPerPixel = 8

  /// The width of each of `count` cells `height` pixels high, side by side in the strip.
  static func cellWidth(
    file: String, display: (width: Int, height: Int), height: Int, count: Int, budget: Int
  ) throws -> Int {
    guard display.width > 0, display.height > 0 else {
      throw CommandFailure(
        "\(file): the video stream declares no picture size (\(display.width)x\(display.height))")
    }
    let width = (Double(height) * Double(display.width) / Double(display.height)).rounded()
    guard width <= Double(Self.widestCell) else {
      throw CommandFailure(
        "\(file): a \(display.width)x\(display.height) picture is too wide for thumbnails"
          + " \(height) pixels high")
    }
    let cellWidth = max(1, Int(width))
    let frame = Self.bytes(display.width, display.height, Self.frameBytesPerPixel)
    guard frame <= budget else {
      throw CommandFailure(
        "\(file): a \(display.width)x\(display.height) frame needs \(Self.text(frame)),"
          + " more than the memory budget of \(Self.text(budget))")
    }
    let needed = Self.bytes(cellWidth &* (count + 1), height, 3) + frame
    guard needed <= budget else {
      throw UsageError(
        "\(count) thumbnails \(height) pixels high need \(Self.text(needed)), more than the"
          + " memory budget of \(Self.text(budget)): use a smaller -n or --height")
    }
    return cellWidth
  }

  /// `width * height * bytesPerPixel`, or `Int.max` where that overflows.
  private static func bytes(_ width: Int, _ height: Int, _ bytesPerPixel: Int) -> Int {
    let (pixels, over) = width.multipliedReportingOverflow(by: height)
    let (bytes, overAgain) = pixels.multipliedReportingOverflow(by: bytesPerPixel)
    return over || overAgain ? .max : bytes
  }

  private static func text(_ bytes: Int) -> String {
    bytes == .max ? "more than 9 EB" : String(format: "%.1f MB", Double(bytes) / 1e6)
  }
}
