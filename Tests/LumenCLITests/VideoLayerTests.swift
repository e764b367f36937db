import Foundation
import LumenCodecs
import LumenCore
import LumenTestSupport
import Testing

/// Layers on video: a watermark (an SVG sticker, text, a brush stroke, a frame) on a whole
/// composition of two clips, a title shown only in the second: the exported frame, decoded by
/// ffmpeg, equals the still render of the document at that moment as 4:2:0 video can carry it
/// (ffmpeg's conversion of the still to yuv420p and back: the watermark's hard coloured edges
/// lose chroma in any such video, which is the format's doing, not the pipeline's).
@Suite(.tags(.oracle), .requires(.ffmpeg))
struct VideoLayerTests {
  static let watermark = """
    {"formatIdentifier":"org.lumen.edit","formatVersion":4,"layers":[
     {"id":"border","kind":"frame","frame":"asset:lumen.frame/film-strip","size":0.06},
     {"id":"logo","kind":"image","source":"asset:lumen.sticker/travel/camera",
      "transform":{"x":0.86,"y":0.8,"width":0.22,"height":0.22}},
     {"id":"credit","kind":"text","text":"© Lumen","font":"DejaVu Sans:style=Bold","size":0.07,
      "color":[1,1,1,0.9],"outline":[0,0,0,1],"transform":{"x":0.3,"y":0.85,"width":0.8}},
     {"id":"mark","kind":"brush","strokes":[{"points":[[0.1,0.15],[0.3,0.2],[0.5,0.15]],
      "size":0.02,"color":[1,0.8,0,1]}]},
     {"id":"title","kind":"textDesign","text":"Part two","font":"DejaVu Sans:style=Bold",
      "recipe":"banner","timeSpan":{"base":"seconds","start":2.5},
      "transform":{"x":0.5,"y":0.45,"width":0.8}}]}
    """

  @Test(.enabled(if: TextLayerTests.fontsInstalled, "needs fonts-dejavu-core (scripts/setup.sh)"))
  func aWatermarkedExportEqualsTheStillRenderAtThatMoment() throws {
    let dir = try CLI.scratch()
    // Smooth colour, as in camera footage, between a blue and a green named here: the source's
    // colours are otherwise random whatever its seed (and were once as red as the title the
    // test looks for).
    let clip = dir.appendingPathComponent("smooth.mp4")
    try VideoCommandTests.ffmpeg([
      "-f", "lavfi", "-i",
      "gradients=size=320x240:rate=25:duration=2:speed=0.05:seed=7:c0=0x2a5d8f:c1=0x5f9e4a",
      "-c:v", "libx264", "-pix_fmt", "yuv420p", clip.path,
    ])
    let doc = dir.appendingPathComponent("watermark.json")
    try Data(Self.watermark.utf8).write(to: doc)
    let movie = dir.appendingPathComponent("marked.mp4")
    let export = try CLI.run(
      "video", clip.path, clip.path, "--doc", doc.path, "--crf", "18", "-o", movie.path)
    #expect(export.status == 0, "\(export.errors)")
    // Frame 25 (1.0 s, in the first clip) against the still render of that moment.
    let exported = try Self.expectFrame(25, of: movie, equalsStill: "1.0", of: clip, doc: doc)
    // The unmarked frame is far from it: the watermark is there.
    let plain = try VideoCommandTests.reference(clip, index: 25)
    #expect(psnr(exported, plain) < 30)
    // The title shows from 2.5 s of the composition (frame 75, in the second clip), not before.
    let before = try VideoCommandTests.reference(movie, index: 50)
    let after = try VideoCommandTests.reference(movie, index: 75)
    func red(_ b: Bitmap) -> Int {
      var count = 0
      for y in stride(from: 80, to: 140, by: 2) {
        for x in stride(from: 60, to: 260, by: 2) {
          let p = b.sample(x: x, y: y)
          if p[0] > 0.75, p[1] < 0.45, p[2] < 0.4 { count += 1 }
        }
      }
      return count
    }
    #expect(red(after) > 200 && red(before) < red(after) / 4, "\(red(before)) \(red(after))")
    // `video frame` draws the document as it is at the frame's moment, as the export does: a
    // title from 1.5 s is not on the frame at 1 s, and is on the one at 1.8 s.
    try Data(Self.watermark.replacingOccurrences(of: "\"start\":2.5", with: "\"start\":1.5").utf8)
      .write(to: doc)
    var counts: [Int] = []
    for time in ["1.0", "1.8"] {
      let out = dir.appendingPathComponent("at-\(time).png")
      let result = try CLI.run(
        "video", "frame", clip.path, "--time", time, "--doc", doc.path, "-o", out.path)
      #expect(result.status == 0, "\(result.errors)")
      counts.append(red(try ImageFile.read(out).bitmap))
    }
    #expect(counts[1] > 200 && counts[0] < counts[1] / 4, "\(counts)")
  }

  /// Two animated stickers on a grey clip: a GIF (red 0.2 s, green 0.3 s, blue 0.5 s, looping)
  /// from the start, and the same animation as a WebP (made by gif2webp) from 0.5 s. Each
  /// exported frame shows the frame of its moment, counted from when its layer appeared, and
  /// equals `video frame`'s still render of that moment.
  @Test(.requires(.gif2webp))
  func animatedStickersPlayFromWhenTheirLayerAppears() throws {
    let dir = try CLI.scratch()
    let clip = dir.appendingPathComponent("grey.mp4")
    try VideoCommandTests.ffmpeg([
      "-f", "lavfi", "-i", "color=c=gray:size=160x120:rate=25:duration=2", "-c:v", "libx264",
      "-pix_fmt", "yuv420p", clip.path,
    ])
    let gif = dir.appendingPathComponent("spin.gif")
    try GIFFile.solidFrames(
      width: 16, height: 16, frames: [(255, 0, 0, 20), (0, 255, 0, 30), (0, 0, 255, 50)]
    ).write(to: gif)
    try Program.output(
      of: "gif2webp", [gif.path, "-o", dir.appendingPathComponent("spin.webp").path])
    let doc = dir.appendingPathComponent("stickers.json")
    try Data(
      """
      {"formatIdentifier":"org.lumen.edit","formatVersion":4,"layers":[
       {"id":"gif","kind":"image","source":"spin.gif",
        "transform":{"x":0.25,"y":0.5,"width":0.4,"height":0.4}},
       {"id":"webp","kind":"image","source":"spin.webp","timeSpan":{"base":"seconds","start":0.5},
        "transform":{"x":0.8,"y":0.5,"width":0.4,"height":0.4}}]}
      """.utf8
    ).write(to: doc)
    let movie = dir.appendingPathComponent("stickers.mp4")
    let export = try CLI.run("video", clip.path, "--doc", doc.path, "--crf", "18", "-o", movie.path)
    #expect(export.status == 0, "\(export.errors)")

    /// Which of red, green, blue (0, 1, 2) is strong at `x`, y = 60; nil: none (grey).
    func color(_ bitmap: Bitmap, x: Int) -> Int? {
      let p = bitmap.sample(x: x, y: 60)
      return (0..<3).first { c in p[c] > 0.6 && (0..<3).allSatisfy { $0 == c || p[$0] < 0.35 } }
    }
    // Frame n is at n / 25 s (frame 30 is 1.2 s: the GIF's second loop, just turned green);
    // the WebP starts at 0.5 s.
    let expected: [(frame: Int, gif: Int, webp: Int?)] = [
      (0, 0, nil), (7, 1, nil), (15, 2, 0), (21, 2, 1), (30, 1, 2), (40, 2, 0), (47, 2, 1),
    ]
    for (frame, gifColor, webpColor) in expected {
      let exported = try VideoCommandTests.reference(movie, index: frame)
      #expect(color(exported, x: 40) == gifColor, "frame \(frame)")
      #expect(color(exported, x: 128) == webpColor, "frame \(frame)")
    }
    // Frame 30 (1.2 s) against the still render of that moment.
    try Self.expectFrame(30, of: movie, equalsStill: "1.2", of: clip, doc: doc)
  }

  /// Checks that frame `index` of `movie` equals `video frame`'s render of `clip` at `time`
  /// with `doc`, as 4:2:0 video carries it (>= 38 dB); returns the exported frame.
  @discardableResult
  static func expectFrame(
    _ index: Int, of movie: URL, equalsStill time: String, of clip: URL, doc: URL
  ) throws -> Bitmap {
    let dir = movie.deletingLastPathComponent()
    let still = dir.appendingPathComponent("still-\(time).png")
    let frame = try CLI.run(
      "video", "frame", clip.path, "--time", time, "--doc", doc.path, "-o", still.path)
    #expect(frame.status == 0, "\(frame.errors)")
    let carried = dir.appendingPathComponent("still-\(time)-420.png")
    try VideoCommandTests.ffmpeg([
      "-i", still.path, "-vf", "format=yuv420p,format=rgb24", carried.path,
    ])
    let exported = try VideoCommandTests.reference(movie, index: index)
    let expected = try ImageFile.read(carried).bitmap
    #expect(psnr(exported, expected) >= 38, "\(psnr(exported, expected)) dB")
    return exported
  }
}
