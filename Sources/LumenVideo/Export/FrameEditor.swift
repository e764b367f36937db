import LumenCore
import LumenEdit

/// Turns a decoded frame into an output frame: the edit document (resolved at the frame's
/// moment) over the upright frame, fitted to the output's size, rendered
/// to 8-bit RGB through the ordinary renderer, so a frame of the movie equals the still
/// render of the same source frame with the same document given the same magic levels.
/// Magic is analysed once per clip, on the clip's first exported frame, and those levels
/// serve all its frames.
///
/// Lives on the editing thread.
struct FrameEditor {
  let plan: CompositionPlan
  let document: EditDocument
  let resources: EditResources
  let context: RenderContext
  /// Magic's levels per clip (by segment), once analysed.
  let magic = ClipAnalyses()

  func edit(_ picked: PickedFrame) throws(VideoExportError) -> EditedFrame {
    let frame = picked.frame
    if let untouched = unedited(frame) {
      return EditedFrame(index: picked.index, bitmap: untouched)
    }
    let seconds = plan.time(ofFrame: picked.index).seconds
    // Keyframe times count on the output's timeline: the export is the clip a document is
    // animated over.
    let still = document.resolved(at: .seconds(seconds), clipDuration: plan.duration.seconds)
    do {
      let levels = try magic.analysis(of: picked.segment) {
        try still.magicAnalysis(of: frame.image, context: context)
      }
      let image = try still.apply(
        to: frame.image, resources: resources, magic: levels, context: context
      )
      .fitted(width: plan.width, height: plan.height, mode: plan.fitting)
      return EditedFrame(index: picked.index, bitmap: try context.bitmap(of: image, format: .rgb8))
    } catch {
      let file = plan.segments[picked.segment].url.path
      throw .editing(file: file, seconds: frame.time.seconds, message: "\(error)")
    }
  }

  /// The decoded bitmap itself when nothing would change it (a plain transcode of an upright
  /// 8-bit clip at the output's size): rendering would only copy it.
  private func unedited(_ frame: VideoFrame) -> Bitmap? {
    let bitmap = frame.bitmap
    guard document.isIdentity, frame.orientation == .up, bitmap.format == .rgb8,
      bitmap.width == plan.width, bitmap.height == plan.height
    else { return nil }
    return bitmap
  }
}

/// Magic's analysis of each clip of an export, made by the clip's first frame.
final class ClipAnalyses: Sendable {
  private let analyses = Locked<[Int: MagicAnalysis?]>([:])

  /// The analysis of clip `segment`: the one made before, or `analyse`'s, kept.
  func analysis(
    of segment: Int, _ analyse: () throws -> MagicAnalysis?
  ) throws -> MagicAnalysis? {
    if let known = analyses.withLock({ $0[segment] }) { return known }
    let made = try analyse()
    analyses.withLock { $0[segment] = made }
    return made
  }
}
