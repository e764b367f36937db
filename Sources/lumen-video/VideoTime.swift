import LumenCommandLine
import LumenVideo

/// Times typed on the command line: seconds (`3.2`, `3.2s`), milliseconds (`1500ms`), or
/// clock notation (`1:02.5`, `1:00:02`).
enum VideoTime {
  /// The seconds `text` says, from 0 to ``PresentationTime/longestSeconds`` (NaN, infinity
  /// and huge times are refused before anything converts them); errors name `option`.
  static func seconds(parsing text: String, option: String? = nil) throws(UsageError) -> Double {
    let seconds = try parse(text, option: option)
    guard PresentationTime.accepts(seconds) else {
      throw UsageError(
        (option.map { "\($0): " } ?? "") + "\(UsageError.quoted(text)) is not a time within 0 and "
          + "\(Int(PresentationTime.longestSeconds)) seconds")
    }
    return seconds
  }

  private static func parse(_ text: String, option: String?) throws(UsageError) -> Double {
    let failure = UsageError(
      (option.map { "\($0): " } ?? "") + "cannot read \(UsageError.quoted(text)) as a time "
        + "(use seconds such as 3.2 or 3.2s, 1500ms, or 1:02.5)")
    if text.hasSuffix("ms") {
      guard let milliseconds = Double(text.dropLast(2)), milliseconds.isFinite else {
        throw failure
      }
      return milliseconds / 1000
    }
    let parts = (text.hasSuffix("s") ? text.dropLast() : text[...]).split(
      separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { throw failure }
    var seconds = 0.0
    for (index, part) in parts.enumerated() {
      guard let value = Double(part), value.isFinite, value >= 0,
        index == parts.count - 1 || (value == value.rounded() && !part.contains("."))
      else { throw failure }
      seconds = seconds * 60 + value
    }
    return seconds
  }
}
