import Foundation
import LumenCore

/// A moving picture, an animated GIF or WebP (a sticker that plays on a video): every frame as
/// a viewer shows it (composed over the ones before by the file's disposal rules), with the
/// time it starts.
///
/// All frames are decoded when the file is read, within the decode options' memory budget:
/// stickers are small, and a video asks for frames in order many times over.
public struct AnimatedImage: Sendable {
  /// One picture of the animation, on the whole canvas.
  public struct Frame: Sendable {
    /// Seconds from the animation's start.
    public let start: Double
    public let duration: Double
    /// 8-bit RGBA, straight alpha, sRGB.
    public let bitmap: Bitmap
  }

  /// The formats that animate.
  public enum Format: String, Sendable {
    case gif
    case webp
  }

  /// The most frames read: far above any sticker, and it keeps the frame list small for a
  /// file of tiny frames.
  public static let maxFrameCount = 10_000
  /// The largest file read.
  public static let maxByteCount = 64 << 20

  public let format: Format
  public let width: Int
  public let height: Int
  /// In order of their start; never empty.
  public let frames: [Frame]
  /// How many times the animation plays; nil: forever.
  public let loopCount: Int?

  /// Seconds one play lasts.
  public var duration: Double { frames[frames.count - 1].start + frames[frames.count - 1].duration }

  /// The format of an animation whose file starts with `head` (its first 32 bytes suffice):
  /// any GIF, or a WebP whose extended header says it is animated; nil for anything else.
  public static func format(detecting head: some Collection<UInt8>) -> Format? {
    let bytes = Array(head.prefix(32))
    func matches(_ text: String, at offset: Int) -> Bool {
      let signature = Array(text.utf8)
      return bytes.count >= offset + signature.count
        && Array(bytes[offset..<(offset + signature.count)]) == signature
    }
    if matches("GIF87a", at: 0) || matches("GIF89a", at: 0) { return .gif }
    // RIFF, size, WEBP, then a VP8X chunk whose flags (byte 20) have the animation bit.
    if matches("RIFF", at: 0), matches("WEBPVP8X", at: 8), bytes.count > 20,
      bytes[20] & 0x02 != 0
    {
      return .webp
    }
    return nil
  }

  /// The animation in `data`, named `name` in errors.
  public init(data: Data, name: String, options: DecodeOptions = DecodeOptions())
    throws(CodecError)
  {
    guard let format = Self.format(detecting: data) else {
      throw CodecError(file: name, problem: .unsupported("not an animated GIF or WebP"))
    }
    let result = data.withUnsafeBytes { bytes in
      Result { () throws(CodecError.Problem) -> Decoded in
        switch format {
        case .gif: try GIFDecoder.decode(bytes, options: options)
        case .webp: try AnimatedWebPDecoder.decode(bytes, options: options)
        }
      }
    }
    let decoded: Decoded
    switch result {
    case .success(let value): decoded = value
    case .failure(let problem): throw CodecError(file: name, problem: problem)
    }
    self.format = format
    (width, height, frames, loopCount) =
      (decoded.width, decoded.height, decoded.frames, decoded.loopCount)
  }

  /// Reads the animation in the regular file at `path` (at most ``maxByteCount`` bytes).
  public init(contentsOf path: String, options: DecodeOptions = DecodeOptions())
    throws(CodecError)
  {
    let data: Data
    do {
      data = try RegularFile.contents(of: path, limit: Self.maxByteCount)
    } catch {
      throw CodecError(file: path, problem: .io(error.reason))
    }
    try self.init(data: data, name: path, options: options)
  }

  /// The frame showing `seconds` after the animation starts: it repeats as its loop count
  /// says, then rests on its last frame. Before the start, or at a time that is not a number,
  /// the first frame shows.
  public func frameIndex(at seconds: Double) -> Int {
    let length = duration
    guard seconds.isFinite, seconds > 0, length > 0 else { return 0 }
    if let loopCount, seconds >= length * Double(loopCount) { return frames.count - 1 }
    // A nanosecond's tolerance: a video frame's moment (n / rate, then the remainder) that
    // lands on a frame's start by arithmetic shows that frame, not a rounding of the previous.
    let time = seconds.truncatingRemainder(dividingBy: length) + 1e-9
    // The last frame starting at or before `time`.
    var (low, high) = (0, frames.count - 1)
    while low < high {
      let middle = (low + high + 1) / 2
      if frames[middle].start <= time { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The frame showing `seconds` after the animation starts (see ``frameIndex(at:)``).
  public func frame(at seconds: Double) -> Frame { frames[frameIndex(at: seconds)] }

  /// What a decoder returns.
  struct Decoded {
    var width: Int
    var height: Int
    var frames: [Frame]
    var loopCount: Int?
  }
}

extension AnimatedImage.Decoded {
  /// Refuses one more frame of `width` x `height` RGBA when all of them would not fit within
  /// the budget or the frame count.
  static func checkRoom(
    forFrame number: Int, width: Int, height: Int, options: DecodeOptions
  ) throws(CodecError.Problem) {
    guard number < AnimatedImage.maxFrameCount else {
      throw .unsupported("more than \(AnimatedImage.maxFrameCount) frames")
    }
    // Sizes were checked against the pixel limit, so this cannot overflow.
    try options.checkMemory((number + 1) * width * height * 4, for: "\(number + 1) frames")
  }
}
