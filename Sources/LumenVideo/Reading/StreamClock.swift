import CFFmpeg

/// A video stream's clock: timestamps in ticks of its time base, counted from its start.
struct StreamClock {
  let timeBase: AVRational
  let start: Int64

  init(_ stream: UnsafePointer<AVStream>) {
    timeBase = stream.pointee.time_base
    let start = stream.pointee.start_time
    self.start = start == ReaderCall.noTimestamp ? 0 : start
  }

  /// The time of `timestamp` from the start, exactly (ticks times the time base's numerator
  /// over its denominator).
  func time(of timestamp: Int64) -> PresentationTime {
    span(timestamp - start)
  }

  /// A span of `ticks`, exactly.
  func span(_ ticks: Int64) -> PresentationTime {
    PresentationTime(value: ticks * Int64(timeBase.num), timescale: timeBase.den)
  }

  /// The timestamp at `seconds` from the start, to the nearest tick (ticks are the finest
  /// times a frame can have, so a time typed as decimals lands on the tick it means).
  func timestamp(at seconds: Double) -> Int64 {
    start + Int64((seconds * Double(timeBase.den) / Double(timeBase.num)).rounded())
  }

  /// Whole ticks in `seconds` (at least one).
  func ticks(inSeconds seconds: Double) -> Int64 {
    max(1, Int64((seconds * Double(timeBase.den) / Double(timeBase.num)).rounded()))
  }

  /// Ticks one frame lasts at `rate` frames per second (at least one).
  func ticks(perFrameAt rate: Fraction) -> Int64 {
    ticks(inSeconds: 1 / rate.value)
  }
}
