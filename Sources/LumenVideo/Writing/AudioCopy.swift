import Foundation

/// An audio stream copied packet for packet into the output: no decoding, no quality loss, and
/// almost no work. The container must be able to carry the codec (AAC, MP3, ALAC, AC-3... in
/// MP4 and MOV); otherwise the writer refuses at its start and ``AudioMix`` re-encodes.
///
/// A copy cuts between compressed packets (about 21 ms each for AAC at 48 kHz), so a
/// ``range`` that starts or ends mid-packet is kept to the whole packets it touches; the
/// container's edit list hides the part before the start from players. Use an ``AudioMix``
/// when the cut must be exact.
public struct AudioCopy: Sendable, Hashable {
  public var url: URL
  /// The index of the stream in the file; `nil` takes the file's main audio stream.
  public var streamIndex: Int?
  /// The span to copy, in seconds of the source's timeline; its start becomes time 0 of the
  /// output (so the video must be cut the same way). `nil` copies the whole stream at the
  /// source's own times. The upper bound may be `.infinity`.
  public var range: Range<Double>?

  public init(url: URL, streamIndex: Int? = nil, range: Range<Double>? = nil) {
    self.url = url
    self.streamIndex = streamIndex
    self.range = range
  }

  /// Throws ``VideoWriterError/invalidSettings(_:)`` naming the first value out of range (the
  /// writer checks this before creating any file).
  public func validate() throws(VideoWriterError) {
    try AudioTrackSource.validate(range: range, file: url.path)
  }
}
