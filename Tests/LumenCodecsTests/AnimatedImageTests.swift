import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// Animated GIF and WebP against ImageMagick's composed frames (`-coalesce`) and libwebp's own
/// tools, then forged and truncated files.
@Suite struct AnimatedImageTests {
  /// Four frames on a 48 x 32 canvas exercising every disposal: a red block left in place,
  /// a blue band put back afterwards, a green square cleared afterwards (with a 1/100 s delay,
  /// which plays as 1/10), and a yellow square; played 3 times.
  static func makeGIF(in directory: URL, interlaced: Bool = false) throws -> URL {
    let gif = directory.appendingPathComponent(interlaced ? "interlaced.gif" : "animation.gif")
    try Program.output(
      of: "convert",
      [
        "-dispose", "none", "-delay", "10",
        "(", "-size", "48x32", "xc:none", "-fill", "red", "-draw", "rectangle 2,2 30,20", ")",
        "-dispose", "previous", "-delay", "25",
        "(", "-size", "20x10", "xc:blue", "-repage", "48x32+10+5", ")",
        "-dispose", "background", "-delay", "1",
        "(", "-size", "12x12", "xc:lime", "-repage", "48x32+30+15", ")",
        "-dispose", "none", "-delay", "50",
        "(", "-size", "8x8", "xc:yellow", "-repage", "48x32+2+20", ")",
        "-loop", "3",
      ] + (interlaced ? ["-interlace", "GIF"] : []) + [gif.path])
    return gif
  }

  /// ImageMagick's frames of `file`, each as a viewer shows it.
  static func coalescedFrames(of file: URL, in directory: URL) throws -> [Bitmap] {
    let pattern = directory.appendingPathComponent("frame-%d.png").path
    try Program.output(of: "convert", [file.path, "-coalesce", "PNG32:" + pattern])
    return try (0..<4).map {
      try ImageFile.read(directory.appendingPathComponent("frame-\($0).png")).bitmap
    }
  }

  /// The pixels as RGBA bytes, the colour of transparent pixels zeroed (formats may keep any).
  static func visible(_ bitmap: Bitmap) -> [UInt8] {
    var bytes = Support.bytes(of: bitmap)
    for pixel in stride(from: 0, to: bytes.count, by: 4) where bytes[pixel + 3] == 0 {
      bytes.replaceSubrange(pixel..<(pixel + 3), with: [0, 0, 0])
    }
    return bytes
  }

  @Test(.tags(.oracle), .requires(.imageMagick, .webpmux), arguments: [false, true])
  func gifFramesEqualImageMagicksComposition(interlaced: Bool) throws {
    let directory = try Scratch.directory()
    let gif = try Self.makeGIF(in: directory, interlaced: interlaced)
    let animation = try AnimatedImage(contentsOf: gif.path)
    #expect(animation.format == .gif)
    #expect(animation.width == 48 && animation.height == 32 && animation.loopCount == 3)
    let theirs = try Self.coalescedFrames(of: gif, in: directory)
    #expect(animation.frames.count == theirs.count)
    for (ours, theirs) in zip(animation.frames, theirs) {
      #expect(Self.visible(ours.bitmap) == Self.visible(theirs))
    }
    #expect(animation.frames.map(\.duration) == [0.1, 0.25, 0.1, 0.5])
    #expect(animation.frames.map(\.start) == [0, 0.1, 0.35, 0.45])
  }

  /// gif2webp turns the GIF into a lossless animated WebP; libwebp's decoder composes the
  /// same frames, and webpmux reports the durations and loop count read.
  @Test(.tags(.oracle), .requires(.imageMagick, .gif2webp, .webpmux))
  func webpFramesEqualTheGIFsTheyWereMadeFrom() throws {
    let directory = try Scratch.directory()
    let gif = try Self.makeGIF(in: directory)
    let webp = directory.appendingPathComponent("animation.webp")
    try Program.output(of: "gif2webp", [gif.path, "-o", webp.path])
    let animation = try AnimatedImage(contentsOf: webp.path)
    #expect(animation.format == .webp && animation.loopCount == 3)
    let theirs = try Self.coalescedFrames(of: gif, in: directory)
    #expect(animation.frames.count == theirs.count)
    for (ours, theirs) in zip(animation.frames, theirs) {
      #expect(Self.visible(ours.bitmap) == Self.visible(theirs))
    }
    let info = try Program.text(of: "webpmux", ["-info", webp.path])
    let durations = info.split(separator: "\n").compactMap { line -> Double? in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count > 7, fields[0].hasSuffix(":"), let ms = Double(fields[6]) else {
        return nil
      }
      return ms / 1000
    }
    #expect(durations == animation.frames.map(\.duration))
    #expect(info.contains("Loop Count : 3"))
  }

  /// The GIFs other suites write (LumenTestSupport's `GIFFile`) read alike here and in
  /// ImageMagick, large enough for many clear codes.
  @Test(.tags(.oracle), .requires(.imageMagick))
  func writtenGIFsReadAsImageMagickReadsThem() throws {
    let directory = try Scratch.directory()
    let file = directory.appendingPathComponent("solid.gif")
    try GIFFile.solidFrames(
      width: 61, height: 37,
      frames: [(250, 10, 20, 5), (0, 128, 255, 7), (255, 255, 255, 1)]
    ).write(to: file)
    let animation = try AnimatedImage(contentsOf: file.path)
    #expect(animation.loopCount == nil && animation.frames.map(\.duration) == [0.05, 0.07, 0.1])
    let pattern = directory.appendingPathComponent("frame-%d.png").path
    try Program.output(of: "convert", [file.path, "-coalesce", "PNG32:" + pattern])
    for (index, frame) in animation.frames.enumerated() {
      let theirs = try ImageFile.read(directory.appendingPathComponent("frame-\(index).png"))
      #expect(Support.bytes(of: frame.bitmap) == Support.bytes(of: theirs.bitmap))
    }
    let first = Support.bytes(of: animation.frames[0].bitmap)
    #expect(first.count == 61 * 37 * 4 && first.prefix(4) == [250, 10, 20, 255])
  }

  @Test func playsAsItsLoopCountSaysThenRestsOnTheLastFrame() throws {
    let animation = try AnimatedImage(data: Self.tinyGIF(repeats: 1), name: "tiny.gif")
    #expect(animation.frames.count == 2 && animation.duration == 0.5 && animation.loopCount == 2)
    let times: [Double] = [-1, .nan, .infinity, 0, 0.19, 0.2, 0.5, 0.8, 0.99, 1.0, 7]
    #expect(times.map(animation.frameIndex(at:)) == [0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1])
    let forever = try AnimatedImage(data: Self.tinyGIF(repeats: 0), name: "tiny.gif")
    #expect(forever.loopCount == nil && forever.frameIndex(at: 100.3) == 1)
    // 1.2 s is 0.19999999999999996 into the third play, by arithmetic: the frame from 0.2.
    #expect(forever.frameIndex(at: 30.0 / 25) == 1)
  }

  /// A 2 x 1 GIF of two frames of 0.2 and 0.3 s (a black then a white pixel), written by hand,
  /// with a NETSCAPE2.0 loop block repeating it `repeats` times after the first (0: forever).
  static func tinyGIF(repeats: Int) -> Data {
    var bytes: [UInt8] = Array("GIF89a".utf8) + [2, 0, 1, 0, 0x80, 0, 0]
    bytes += [0, 0, 0, 255, 255, 255]  // the global table: black, white
    bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, UInt8(repeats), 0, 0]
    for (delay, index) in [(20, 0), (30, 1)] as [(UInt8, UInt8)] {
      bytes += [0x21, 0xF9, 4, 0, delay, 0, 0, 0]
      // The image: 2 x 1 at 0,0; LZW minimum code size 2; clear (4), two indices, end (5).
      bytes += [0x2C, 0, 0, 0, 0, 2, 0, 1, 0, 0, 2]
      // 3 bits a code, as a 2-bit minimum code size starts.
      bytes += GIFFile.subBlocks(GIFFile.pack([4, Int(index), Int(index), 5], bits: 3))
    }
    return Data(bytes + [0x3B])
  }

  @Test func aTrailerlessGIFKeepsItsFramesAndACutFrameIsTruncated() throws {
    let whole = Self.tinyGIF(repeats: 0)
    let withoutTrailer = try AnimatedImage(data: whole.dropLast(), name: "t.gif")
    #expect(withoutTrailer.frames.count == 2)
    for cut in [10, 13, 40, whole.count - 6] {
      #expect(throws: CodecError.self) {
        try AnimatedImage(data: whole.prefix(cut), name: "cut.gif")
      }
    }
  }

  /// A forged 65535 x 65535 screen is refused from its header, before any canvas exists;
  /// a frame reaching past the screen draws only what is on it, and one whose data is shorter
  /// than it claims is refused.
  @Test func forgedSizesAreRefusedOrClipped() throws {
    var huge = [UInt8](Self.tinyGIF(repeats: 0))
    huge.replaceSubrange(6..<10, with: [0xFF, 0xFF, 0xFF, 0xFF])
    let error = #expect(throws: CodecError.self) {
      try AnimatedImage(
        data: Data(huge), name: "huge.gif", options: DecodeOptions(memoryBudget: 64 << 20))
    }
    #expect("\(error.map { "\($0)" } ?? "")".contains("huge.gif"))

    // The first frame moved one column right: its second pixel falls off the screen.
    var shifted = [UInt8](Self.tinyGIF(repeats: 0))
    let descriptor = shifted.indices.first { shifted[$0] == 0x2C } ?? 0
    shifted[descriptor + 1] = 1
    let clipped = try AnimatedImage(data: Data(shifted), name: "shifted.gif")
    #expect(Support.bytes(of: clipped.frames[0].bitmap) == [0, 0, 0, 0, 0, 0, 0, 255])
    // A frame claiming 65535 columns whose data holds two is cut short.
    shifted.replaceSubrange((descriptor + 5)..<(descriptor + 7), with: [0xFF, 0xFF])
    #expect(throws: CodecError.self) { try AnimatedImage(data: Data(shifted), name: "wide.gif") }
  }

  @Test func budgetBoundsTheFramesHeld() throws {
    let gif = Self.tinyGIF(repeats: 0)
    // Two 2 x 1 frames need 16 bytes; a budget of 12 holds only one.
    #expect(throws: CodecError.self) {
      try AnimatedImage(data: gif, name: "t.gif", options: DecodeOptions(memoryBudget: 12))
    }
    #expect(
      try AnimatedImage(data: gif, name: "t.gif", options: DecodeOptions(memoryBudget: 16))
        .frames.count == 2)
  }

  @Test func detectsOnlyAnimations() {
    #expect(AnimatedImage.format(detecting: Array("GIF87a".utf8)) == .gif)
    #expect(AnimatedImage.format(detecting: Array("GIF8".utf8)) == nil)
    let still: [UInt8] =
      Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8) + [UInt8](repeating: 0, count: 12)
    #expect(AnimatedImage.format(detecting: still) == nil)
    var animated: [UInt8] = Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8X".utf8) + [10, 0, 0, 0, 0x12]
    #expect(AnimatedImage.format(detecting: animated) == .webp)
    animated[20] = 0x10
    #expect(AnimatedImage.format(detecting: animated) == nil)
  }
}
