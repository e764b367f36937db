import Foundation
import LumenCore
import LumenEdit
import LumenTestSupport
import LumenVideo
import Testing

/// Magic in a video export is analysed once per clip, on the clip's first frame, and those
/// levels serve every frame of the clip (no frame is sampled again, nothing flickers).
@Suite(.tags(.oracle), .requires(.ffmpeg, .ffprobe)) struct ExportMagicTests {
  typealias Support = ExportSupport

  @Test func magicIsAnalysedOncePerClip() async throws {
    let smooth = try Support.smooth()
    let bars = try Support.bars()
    let composition = VideoComposition(clips: [
      VideoClip(url: smooth, trim: 0..<0.5), VideoClip(url: bars, trim: 0..<0.3),
    ])
    var document = EditDocument()
    document.magic = true
    let context = RenderContext(threadCount: 2)
    let output = try Scratch.directory().appendingPathComponent("magic.mp4")
    _ = try await Support.run(
      VideoExport(
        composition: composition, document: document,
        settings: VideoEncodeSettings(rateControl: .crf(18), preset: "veryfast"), output: output,
        context: context))
    #expect(context.analysisCount == 2)

    // Frame 10 has the levels of the clip's first frame.
    let reader = try VideoFrameReader(contentsOf: smooth)
    let first = try reader.frame(atSeconds: 0)
    let frame = try reader.frame(atSeconds: 10.0 / 30)
    let still = RenderContext()
    let levels = try document.magicAnalysis(of: first.image, context: still)
    let own = try document.magicAnalysis(of: frame.image, context: still)
    let expected = try still.bitmap(
      of: document.apply(to: frame.image, magic: levels, context: still), format: .rgb8)
    let decoded = try WritingSupport.decodedFrame(output, index: 10)
    let decibels = psnr(bytes: decoded, expected.withUnsafeBytes { Data($0) })
    #expect(decibels >= 38, "PSNR \(decibels) dB")
    #expect(levels != nil && own != nil)
  }
}
