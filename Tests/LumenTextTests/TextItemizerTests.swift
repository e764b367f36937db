import Testing

@testable import LumenText

/// Runs of one bidirectional level and one script, checked against levels worked out by hand
/// with the rules of the Unicode bidirectional algorithm (UAX #9) for each string.
struct TextItemizerTests {
  struct Run: Equatable, CustomStringConvertible {
    let start: Int
    let end: Int
    let level: Int
    let script: String
    var description: String { "\(start)..<\(end) L\(level) \(script)" }
  }

  static func runs(_ text: String) throws -> [Run] {
    let libraries = try TextLibraries.load()
    return TextItemizer.runs(text.unicodeScalars.map(\.value), libraries: libraries).map {
      Run(start: $0.start, end: $0.end, level: $0.level, script: $0.script)
    }
  }

  /// Left-to-right paragraph (its first strong letter is `a`). The space after `c` sits
  /// between L and R: the embedding direction, level 0 (N2). The digits after Hebrew are
  /// European numbers in a right-to-left context: level 2 (I2), and the spaces around them
  /// sit between R and numbers treated as R: level 1 (N1). `!` before the paragraph's end:
  /// level 0. Digits and spaces take the script before them.
  @Test func mixedLeftToRightParagraph() throws {
    #expect(
      try Self.runs("abc שלום 123 مرحبا!") == [
        Run(start: 0, end: 4, level: 0, script: "Latn"),
        Run(start: 4, end: 9, level: 1, script: "Hebr"),
        Run(start: 9, end: 12, level: 2, script: "Hebr"),
        Run(start: 12, end: 13, level: 1, script: "Hebr"),
        Run(start: 13, end: 18, level: 1, script: "Arab"),
        Run(start: 18, end: 19, level: 0, script: "Arab"),
      ])
  }

  /// Right-to-left paragraph (first strong letter Hebrew): Latin letters rise to level 2
  /// (I2); the space between R and L takes the embedding direction, level 1.
  @Test func rightToLeftParagraph() throws {
    #expect(
      try Self.runs("שלום abc") == [
        Run(start: 0, end: 5, level: 1, script: "Hebr"),
        Run(start: 5, end: 8, level: 2, script: "Latn"),
      ])
  }

  /// Scripts change within one level; punctuation and spaces join the script before them.
  @Test func scriptsSplitRunsOfOneLevel() throws {
    #expect(
      try Self.runs("Hello, мир! 你好") == [
        Run(start: 0, end: 7, level: 0, script: "Latn"),
        Run(start: 7, end: 12, level: 0, script: "Cyrl"),
        Run(start: 12, end: 14, level: 0, script: "Hani"),
      ])
  }

  /// Text of common characters only (emoji, digits) is one run of the common script; an
  /// empty text has no runs.
  @Test func commonTextAndEmptyText() throws {
    #expect(try Self.runs("👍🏽 123") == [Run(start: 0, end: 6, level: 0, script: "Zyyy")])
    #expect(try Self.runs("").isEmpty)
  }
}
