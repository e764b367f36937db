import Foundation
import LumenCore
import LumenEdit
import LumenVideo

/// The per-frame cost of a video edit without the decoder and encoder beside it: ten frames
/// decoded into memory, then edited (adjustments + the look of `cube`) and rendered to 8-bit
/// RGB on one thread, in ten passes (the first fills the colour memo, as a movie's first frames
/// do; the median shows the steady state).
func benchmarkFrames(video: String, cube: String) throws {
  let reader = try VideoFrameReader(contentsOf: URL(fileURLWithPath: video))
  var frames: [VideoFrame] = []
  while frames.count < 10, let frame = try reader.next() { frames.append(frame) }
  let (document, resources) = try gradeEdit(cube: cube)
  let context = RenderContext(threadCount: 1)
  var times: [Double] = []
  for _ in 0..<10 {
    let start = Date()
    for frame in frames {
      let image = try document.apply(to: frame.image, resources: resources, context: context)
      _ = try context.bitmap(of: image, format: .rgb8)
    }
    times.append(Date().timeIntervalSince(start) * 1000 / Double(frames.count))
  }
  let first = times.removeFirst()
  times.sort()
  print(
    String(
      format: "%dx%d frame edit: first pass %.2f ms a frame, then median %.2f, min %.2f",
      frames[0].bitmap.width, frames[0].bitmap.height, first, times[times.count / 2], times[0]))
}
