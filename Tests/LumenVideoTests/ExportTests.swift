import Foundation
import LumenCore
import LumenEdit
import LumenTestSupport
import LumenVideo
import Testing

/// Exports of one clip as ffprobe and ffmpeg see them: stream properties, sound, edits that
/// match the still render, fades, determinism, cancelling, and clear failures.
@Suite(.tags(.oracle), .requires(.ffmpeg, .ffprobe))
struct ExportTests {
  typealias Support = ExportSupport

  func export(
    _ composition: VideoComposition, document: EditDocument = EditDocument(),
    crf: Int = 23, to output: URL
  ) -> VideoExport {
    VideoExport(
      composition: composition, document: document,
      settings: VideoEncodeSettings(rateControl: .crf(crf), preset: "veryfast"), output: output)
  }

  /// Warm, contrasty, with a vignette: a colour chain and a spatial effect.
  static let graded: EditDocument = {
    var document = EditDocument()
    document.adjustments.contrast = 0.3
    document.adjustments.saturation = 0.4
    document.adjustments.temperature = 0.3
    document.vignette = VignetteSettings(intensity: 0.4)
    return document
  }()

  @Test func plainExportKeepsSizeFramesAndCopiesTheSoundUntouched() async throws {
    let source = try Support.standard()
    let output = try Scratch.directory().appendingPathComponent("plain.mp4")
    let events = try await Support.run(export(VideoComposition(source), to: output))

    let video = try #require(try Support.stream(output, "v"))
    #expect(video["codec_name"] as? String == "h264")
    #expect(video["width"] as? Int == 320)
    #expect(video["height"] as? Int == 240)
    #expect(WritingSupport.number(video["nb_read_packets"]) == 60)
    #expect(try WritingSupport.decodedFrameCount(output) == 60)
    let duration = try #require(WritingSupport.number(video["duration"]))
    #expect(abs(duration - 2) <= 1.0 / 30)
    let audio = try #require(try Support.stream(output, "a"))
    #expect(audio["codec_name"] as? String == "aac")
    #expect(
      WritingSupport.number(audio["start_time"]) == WritingSupport.number(video["start_time"]))
    #expect(try WritingSupport.audioPacketHash(output) == WritingSupport.audioPacketHash(source))

    let progress = events.compactMap { event -> VideoExportProgress? in
      if case .progress(let progress) = event { return progress }
      return nil
    }
    // The stream keeps the newest events when the reader lags: counts rise to the total.
    #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.framesDone < $1.framesDone })
    #expect(progress.last?.framesDone == 60)
    #expect(progress.allSatisfy { $0.frameCount == 60 })
    #expect(progress.last?.fraction == 1)
    #expect(progress.last?.estimatedTimeRemaining == 0)
    #expect(events.last == .finished(output))
  }

  @Test func anEditedFrameMatchesTheStillRenderOfTheSameSourceFrame() async throws {
    // Smooth colour, as in camera footage: 4:2:0 chroma cannot hold the test pattern's hard
    // coloured edges, which would measure the format rather than the pipeline.
    let source = try Support.smooth()
    let output = try Scratch.directory().appendingPathComponent("graded.mp4")
    let composition = VideoComposition(clips: [VideoClip(url: source, trim: 0..<0.5)])
    _ = try await Support.run(export(composition, document: Self.graded, crf: 18, to: output))

    let index = 10
    let frame = try VideoFrameReader(contentsOf: source).frame(atSeconds: Double(index) / 30)
    let still = try Renderer().bitmap(of: Self.graded.apply(to: frame.image), format: .rgb8)
    let expected = still.withUnsafeBytes { Data($0) }
    let decoded = try WritingSupport.decodedFrame(output, index: index)
    let psnr = LumenTestSupport.psnr(bytes: decoded, expected)
    #expect(psnr >= 38, "PSNR \(psnr) dB")
    // The edit is visible: the unedited source frame is far from the export.
    let original = try Renderer().bitmap(of: frame.image, format: .rgb8)
    #expect(LumenTestSupport.psnr(bytes: decoded, original.withUnsafeBytes { Data($0) }) < 30)
  }

  @Test func aKeyframedDocumentFadesFromDarkToTheOriginal() async throws {
    let output = try Scratch.directory().appendingPathComponent("fade.mp4")
    var document = EditDocument()
    document.animations[.exposure] = KeyframeTrack(
      base: .normalized, keyframes: [Keyframe(time: 0, value: -1), Keyframe(time: 1, value: 0)])
    _ = try await Support.run(
      export(VideoComposition(try Support.bars()), document: document, to: output))

    let first = Support.mean(
      try WritingSupport.decodedFrame(output, index: 0), width: 320, rows: 0..<160)
    let last = Support.mean(
      try WritingSupport.decodedFrame(output, index: 29), width: 320, rows: 0..<160)
    let middle = Support.mean(
      try WritingSupport.decodedFrame(output, index: 15), width: 320, rows: 0..<160)
    // One stop down (half the light) at the start, the original at the end.
    #expect(first < last * 0.8, "first frame \(first), last \(last)")
    #expect(first < middle && middle < last, "middle frame \(middle)")
    #expect(last > 100)
  }

  /// The same clip and document give the same bytes, export after export in one process,
  /// whatever its heap holds: glibc's allocator fills new and freed blocks with a different
  /// byte for each export (`M_PERTURB`). Debian's x264 with AVX-512 read memory outside its
  /// own (MB-tree with B-frames), and its files changed with those bytes.
  @Test func theSameInputsGiveTheSameBytes() async throws {
    typealias Option = @convention(c) (Int32, Int32) -> Int32
    let mallopt = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt"))
    let perturb = { (byte: Int32) in _ = unsafeBitCast(mallopt, to: Option.self)(-6, byte) }
    let directory = try Scratch.directory()
    let composition = VideoComposition(clips: [
      VideoClip(url: try Support.standard(), trim: 0.5..<1)
    ])
    var outputs: [Data] = []
    for (name, byte) in [("one.mp4", 0), ("two.mp4", 0x5A), ("three.mp4", 0xA5)] {
      let output = directory.appendingPathComponent(name)
      perturb(Int32(byte))
      defer { perturb(0) }
      _ = try await Support.run(export(composition, document: Self.graded, to: output))
      outputs.append(try Data(contentsOf: output))
    }
    #expect(outputs[0] == outputs[1])
    #expect(outputs[0] == outputs[2])
    #expect(outputs[0].count > 10_000)
  }

  @Test func cancellingMidExportLeavesNoFile() async throws {
    let directory = try Scratch.directory()
    let output = directory.appendingPathComponent("cancelled.mp4")
    var document = Self.graded
    document.adjustments.clarity = 0.5
    // Ten seconds (300 frames), cancelled at the first progress event. A starved test runner
    // may only read the events once the export has finished (they are buffered): then the
    // finished movie is rightly kept. Otherwise nothing may be left, not even the hidden
    // temporary file.
    let long = try Support.movie("long.mp4", seconds: 10, tone: nil)
    let events = try export(VideoComposition(long), document: document, to: output).start()
    let task = Task {
      var finished = false
      for try await event in events {
        if case .finished = event { finished = true }
        withUnsafeCurrentTask { $0?.cancel() }
      }
      return finished
    }
    let finished = try await task.value
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(left == (finished ? ["cancelled.mp4"] : []), "left behind: \(left)")
  }

  @Test func anUnwritableOutputFailsBeforeAnyWork() throws {
    let output = URL(fileURLWithPath: "/nonexistent-lumen-directory/out.mp4")
    #expect {
      try export(VideoComposition(try Support.standard()), to: output).start()
    } throws: { error in
      guard case .writing(.cannotCreateOutput(let file, _)) = error as? VideoExportError else {
        return false
      }
      return file == output.path
    }
  }

  @Test func corruptAndSoundOnlyInputsGiveClearErrorsNamingTheFile() throws {
    let directory = try Scratch.directory()
    let garbage = directory.appendingPathComponent("garbage.mp4")
    try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: garbage)
    let sound = try Support.music()
    let output = directory.appendingPathComponent("out.mp4")
    for input in [garbage, sound] {
      #expect {
        try export(VideoComposition(input), to: output).start()
      } throws: { error in
        guard case .reading(let reading) = error as? VideoExportError else { return false }
        if input == sound, case .noVideoStream = reading {
        } else if input == sound {
          return false
        }
        return "\(error)".hasPrefix("\(input.path): ")
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["garbage.mp4"])
  }
}
