import Foundation
import LumenVideo
import Testing

/// Files that are not usable movies give errors that name the file and say what is wrong.
@Suite struct ReadingErrorTests {
  /// Opens `url` expecting an error; returns it.
  func failure(opening url: URL) throws -> VideoError {
    do {
      _ = try VideoAsset(contentsOf: url)
    } catch {
      #expect(error.description.hasPrefix("\(url.path): "), "\(error)")
      return error
    }
    Issue.record("\(url.path) opened")
    throw VideoError.ffmpeg(file: url.path, operation: "the test", message: "no error")
  }

  /// A copy of `clip` changed by `transform`, made once per process.
  func damaged(_ clip: URL, name: String, transform: (inout [UInt8]) -> Void) throws -> URL {
    try ReadingClips.file(name) { url in
      var bytes = [UInt8](try Data(contentsOf: clip))
      transform(&bytes)
      try Data(bytes).write(to: url)
    }
  }

  /// Deterministic noise.
  func noise(_ count: Int, seed: UInt64) -> [UInt8] {
    var generator = seed
    return (0..<count).map { _ in
      generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: generator >> 33)
    }
  }

  @Test func missingFile() throws {
    let url = ReadingClips.directory.appendingPathComponent("absent.mp4")
    let error = try failure(opening: url)
    #expect(error == .fileNotFound(file: url.path))
    #expect(error.description.contains("no such file"))
  }

  @Test func directory() throws {
    let error = try failure(opening: ReadingClips.directory)
    guard case .unreadable = error else { throw error }
  }

  @Test func emptyFile() throws {
    let url = try ReadingClips.file("empty.mp4") { try Data().write(to: $0) }
    #expect(try failure(opening: url) == .truncated(file: url.path, detail: "the file is empty"))
  }

  @Test func noiseAndTextAreNotMovies() throws {
    let noise = try ReadingClips.file("noise.mp4") {
      try Data(self.noise(50_000, seed: 3)).write(to: $0)
    }
    #expect(try failure(opening: noise) == .notAMovie(file: noise.path))
    let text = try ReadingClips.file("notes.mov") {
      try Data("Shopping list: eggs, milk, a better camera.\n".utf8).write(to: $0)
    }
    let error = try failure(opening: text)
    #expect(error == .notAMovie(file: text.path))
    #expect(error.description.contains("not a movie file"))
  }

  /// An MP4 signature followed by noise: the MOV reader is chosen and rejects the rest.
  @Test(.tags(.oracle), .requires(.ffmpeg)) func mp4SignatureThenNoise() throws {
    let clip = try ReadingClips.h264()
    let url = try damaged(clip, name: "signature-then-noise.mp4") { bytes in
      bytes = Array(bytes.prefix(32)) + self.noise(40_000, seed: 5)
    }
    let error = try failure(opening: url)
    guard case .corrupt(_, let detail) = error else { throw error }
    #expect(detail.contains("QuickTime / MOV"), "\(detail)")
  }

  /// Noise over the movie header (the sizes of the outer boxes intact).
  @Test(.tags(.oracle), .requires(.ffmpeg)) func garbledMovieHeader() throws {
    let clip = try ReadingClips.file("faststart.mp4") { url in
      try ReadingOracle.ffmpeg([
        "-i", try ReadingClips.h264().path, "-c", "copy", "-movflags", "+faststart", url.path,
      ])
    }
    let url = try damaged(clip, name: "garbled-moov.mp4") { bytes in
      guard let moov = bytes.firstRange(of: Array("moov".utf8)) else { return }
      bytes.replaceSubrange(
        moov.upperBound + 84..<moov.upperBound + 684, with: self.noise(600, seed: 9))
    }
    let error = try failure(opening: url)
    guard case .corrupt = error else { throw error }
    #expect(error.description.contains("the file is corrupt"))
  }

  /// The first half of a file, as an interrupted download leaves it.
  @Test(
    .tags(.oracle), .requires(.ffmpeg),
    arguments: ["h264.mp4", "faststart.mp4", "h264.mkv", "vp9.webm"])
  func truncatedFiles(_ name: String) throws {
    let clip =
      switch name {
      case "faststart.mp4":
        try ReadingClips.file("faststart.mp4") { url in
          try ReadingOracle.ffmpeg([
            "-i", try ReadingClips.h264().path, "-c", "copy", "-movflags", "+faststart", url.path,
          ])
        }
      case "h264.mkv": try ReadingClips.matroska()
      case "vp9.webm": try ReadingClips.webM()
      default: try ReadingClips.h264()
      }
    let url = try damaged(clip, name: "half-\(name)") { $0.removeLast($0.count / 2) }
    let error = try failure(opening: url)
    guard case .truncated = error else { throw error }
    #expect(error.description.contains("the file is truncated"), "\(error)")
  }

  @Test(.tags(.oracle), .requires(.ffmpeg)) func soundOnly() throws {
    let url = try ReadingClips.soundOnly()
    let error = try failure(opening: url)
    #expect(error == .noVideoStream(file: url.path, detail: "it holds 1 audio stream (aac)"))
    #expect(error.description.contains("has no video stream"))
  }

  /// Cover art is a picture, not video.
  @Test(.tags(.oracle), .requires(.ffmpeg)) func soundWithCoverPicture() throws {
    let url = try ReadingClips.soundWithCover()
    let error = try failure(opening: url)
    #expect(
      error
        == .noVideoStream(
          file: url.path, detail: "it holds 1 audio stream (mp3) and 1 cover picture (mjpeg)"))
  }

  /// A codec FFmpeg does not know (the sample description's code rewritten).
  @Test(.tags(.oracle), .requires(.ffmpeg)) func unknownCodec() throws {
    let url = try damaged(try ReadingClips.h264(), name: "unknown-codec.mp4") { bytes in
      guard let code = bytes.lastRange(of: Array("avc1".utf8)) else { return }
      bytes.replaceSubrange(code, with: Array("abcd".utf8))
    }
    let error = try failure(opening: url)
    #expect(error == .unsupportedCodec(file: url.path, codec: "an unknown codec 'abcd'"))
    #expect(error.description.contains("cannot decode"))
  }

  /// Noise in the middle of the picture data: decoding goes on past it, as in ffmpeg, which
  /// drops the same damaged frames and keeps the rest.
  @Test(.tags(.oracle), .requires(.ffmpeg)) func damagedPictureDataStillDecodes() throws {
    let clip = try ReadingClips.h264()
    let url = try damaged(clip, name: "damaged-mdat.mp4") { bytes in
      let middle = bytes.count / 3
      bytes.replaceSubrange(middle..<middle + 2000, with: self.noise(2000, seed: 11))
    }
    let expected = try ReadingOracle.frameTimestamps(url)
    let reader = try VideoFrameReader(contentsOf: url)
    var timestamps: [Int64] = []
    while let frame = try reader.next() { timestamps.append(frame.timestamp) }
    #expect(timestamps == expected)
    #expect(timestamps.count > 40 && timestamps.count < reader.info.video.frameCount.value)
  }
}

extension Array where Element: Equatable {
  /// The range of the last occurrence of `pattern`.
  fileprivate func lastRange(of pattern: [Element]) -> Range<Int>? {
    guard pattern.count <= count else { return nil }
    for start in stride(from: count - pattern.count, through: 0, by: -1)
    where self[start..<start + pattern.count].elementsEqual(pattern) {
      return start..<start + pattern.count
    }
    return nil
  }
}
