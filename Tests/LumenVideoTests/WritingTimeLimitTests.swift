import Foundation
import LumenCore
import LumenTestSupport
import LumenVideo
import Testing

/// Times beyond ``PresentationTime/longestSeconds`` are refused by the writer's checks, before
/// any file exists, instead of trapping when converted to ticks or samples.
@Suite(.tags(.oracle), .requires(.ffmpeg))
struct WritingTimeLimitTests {
  @Test(arguments: [0..<1e300, 0..<1e15, 1e300..<Double.infinity])
  func hugeAudioRangesAreRefusedBeforeAnyFile(_ range: Range<Double>) throws {
    let music = try ExportSupport.music()
    let directory = try Scratch.directory()
    let output = directory.appendingPathComponent("out.mp4")
    #expect {
      try VideoWriter(
        url: output, width: 64, height: 64,
        audio: .mix(AudioMix(sources: [AudioTrackSource(url: music, range: range)])))
    } throws: { error in
      guard case .invalidSettings(let reason) = error as? VideoWriterError else { return false }
      return reason.hasPrefix(music.path)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test func timesWithinTheLimitAreAccepted() {
    #expect(PresentationTime.accepts(0) && PresentationTime.accepts(1e9))
    #expect(!PresentationTime.accepts(1e9 + 1) && !PresentationTime.accepts(.nan))
    #expect(!PresentationTime.accepts(-1) && !PresentationTime.accepts(.infinity))
  }
}
