/// Frame rates as people write them.
extension VideoEncodeSettings.FrameRate {
  /// Why a text is not a frame rate.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public let text: String
    public var description: String {
      "\"\(text.prefix(100))\" is not a frame rate such as 30, 29.97 or 30000/1001"
    }
  }

  /// Reads `30`, `29.97` or `30000/1001`. NTSC rates written rounded (29.97, 23.976, 59.94)
  /// become their exact thousand-and-one fractions.
  public init(parsing text: String) throws(ParseError) {
    let failure = ParseError(text: text)
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 2 {
      guard let numerator = Int32(parts[0]), let denominator = Int32(parts[1]), numerator > 0,
        denominator > 0,
        VideoEncodeSettings.frameRateRange.contains(Double(numerator) / Double(denominator))
      else { throw failure }
      self.init(numerator: numerator, denominator: denominator)
      return
    }
    guard parts.count == 1, let value = Double(text),
      VideoEncodeSettings.frameRateRange.contains(value)
    else { throw failure }
    if value == value.rounded() {
      self.init(numerator: Int32(value))
      return
    }
    let ntsc = (value * 1.001).rounded()
    if abs(ntsc / 1.001 - value) < 0.01 {
      self.init(numerator: Int32(ntsc) * 1000, denominator: 1001)
    } else {
      self.init(numerator: Int32((value * 1000).rounded()), denominator: 1000)
    }
  }
}
