import Foundation
import LumenCore
import LumenTestSupport
import LumenVideo
import Testing

/// Clips with a display matrix come out upright, as ffmpeg's autorotation shows them.
@Suite(.tags(.oracle), .requires(.ffmpeg, .ffprobe))
struct ReadingRotationTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let clip: @Sendable () throws -> URL
    let orientation: Orientation
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    // ffmpeg's `rotate=90` tag turns the picture a quarter counter-clockwise for display.
    Case(name: "rotate=90", clip: { try ReadingClips.rotated(90) }, orientation: .left),
    Case(name: "rotate=180", clip: { try ReadingClips.rotated(180) }, orientation: .down),
    Case(name: "rotate=270", clip: { try ReadingClips.rotated(270) }, orientation: .right),
    Case(
      name: "mirrored left to right",
      clip: {
        try ReadingClips.withTrackMatrix(
          "hflip.mp4", a: -65536, b: 0, c: 0, d: 65536, tx: 320, ty: 0)
      }, orientation: .upMirrored),
    Case(
      name: "mirrored top to bottom",
      clip: {
        try ReadingClips.withTrackMatrix(
          "vflip.mp4", a: 65536, b: 0, c: 0, d: -65536, tx: 0, ty: 240)
      }, orientation: .downMirrored),
    Case(
      name: "transposed",
      clip: {
        try ReadingClips.withTrackMatrix(
          "transpose.mp4", a: 0, b: 65536, c: 65536, d: 0, tx: 0, ty: 0)
      }, orientation: .leftMirrored),
  ]

  @Test(arguments: cases)
  func framesMatchFFmpegsAutorotation(_ test: Case) throws {
    let clip = try test.clip()
    let reader = try VideoFrameReader(contentsOf: clip)
    let video = reader.info.video
    #expect(video.orientation == test.orientation)
    #expect(video.width == 320 && video.height == 240)
    let swapped = test.orientation.swapsDimensions
    #expect(video.displayWidth == (swapped ? 240 : 320))
    #expect(video.displayHeight == (swapped ? 320 : 240))
    var frames: [VideoFrame] = []
    while frames.count < 8, let frame = try reader.next() { frames.append(frame) }
    for index in [0, 7] {
      let ours = try ReadingSupport.upright(frames[index])
      #expect(ours.width == video.displayWidth && ours.height == video.displayHeight)
      let reference = try ReadingOracle.referenceFrame(
        clip, index: index, width: ours.width, height: ours.height)
      let psnr = LumenTestSupport.psnr(ours, reference)
      #expect(psnr >= 40, "\(test.name) frame \(index): PSNR \(psnr) dB")
    }
  }

  /// The comparison can fail: the stored (unturned) frame of a half turn is far from
  /// ffmpeg's upright one.
  @Test func storedPixelsAreNotUpright() throws {
    let clip = try ReadingClips.rotated(180)
    let frame = try #require(try VideoFrameReader(contentsOf: clip).next())
    let reference = try ReadingOracle.referenceFrame(clip, index: 0, width: 320, height: 240)
    #expect(psnr(frame.bitmap, reference) < 20)
  }
}
