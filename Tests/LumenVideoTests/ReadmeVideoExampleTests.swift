import Foundation
import LumenAssets
import LumenCodecs
import LumenCore
import LumenEdit
import LumenTestSupport
import Testing

@testable import LumenVideo

/// The video example of README.md, verbatim except for its file names.
@Suite(.tags(.oracle), .requires(.ffmpeg, .ffprobe))
struct ReadmeVideoExampleTests {
  @Test func videoExampleRuns() async throws {
    let clip = try ExportSupport.standard()
    let graded = try Scratch.directory().appendingPathComponent("graded.mp4")

    var document = EditDocument()
    document.adjustments.contrast = 0.2
    document.look = LookChoice(id: "chrome", intensity: 0.8)
    let export = VideoExport(
      composition: VideoComposition(clip),
      document: document,
      resources: EditResources(ResourceResolver(base: URL(fileURLWithPath: "."))),
      settings: VideoEncodeSettings(rateControl: .crf(20), preset: "veryfast"),
      output: graded)
    var fractions: [Double] = []
    for try await event in try export.start() {
      if case .progress(let progress) = event { fractions.append(progress.fraction) }
    }
    let middle = try VideoAsset(contentsOf: graded).frame(at: 0.5)

    #expect(fractions.last == 1)
    #expect(middle.image.extent == Rect(width: 320, height: 240))
  }
}
