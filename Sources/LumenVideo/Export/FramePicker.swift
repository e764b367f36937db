import Foundation

/// Chooses the decoded frame for each output frame: the one on screen at that moment of its
/// clip. Reading forward through each clip, it repeats frames of clips slower than the output
/// and skips frames of faster ones; a clip at the output's rate gives each frame once.
///
/// Lives on the decoding thread (its readers are used from one thread).
final class FramePicker {
  /// A clip being read: the frame on screen and the one after it.
  private struct OpenClip {
    let reader: VideoFrameReader
    var current: VideoFrame
    var upcoming: VideoFrame?
  }

  /// Frame times are compared with this slack, far below any frame's duration, so that a
  /// source frame due exactly at an output frame's time is not missed by a rounding error.
  private static let tolerance = 1e-4
  /// How far past its last frame a clip's claimed length may run (a missing last frame or
  /// sound that lasts a little longer) before the claim is refused.
  private static let endSlack = 1.0

  private let plan: CompositionPlan
  private let decoderThreads: Int
  private var segment = 0
  private var open: OpenClip?

  init(plan: CompositionPlan, decoderThreads: Int) {
    self.plan = plan
    self.decoderThreads = decoderThreads
  }

  /// The frame for output frame `index`; indices must increase.
  func frame(_ index: Int) throws(VideoError) -> PickedFrame {
    let seconds = plan.time(ofFrame: index).seconds
    while segment < plan.segments.count - 1,
      seconds >= plan.segments[segment].end - Self.tolerance
    {
      segment += 1
      open = nil
    }
    let placed = plan.segments[segment]
    var clip: OpenClip
    if let open {
      clip = open
    } else {
      clip = try openClip(placed)
    }
    let wanted = placed.sourceSeconds(atOutput: seconds) + Self.tolerance
    while let next = clip.upcoming, next.time.seconds <= wanted {
      clip.current = next
      clip.upcoming = try clip.reader.next()
    }
    let shownUntil = clip.current.time.seconds + clip.current.duration.seconds
    if clip.upcoming == nil, wanted > shownUntil + Self.endSlack {
      // The file claims more than its frames hold: stop instead of repeating the last frame
      // for the rest of the claimed length (3000 s claimed for 75 frames: 90,000 frames).
      throw .corrupt(
        file: placed.url.path,
        detail: String(
          format: "its frames end at %.3f s, but it claims to last %.3f s", shownUntil,
          placed.info.duration.seconds))
    }
    open = clip
    return PickedFrame(index: index, segment: segment, frame: clip.current)
  }

  /// Opens a clip at the start of its kept part.
  private func openClip(_ placed: CompositionPlan.Segment) throws(VideoError) -> OpenClip {
    let reader = try VideoFrameReader(contentsOf: placed.url, decoderThreads: decoderThreads)
    let first: VideoFrame
    if placed.source.lowerBound > 0 {
      first = try reader.frame(atSeconds: placed.source.lowerBound)
    } else if let head = try reader.next() {
      first = head
    } else {
      throw .corrupt(file: placed.url.path, detail: "no frame of the video could be decoded")
    }
    return OpenClip(reader: reader, current: first, upcoming: try reader.next())
  }
}
