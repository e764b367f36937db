import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenVideo

/// Movies written by ``VideoWriter`` as ffprobe and ffmpeg see them.
@Suite(.tags(.oracle), .requires(.ffmpeg, .ffprobe))
struct WritingVideoTests {
  typealias Support = WritingSupport

  /// Writes `count` frames of the moving pattern at the nominal rate.
  func write(
    _ url: URL, width: Int = 320, height: Int = 240, count: Int = 30,
    settings: VideoEncodeSettings = VideoEncodeSettings(preset: "veryfast"),
    format: PixelFormat = .rgb8
  ) throws {
    let writer = try VideoWriter(url: url, width: width, height: height, settings: settings)
    for index in 0..<count {
      try writer.append(
        Support.pattern(width: width, height: height, frame: index, format: format))
    }
    try writer.finish()
  }

  @Test func h264InMP4HasTheSizeCodecTagsAndFrameCountAsked() throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("out.mp4")
    try write(url, count: 45)

    let (video, audio) = try Support.streams(url)
    #expect(video["codec_name"] as? String == "h264")
    #expect(video["width"] as? Int == 320)
    #expect(video["height"] as? Int == 240)
    #expect(video["pix_fmt"] as? String == "yuv420p")
    // Standard definition: the BT.601 matrix, limited range, sRGB's (BT.709) primaries.
    #expect(video["color_space"] as? String == "smpte170m")
    #expect(video["color_range"] as? String == "tv")
    #expect(video["color_primaries"] as? String == "bt709")
    #expect(video["color_transfer"] as? String == "bt709")
    #expect(audio == nil)
    #expect(try Support.decodedFrameCount(url) == 45)
    let duration = try #require(Support.number(video["duration"]))
    #expect(abs(duration - 1.5) <= 1.0 / 30)
    // Nothing but the movie is left in the directory.
    #expect(try Support.contents(of: directory) == ["out.mp4"])
  }
}

extension WritingVideoTests {
  /// Writes one frame of the pattern (plus a few around it) at CRF 18 and compares ffmpeg's
  /// decode of it with the bitmap that went in.
  func psnrOfRoundTrip(
    width: Int, height: Int, chroma: VideoEncodeSettings.ChromaFormat = .yuv420p,
    format: PixelFormat = .rgb8, codec: VideoEncodeSettings.Codec = .h264
  ) throws -> (psnr: Double, video: [String: Any]) {
    let url = try Scratch.directory().appendingPathComponent("psnr.mp4")
    let settings = VideoEncodeSettings(
      codec: codec, rateControl: .crf(18), preset: "veryfast", chromaFormat: chroma)
    try write(url, width: width, height: height, count: 4, settings: settings, format: format)
    let decoded = try Support.decodedFrame(url, index: 2)
    let reference = Support.bytes(of: Support.pattern(width: width, height: height, frame: 2))
    return (psnr(bytes: decoded, reference), try Support.streams(url).video)
  }

  @Test func aDecodedFrameMatchesTheBitmapInStandardDefinition() throws {
    let (psnr, video) = try psnrOfRoundTrip(width: 320, height: 240)
    #expect(video["color_space"] as? String == "smpte170m")
    #expect(psnr >= 38, "PSNR \(psnr) dB")
  }

  @Test func aDecodedFrameMatchesTheBitmapInHighDefinition() throws {
    // A matrix mismatch between our conversion and the BT.709 tag would shift the saturated
    // hues of the pattern by several levels and fail this.
    let (psnr, video) = try psnrOfRoundTrip(width: 1280, height: 720)
    #expect(video["color_space"] as? String == "bt709")
    #expect(video["color_range"] as? String == "tv")
    #expect(psnr >= 38, "PSNR \(psnr) dB")
  }

  @Test(arguments: [PixelFormat.rgba8, .rgb16, .rgba16])
  func otherBitmapFormatsEncodeAlike(format: PixelFormat) throws {
    let (psnr, _) = try psnrOfRoundTrip(width: 320, height: 240, format: format)
    #expect(psnr >= 38, "PSNR \(psnr) dB")
  }

  @Test(arguments: [VideoEncodeSettings.ChromaFormat.yuv422p, .yuv444p])
  func higherChromaFormatsAreStored(chroma: VideoEncodeSettings.ChromaFormat) throws {
    let (psnr, video) = try psnrOfRoundTrip(width: 320, height: 240, chroma: chroma)
    #expect(video["pix_fmt"] as? String == chroma.rawValue)
    #expect(psnr >= 38, "PSNR \(psnr) dB")
  }

  @Test func theIndexIsWrittenBeforeTheMediaData() throws {
    for container in [VideoEncodeSettings.Container.mp4, .mov] {
      let url = try Scratch.directory().appendingPathComponent("fast.\(container)")
      try write(
        url, count: 10, settings: VideoEncodeSettings(container: container, preset: "ultrafast"))
      let boxes = try Support.topLevelBoxes(url)
      let moov = try #require(boxes.firstIndex(of: "moov"))
      let mdat = try #require(boxes.firstIndex(of: "mdat"))
      #expect(moov < mdat, "\(container): \(boxes)")
    }
  }

  @Test func hevcInMOVIsTaggedForApplePlayers() throws {
    let url = try Scratch.directory().appendingPathComponent("out.mov")
    let settings = VideoEncodeSettings(codec: .hevc, container: .mov, preset: "ultrafast")
    try write(url, count: 20, settings: settings)
    let (video, _) = try Support.streams(url)
    #expect(video["codec_name"] as? String == "hevc")
    #expect(video["codec_tag_string"] as? String == "hvc1")
    #expect(video["color_space"] as? String == "smpte170m")
    #expect(try Support.decodedFrameCount(url) == 20)
    let format = try Support.probe(url, ["-show_format"])["format"] as? [String: Any]
    let tags = format?["tags"] as? [String: Any]
    #expect(tags?["major_brand"] as? String == "qt  ")
  }

  @Test func variableFrameTimesArePreserved() throws {
    let url = try Scratch.directory().appendingPathComponent("vfr.mp4")
    let times = [0, 0.04, 0.1, 0.2, 0.22, 0.5, 0.9, 0.933, 1.25]
    let writer = try VideoWriter(
      url: url, width: 320, height: 240, settings: VideoEncodeSettings(preset: "veryfast"))
    for (index, time) in times.enumerated() {
      try writer.append(Support.pattern(width: 320, height: 240, frame: index), at: time)
    }
    try writer.finish(endingAt: PresentationTime(seconds: 1.5))

    let decoded = try Support.frameTimes(url)
    #expect(decoded.count == times.count)
    for (got, expected) in zip(decoded, times) {
      #expect(abs(got - expected) < 1e-4, "frame at \(got) s, expected \(expected) s")
    }
    let (video, _) = try Support.streams(url)
    #expect(abs((Support.number(video["duration"]) ?? 0) - 1.5) < 1e-3)
  }

  @Test func ntscTimesStayExact() throws {
    let url = try Scratch.directory().appendingPathComponent("ntsc.mp4")
    let settings = VideoEncodeSettings(preset: "ultrafast", frameRate: .ntsc)
    let writer = try VideoWriter(url: url, width: 320, height: 240, settings: settings)
    let count = 30
    for index in 0..<count {
      let time = PresentationTime(value: Int64(index) * 1001, timescale: 30_000)
      try writer.append(Support.pattern(width: 320, height: 240, frame: index), at: time)
    }
    try writer.finish()

    let (video, _) = try Support.streams(url)
    #expect(video["avg_frame_rate"] as? String == "30000/1001")
    let decoded = try Support.frameTimes(url)
    #expect(decoded.count == count)
    for (index, got) in decoded.enumerated() {
      #expect(abs(got - Double(index) * 1001 / 30_000) < 1e-5)
    }
    #expect(abs((Support.number(video["duration"]) ?? 0) - Double(count) * 1001 / 30_000) < 1e-5)
  }

  @Test func everyFrameKeepsItsOwnPicture() throws {
    // The writer converts each bitmap into the same reused planes; the encoder must have taken
    // its copy of one picture before the next overwrites them.
    let url = try Scratch.directory().appendingPathComponent("ramp.mp4")
    let writer = try VideoWriter(
      url: url, width: 160, height: 120, settings: VideoEncodeSettings(preset: "veryfast"))
    let levels = (0..<30).map { 40 + 6 * $0 }
    for level in levels {
      try writer.append(
        Bitmap(width: 160, height: 120, format: .rgb8) {
          $0.initializeMemory(as: UInt8.self, repeating: UInt8(level))
        })
    }
    try writer.finish()

    let frames = try Support.ffmpeg([
      "-i", url.path, "-f", "rawvideo", "-pix_fmt", "gray", "-",
    ])
    let size = 160 * 120
    #expect(frames.count == size * levels.count)
    for (index, level) in levels.enumerated() where frames.count >= (index + 1) * size {
      let mean = frames[index * size..<(index + 1) * size].reduce(0) { $0 + Int($1) } / size
      // Grey in sRGB is grey in YUV: luma 16 + level * 219 / 255, as ffmpeg's gray output
      // expands it back to 0...255.
      #expect(abs(mean - level) <= 2, "frame \(index): mean \(mean), expected \(level)")
    }
  }

  @Test func aBitrateIsRoughlyKept() throws {
    let url = try Scratch.directory().appendingPathComponent("abr.mp4")
    let settings = VideoEncodeSettings(rateControl: .bitrate(400_000), preset: "veryfast")
    try write(url, count: 60, settings: settings)
    let (video, _) = try Support.streams(url)
    let bitrate = try #require(Support.number(video["bit_rate"]))
    // Average-bitrate control over two seconds is loose; a CRF encode of this would differ
    // by far more than this band allows.
    #expect((200_000...600_000).contains(bitrate), "\(bitrate) bit/s")
  }
}
