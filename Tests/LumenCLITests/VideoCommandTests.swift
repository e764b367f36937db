import Foundation
import LumenCodecs
import LumenCore
import LumenTestSupport
import Testing

/// `lumen video info|frame|thumbs` on clips made by the ffmpeg program, checked against
/// ffmpeg's own decode.
@Suite(.tags(.oracle), .requires(.ffmpeg))
struct VideoCommandTests {
  /// A clip made by ffmpeg in a fresh directory: the test pattern (a frame counter and moving
  /// bars), 320x240, 25 fps, 2 s, H.264 with AAC sound; with `rotation`, copied again with
  /// that rotation in its display matrix (ffmpeg writes it only when copying).
  static func clip(in directory: URL, rotation: Int? = nil) throws -> URL {
    let url = directory.appendingPathComponent("clip.mp4")
    try ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2", "-f", "lavfi", "-i",
      "sine=frequency=440:sample_rate=48000:duration=2", "-c:v", "libx264", "-preset",
      "veryfast", "-g", "12", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "2", url.path,
    ])
    guard let rotation else { return url }
    let rotated = directory.appendingPathComponent("rotated.mp4")
    try ffmpeg([
      "-i", url.path, "-c", "copy", "-metadata:s:v:0", "rotate=\(rotation)", rotated.path,
    ])
    return rotated
  }

  /// Runs the ffmpeg program quietly; throws with its messages when it fails.
  static func ffmpeg(_ arguments: [String]) throws {
    try Program.output(
      of: "ffmpeg", ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"] + arguments)
  }

  /// ffmpeg's decode of frame `index`, auto-rotated, through `filter`, as a PNG's bitmap.
  static func reference(_ clip: URL, index: Int, filter: String? = nil) throws -> Bitmap {
    let png = clip.deletingLastPathComponent().appendingPathComponent("reference-\(index).png")
    try ffmpeg([
      "-i", clip.path, "-vf", "select=eq(n\\,\(index))" + (filter.map { ",\($0)" } ?? ""),
      "-fps_mode", "passthrough", "-frames:v", "1", png.path,
    ])
    return try ImageFile.read(png).bitmap
  }

  @Test func infoReportsTheMovie() throws {
    let dir = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let clip = try Self.clip(in: dir, rotation: 90)
    let result = try CLI.run("video", "info", "--json", clip.path)
    #expect(result.status == 0, "\(result.errors)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(json["duration"] as? Double == 2)
    let video = try #require(json["video"] as? [String: Any])
    #expect(video["codec"] as? String == "h264")
    #expect(video["width"] as? Int == 320 && video["height"] as? Int == 240)
    // ffmpeg's rotate=90 shows the picture a quarter turn counter-clockwise.
    #expect(video["displayWidth"] as? Int == 240 && video["displayHeight"] as? Int == 320)
    #expect(video["rotation"] as? Int == 270)
    #expect(video["frameCount"] as? Int == 50 && video["frameCountIsExact"] as? Bool == true)
    #expect(video["averageFrameRate"] as? Double == 25)
    #expect(video["matrix"] as? String == "bt601" && video["range"] as? String == "limited")
    let audio = try #require((json["audio"] as? [[String: Any]])?.first)
    #expect(audio["codec"] as? String == "aac" && audio["channels"] as? Int == 2)
    #expect(audio["sampleRate"] as? Int == 48000)
    let text = try CLI.run("video", "info", clip.path)
    #expect(text.status == 0 && text.output.contains("240x320 (turned 90° counter-clockwise)"))
  }

  /// The frame at half of a rotated 2 s clip is frame 25, upright, as ffmpeg decodes it.
  @Test func frameAtANormalisedTimeMatchesFFmpeg() throws {
    let dir = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let clip = try Self.clip(in: dir, rotation: 270)
    let out = dir.appendingPathComponent("frame.png")
    let result = try CLI.run("video", "frame", clip.path, "--at", "0.5", "-o", out.path)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("frame at 1.000 s"))
    let ours = try ImageFile.read(out).bitmap
    #expect(ours.width == 240 && ours.height == 320)
    let decibels = psnr(ours, try Self.reference(clip, index: 25))
    #expect(decibels >= 40, "PSNR \(decibels) dB")
    #expect(psnr(ours, try Self.reference(clip, index: 24)) < 30)
  }

  /// Times in seconds, milliseconds and clock notation name the same frame (1.5 s: frame
  /// 37, shown from 1.48 s).
  @Test func frameAtATimeInAnyNotation() throws {
    let dir = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let clip = try Self.clip(in: dir)
    var files: [Data] = []
    for time in ["1.5s", "1500ms", "0:01.5", "1.5"] {
      let out = dir.appendingPathComponent("frame-\(files.count).png")
      let result = try CLI.run("video", "frame", clip.path, "--time", time, "-o", out.path)
      #expect(result.status == 0 && result.output.contains("frame at 1.480 s"), "\(result)")
      files.append(try Data(contentsOf: out))
    }
    #expect(Set(files).count == 1)
    let ours = try ImageFile.read(dir.appendingPathComponent("frame-0.png")).bitmap
    #expect(psnr(ours, try Self.reference(clip, index: 37)) >= 40)
  }

  /// With a document, the frame is edited exactly as `lumen edit` edits the same frame saved
  /// as a still.
  @Test func frameThroughAnEditDocumentEqualsTheStillEdit() throws {
    let dir = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let clip = try Self.clip(in: dir)
    let doc = dir.appendingPathComponent("edit.json")
    try Data(
      """
      {"formatIdentifier": "org.lumen.edit", "formatVersion": 2, "operations": {
       "crop": {"x": 0.1, "y": 0.2, "width": 0.5, "height": 0.5},
       "adjustments": {"contrast": 0.3, "saturation": -0.4},
       "look": {"id": "noir", "intensity": 0.6},
       "vignette": {"intensity": 0.5}}}
      """.utf8
    ).write(to: doc)
    let still = dir.appendingPathComponent("still.png")
    let stillEdited = dir.appendingPathComponent("still-edited.png")
    let edited = dir.appendingPathComponent("edited.png")
    #expect(try CLI.run("video", "frame", clip.path, "--at", "0.3", "-o", still.path).status == 0)
    #expect(
      try CLI.run("edit", still.path, "--doc", doc.path, "-o", stillEdited.path).status == 0)
    let result = try CLI.run(
      "video", "frame", clip.path, "--at", "0.3", "--doc", doc.path, "-o", edited.path)
    #expect(result.status == 0, "\(result.errors)")
    let ours = try ImageFile.read(edited).bitmap
    let expected = try ImageFile.read(stillEdited).bitmap
    #expect(ours.width == 160 && ours.height == 120)
    #expect(psnr(ours, expected) >= 50)
    #expect(psnr(ours, try ImageFile.read(still).bitmap.cropped(160, 120)) < 30)
  }

  /// Four frames, each the middle of a quarter of the movie (frames 6, 18, 31, 43), scaled
  /// to 60 pixels high and placed side by side: each cell is ffmpeg's decode of its frame,
  /// resized by Lumen.
  @Test func thumbsStripHoldsEvenlySpacedFrames() throws {
    let dir = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let clip = try Self.clip(in: dir)
    let strip = dir.appendingPathComponent("strip.png")
    let result = try CLI.run(
      "video", "thumbs", clip.path, "-n", "4", "--height", "60", "-o", strip.path)
    #expect(result.status == 0, "\(result.errors)")
    let bitmap = try ImageFile.read(strip).bitmap
    #expect(bitmap.width == 320 && bitmap.height == 60)
    func thumbnail(_ index: Int) throws -> Bitmap {
      let frame = Image(bitmap: try Self.reference(clip, index: index))
      return try Renderer().bitmap(of: frame.resized(width: 80, height: 60), format: .rgb8)
    }
    for (cell, index) in [6, 18, 31, 43].enumerated() {
      let ours = bitmap.cropped(80, 60, x: 80 * cell)
      let decibels = psnr(ours, try thumbnail(index))
      #expect(decibels >= 40, "cell \(cell): PSNR \(decibels) dB against frame \(index)")
      #expect(psnr(ours, try thumbnail(index + 1)) < decibels - 10)
    }
  }

  /// `--progress-lines`: one JSON object a frame on standard output, counting to the clip's
  /// 50 frames (ffprobe counts them too), and a job run with `--until-stdin-closes` and a
  /// closed standard input stops as on SIGTERM and leaves nothing.
  @Test func progressLinesCountTheFramesAndAClosedInputStopsTheExport() throws {
    let dir = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let clip = try Self.clip(in: dir)
    let out = dir.appendingPathComponent("out.mp4")
    let result = try CLI.run("video", clip.path, "-o", out.path, "--progress-lines")
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n").filter { $0.hasPrefix("{") }
    let objects = lines.compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
    #expect(objects.count == lines.count && objects.count >= 2)
    let frames = try Program.text(
      of: "ffprobe",
      [
        "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
        "stream=nb_read_frames", "-of", "csv=p=0", out.path,
      ]
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(objects.last?["framesDone"] as? Int == Int(frames))
    #expect(objects.last?["frameCount"] as? Int == Int(frames))
    #expect(objects.last?["fraction"] as? Double == 1)
    // Standard input at its end from the start (/dev/null): stopped at once, nothing written.
    let stopped = dir.appendingPathComponent("stopped.mp4")
    let closed = try CLI.run(
      "video", clip.path, "-o", stopped.path, "--preset", "veryslow", "--until-stdin-closes")
    #expect(closed.status == 128 + SIGTERM, "\(closed.errors)")
    #expect(!FileManager.default.fileExists(atPath: stopped.path))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).allSatisfy {
        !$0.contains("lumen-partial")
      })
  }

  @Test func errorsNameTheFileAndTheProblem() throws {
    let dir = try CLI.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let missing = dir.appendingPathComponent("missing.mp4").path
    let absent = try CLI.run("video", "info", missing)
    #expect(absent.status == 1 && absent.errors == "lumen: error: \(missing): no such file\n")

    let sound = dir.appendingPathComponent("tone.m4a")
    try Self.ffmpeg(["-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac", sound.path])
    let out = dir.appendingPathComponent("frame.png")
    let noVideo = try CLI.run("video", "frame", sound.path, "--at", "0", "-o", out.path)
    #expect(noVideo.status == 1)
    #expect(noVideo.errors.contains("\(sound.path): the file has no video stream"))

    let clip = try Self.clip(in: dir)
    let nowhere = dir.appendingPathComponent("no/such/dir/frame.png").path
    let unwritable = try CLI.run("video", "frame", clip.path, "--at", "0.5", "-o", nowhere)
    #expect(unwritable.status == 1 && unwritable.errors.contains("cannot write the output"))
    let late = try CLI.run("video", "frame", clip.path, "--time", "3s", "-o", out.path)
    #expect(late.status == 1 && late.errors.contains("outside the movie"))
    #expect(!FileManager.default.fileExists(atPath: out.path))

    #expect(try CLI.run("video", "frame", clip.path, "-o", out.path).status == 2)
    #expect(try CLI.run("video", "frame", clip.path, "--time", "soon", "-o", out.path).status == 2)
    #expect(try CLI.run("video", "sideways", clip.path).status == 2)
    let help = try CLI.run("video", "--help")
    #expect(help.status == 0 && help.output.contains("lumen video thumbs"))
  }
}

extension Bitmap {
  /// A `width` x `height` window of an 8-bit RGB(A) bitmap from column `x`, row 0, as RGB.
  fileprivate func cropped(_ width: Int, _ height: Int, x: Int = 0) -> Bitmap {
    Bitmap(width: width, height: height, format: .rgb8) { target in
      for row in 0..<height {
        for column in 0..<width {
          let pixel = sample(x: x + column, y: row)
          for c in 0..<3 {
            target[3 * (row * width + column) + c] = UInt8((pixel[c] * 255).rounded())
          }
        }
      }
    }
  }
}
