import Foundation

/// One span of a file's audio placed on the output's timeline, for an ``AudioMix``: a clip's
/// sound in a sequence, or a music track under the whole movie.
public struct AudioTrackSource: Sendable, Hashable {
  public var url: URL
  /// The index of the stream in the file; `nil` takes the file's main audio stream.
  public var streamIndex: Int?
  /// The span to use, in seconds of the source's timeline, cut to the sample. `nil` uses the
  /// whole stream from the source's time 0. The upper bound may be `.infinity`.
  public var range: Range<Double>?
  /// Where the span begins on the output's timeline, in seconds.
  public var start: Double
  /// A linear gain: 1 leaves the level alone, 0.5 is about -6 dB, 0 silences.
  public var volume: Double

  public init(
    url: URL, streamIndex: Int? = nil, range: Range<Double>? = nil, start: Double = 0,
    volume: Double = 1
  ) {
    self.url = url
    self.streamIndex = streamIndex
    self.range = range
    self.start = start
    self.volume = volume
  }

  /// The accepted gains: silence to +24 dB.
  public static let volumeRange = 0.0...16.0

  /// Throws ``VideoWriterError/invalidSettings(_:)`` naming the first value out of range (the
  /// writer checks this before creating any file).
  public func validate() throws(VideoWriterError) {
    try Self.validate(range: range, file: url.path)
    guard PresentationTime.accepts(start) else {
      throw .invalidSettings(
        "\(url.path): the audio start \(start) s is not a time in 0...\(Self.longest) s")
    }
    guard Self.volumeRange.contains(volume) else {
      throw .invalidSettings("\(url.path): volume \(volume) is outside \(Self.volumeRange)")
    }
  }

  static func validate(range: Range<Double>?, file: String) throws(VideoWriterError) {
    guard let range else { return }
    // The upper bound may be infinite (to the end), not merely huge.
    guard PresentationTime.accepts(range.lowerBound), !range.isEmpty,
      PresentationTime.accepts(range.upperBound) || range.upperBound == .infinity
    else {
      throw .invalidSettings(
        "\(file): the audio range \(range.lowerBound)..<\(range.upperBound) s is empty or"
          + " not within 0...\(longest) s")
    }
  }

  private static var longest: String { "\(Int(PresentationTime.longestSeconds))" }
}
