import Foundation

/// One movie on a composition's timeline and the part of it that plays.
public struct VideoClip: Sendable, Hashable {
  public var url: URL
  /// The part that plays, in seconds from the clip's first frame (the times a
  /// ``VideoFrameReader`` reports); `nil` plays it all. The upper bound may be `.infinity` or
  /// past the end: the clip then plays to its end.
  public var trim: Range<Double>?

  public init(url: URL, trim: Range<Double>? = nil) {
    self.url = url
    self.trim = trim
  }
}
