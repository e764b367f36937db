import Foundation
import LumenCodecs
import LumenCore

/// libFuzzer entry for animated stickers (GIF through giflib, WebP through libwebp's animation
/// decoder): any bytes either decode, within a 64 MB budget, to frames of the canvas's size in
/// order of their start, each shown at its own time and playing within the loop count, or are
/// refused with a ``CodecError`` of one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnimation(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let animation: AnimatedImage
  do {
    animation = try AnimatedImage(
      data: Data(bytes: data, count: size), name: "fuzz.gif",
      options: DecodeOptions(memoryBudget: 64 << 20))
  } catch {
    expectReadable(error)
    return 0
  }
  expect(!animation.frames.isEmpty, "an animation without frames")
  expect(animation.loopCount.map { $0 > 0 } ?? true, "a loop count that is not positive")
  var end = 0.0
  for (index, frame) in animation.frames.enumerated() {
    expect(
      frame.bitmap.width == animation.width && frame.bitmap.height == animation.height
        && frame.bitmap.format == .rgba8, "frame \(index) is not the canvas")
    expect(frame.start.isFinite && frame.duration.isFinite, "a time that is not finite")
    // Starts are exact in the file's units (hundredths, milliseconds), sums of seconds not.
    expect(
      frame.duration >= 0 && abs(frame.start - end) <= 1e-6 * max(1, end),
      "frame \(index) starts at \(frame.start), not \(end)")
    end = frame.start + frame.duration
    // A moment inside the frame shows it (or a later one of no length).
    if frame.duration > 0 {
      let shown = animation.frameIndex(at: frame.start + frame.duration / 2)
      expect(
        shown >= index && animation.frames[shown].start <= frame.start + frame.duration / 2,
        "the middle of frame \(index) shows frame \(shown)")
    }
  }
  for time in [-1, 0, .nan, .infinity, 1e300, end * 3.5] {
    expect(animation.frames.indices.contains(animation.frameIndex(at: time)), "no frame at \(time)")
  }
  return 0
}
