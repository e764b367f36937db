import Foundation

/// What an export reports while it runs: progress after each frame is encoded, then, last,
/// the finished file.
public enum VideoExportEvent: Sendable, Hashable {
  case progress(VideoExportProgress)
  /// The movie is complete at this URL (renamed into place); the stream ends after it.
  case finished(URL)
}

/// How far an export has come.
public struct VideoExportProgress: Sendable, Hashable {
  /// Frames encoded so far.
  public var framesDone: Int
  /// Frames the movie will have.
  public var frameCount: Int
  /// Seconds since the export started.
  public var elapsed: Double
  /// Seconds still to go at the speed so far; nil before the speed is known (2 frames).
  public var estimatedTimeRemaining: Double?

  public init(
    framesDone: Int, frameCount: Int, elapsed: Double, estimatedTimeRemaining: Double? = nil
  ) {
    self.framesDone = framesDone
    self.frameCount = frameCount
    self.elapsed = elapsed
    self.estimatedTimeRemaining = estimatedTimeRemaining
  }

  /// The share done, 0...1.
  public var fraction: Double {
    frameCount > 0 ? min(1, Double(framesDone) / Double(frameCount)) : 1
  }

  /// Progress after `framesDone` of `frameCount` frames in `elapsed` seconds.
  static func measured(framesDone: Int, frameCount: Int, elapsed: Double) -> Self {
    let remaining =
      framesDone >= 2
      ? elapsed / Double(framesDone) * Double(frameCount - framesDone) : nil
    return Self(
      framesDone: framesDone, frameCount: frameCount, elapsed: elapsed,
      estimatedTimeRemaining: remaining)
  }
}
