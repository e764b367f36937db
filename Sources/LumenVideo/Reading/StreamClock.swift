import CFFmpeg

/// A video stream's clock: timestamps in ticks of its time base, counted from its start.
struct StreamClock {
  let timeBase: AVRational
  let start: Int64

  init(_ stream: UnsafePointer<AVStream>) {
    let tick = stream.pointee.time_base
    // libavformat gives every stream a valid time base; a broken one reads as microseconds.
    timeBase = tick.num > 0 && tick.den > 0 ? tick : AVRational(num: 1, den: AV_TIME_BASE)
    let start = stream.pointee.start_time
    self.start = start == FFmpegCode.noTimestamp ? 0 : start
  }

  /// The time of `timestamp` from the start, exactly (ticks times the time base's numerator
  /// over its denominator).
  func time(of timestamp: Int64) -> PresentationTime {
    span(timestamp &- start)
  }

  /// A span of `ticks`, exactly.
  func span(_ ticks: Int64) -> PresentationTime {
    PresentationTime(value: ticks &* Int64(timeBase.num), timescale: timeBase.den)
  }

  /// The timestamp at `seconds` from the start, to the nearest tick (ticks are the finest
  /// times a frame can have, so a time typed as decimals lands on the tick it means).
  func timestamp(at seconds: Double) -> Int64 {
    start &+ ticks(seconds)
  }

  /// Whole ticks in `seconds` (at least one).
  func ticks(inSeconds seconds: Double) -> Int64 {
    max(1, ticks(seconds))
  }

  /// The nearest whole number of ticks to `seconds`, within a range no timestamp arithmetic
  /// overflows.
  private func ticks(_ seconds: Double) -> Int64 {
    let ticks = (seconds * Double(timeBase.den) / Double(timeBase.num)).rounded()
    guard ticks.isFinite else { return 0 }
    let limit = Double(Int64.max / 4)
    return Int64(min(max(ticks, -limit), limit))
  }

  /// Ticks one frame lasts at `rate` frames per second (at least one).
  func ticks(perFrameAt rate: Fraction) -> Int64 {
    ticks(inSeconds: 1 / rate.value)
  }
}
