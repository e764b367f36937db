import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenVideo

/// A failed, cancelled or abandoned export leaves nothing behind, and what cannot work fails
/// before any encoding.
@Suite struct WritingFailureTests {
  typealias Support = WritingSupport

  let settings = VideoEncodeSettings(preset: "ultrafast")

  func frame(_ index: Int = 0) -> Bitmap { Support.pattern(width: 160, height: 120, frame: index) }

  @Test func anOutputDirectoryThatDoesNotExistFailsAtOnce() throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("missing/out.mp4")
    #expect {
      _ = try VideoWriter(url: url, width: 160, height: 120, settings: settings)
    } throws: { error in
      guard case .cannotCreateOutput(let file, let reason) = error as? VideoWriterError else {
        return false
      }
      return file == url.path && reason.contains("No such file or directory")
    }
    #expect(try Support.contents(of: directory).isEmpty)
  }

  @Test func anOutputPathThroughAFileFailsAtOnce() throws {
    // Permissions do not stop root, which these tests may run as; a file where a directory
    // should be stops everyone.
    let directory = try Scratch.directory()
    let blocker = directory.appendingPathComponent("file")
    try Data("x".utf8).write(to: blocker)
    let url = blocker.appendingPathComponent("out.mp4")
    // An audio source that would be opened (and fail) later proves the output is checked first.
    let audio = VideoWriter.Audio.copy(AudioCopy(url: directory.appendingPathComponent("none")))
    #expect {
      _ = try VideoWriter(url: url, width: 160, height: 120, settings: settings, audio: audio)
    } throws: { error in
      guard case .cannotCreateOutput(let file, _) = error as? VideoWriterError else { return false }
      return file == url.path
    }
    #expect(try Support.contents(of: directory) == ["file"])
  }

  @Test func aDirectoryInTheWayFailsAtOnce() throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("out.mp4")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    #expect(
      throws: VideoWriterError.cannotCreateOutput(file: url.path, reason: "it is a directory")
    ) {
      _ = try VideoWriter(url: url, width: 160, height: 120, settings: settings)
    }
  }

  @Test func cancellingLeavesNoFile() throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("out.mp4")
    let writer = try VideoWriter(url: url, width: 160, height: 120, settings: settings)
    for index in 0..<10 { try writer.append(frame(index)) }
    // Nothing is visible while writing (the movie is an unnamed file until it is complete)...
    #expect(try Support.contents(of: directory).isEmpty)
    writer.cancel()
    // ...and is gone after a cancel, with no movie in its place.
    #expect(try Support.contents(of: directory).isEmpty)
    #expect(throws: VideoWriterError.notWriting(file: url.path)) { try writer.append(frame()) }
    #expect(throws: VideoWriterError.notWriting(file: url.path)) { try writer.finish() }
  }

  @Test func droppingAnUnfinishedWriterLeavesNoFile() throws {
    let directory = try Scratch.directory()
    do {
      let writer = try VideoWriter(
        url: directory.appendingPathComponent("out.mp4"), width: 160, height: 120,
        settings: settings)
      for index in 0..<5 { try writer.append(frame(index)) }
    }
    #expect(try Support.contents(of: directory).isEmpty)
  }

  @Test func aFrameOfTheWrongSizeEndsTheWriteCleanly() throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("out.mp4")
    let writer = try VideoWriter(url: url, width: 160, height: 120, settings: settings)
    try writer.append(frame())
    #expect {
      try writer.append(Support.pattern(width: 320, height: 240))
    } throws: { error in
      guard case .unsupportedFrame(let file, let reason) = error as? VideoWriterError else {
        return false
      }
      return file == url.path && reason.contains("320x240")
    }
    #expect(try Support.contents(of: directory).isEmpty)
  }

  @Test func floatBitmapsAreRefused() throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("out.mp4")
    let writer = try VideoWriter(url: url, width: 160, height: 120, settings: settings)
    let linear = Bitmap(width: 160, height: 120, format: .rgbaFloat) { _ in }
    #expect {
      try writer.append(linear)
    } throws: { error in
      guard case .unsupportedFrame = error as? VideoWriterError else { return false }
      return true
    }
    #expect(try Support.contents(of: directory).isEmpty)
  }

  @Test func timesMustIncrease() throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("out.mp4")
    let writer = try VideoWriter(url: url, width: 160, height: 120, settings: settings)
    try writer.append(frame(), at: 1.0)
    #expect(
      throws: VideoWriterError.timestampOutOfOrder(
        file: url.path, previous: PresentationTime(seconds: 1), time: PresentationTime(seconds: 1))
    ) {
      try writer.append(frame(), at: 1.0)
    }
    #expect(try Support.contents(of: directory).isEmpty)
  }

  @Test func timesThatAreNotNumbersAreRefused() throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("out.mp4")
    let writer = try VideoWriter(url: url, width: 160, height: 120, settings: settings)
    #expect(throws: VideoWriterError.self) { try writer.append(frame(), at: .infinity) }
    #expect(try Support.contents(of: directory).isEmpty)
  }

  @Test func finishingWithoutFramesIsAnError() throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("out.mp4")
    let writer = try VideoWriter(url: url, width: 160, height: 120, settings: settings)
    #expect(throws: VideoWriterError.noFrames(file: url.path)) { try writer.finish() }
    #expect(try Support.contents(of: directory).isEmpty)
  }

  @Test func badSettingsFailBeforeAnyFileIsCreated() throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("out.mp4")
    #expect(throws: VideoWriterError.self) {
      _ = try VideoWriter(
        url: url, width: 160, height: 120, settings: VideoEncodeSettings(rateControl: .crf(60)))
    }
    #expect(throws: VideoWriterError.self) {
      _ = try VideoWriter(url: url, width: 161, height: 120)
    }
    #expect(try Support.contents(of: directory).isEmpty)
  }

  @Test(.tags(.oracle), .requires(.ffmpeg))
  func unusableAudioSourcesFailAtTheStartNamingTheFile() throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("out.mp4")
    let silent = try Support.makeClip(in: directory, name: "silent.mp4", seconds: 0.2, audio: nil)
    let wave = try Support.makeClip(
      in: directory, name: "pcm.mov", seconds: 0.2, audio: "pcm_s16le")
    let missing = directory.appendingPathComponent("missing.m4a")
    let cases: [(VideoWriter.Audio, URL, String)] = [
      (.mix(AudioMix(sources: [AudioTrackSource(url: silent)])), silent, "no audio stream"),
      (.copy(AudioCopy(url: missing)), missing, "cannot open"),
      // MP4 has no way to store raw PCM; a mix would re-encode it.
      (.copy(AudioCopy(url: wave)), wave, "cannot be copied"),
    ]
    for (audio, source, words) in cases {
      #expect {
        _ = try VideoWriter(url: url, width: 160, height: 120, settings: settings, audio: audio)
      } throws: { error in
        guard case .audioSource(let file, let reason) = error as? VideoWriterError else {
          return false
        }
        return file == source.path && reason.contains(words)
      }
    }
    #expect(try Support.contents(of: directory) == ["pcm.mov", "silent.mp4"])
  }
}
