extension VideoInfo {
  /// Why the stream's timing cannot be believed, or nil when its duration, average frame rate
  /// and (exact) frame count agree.
  ///
  /// A damaged header (an MP4 `mdhd` timescale of 0, which FFmpeg replaces with 1) makes
  /// frames last hundreds of seconds in a stream that lasts three, and an export would then
  /// repeat one frame for the whole declared length. Frames may be a little longer or shorter
  /// than the average (variable rates, an edit list cutting the ends), so only a factor of two
  /// beyond a frame is refused; a single still frame lasting the whole stream is fine.
  public var timingProblem: String? {
    guard let rate = video.averageFrameRate, rate.value > 0, duration.seconds > 0 else {
      return nil
    }
    let expected = duration.seconds * rate.value
    let frames = Double(video.frameCount.value)
    let consistent =
      expected >= 0.5
      && (!video.frameCount.isExact || (frames <= 2 * expected + 1 && frames >= expected / 2 - 1))
    guard !consistent else { return nil }
    return "its timing is inconsistent: \(video.frameCount) frames at \(Self.rounded(rate.value))"
      + " fps on average in \(Self.rounded(duration.seconds)) s"
  }

  private static func rounded(_ value: Double) -> String {
    let text = "\((value * 1000).rounded() / 1000)"
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}
