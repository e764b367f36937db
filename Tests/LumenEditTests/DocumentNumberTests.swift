import Foundation
import LumenEdit
import Testing

/// Numbers from outside are converted only when they fit: boundary numbers in every numeric
/// member of a document give a one-line error (or the exact value), never a trap. Before,
/// `"formatVersion": 9223372036854775807` went through a Double (2^63) and crashed.
@Suite struct DocumentNumberTests {
  static let boundaries = [
    "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "-9223372036854775809", "18446744073709551616", "9007199254740993", "1e300", "-1e300",
    "1e-300", "-0", "-0.0", "0.5", "1E400", "123456789012345678901234567890.5",
  ]

  func read(version: String = "4", _ operations: String = "{}") throws(EditDocumentError)
    -> EditDocument
  {
    try EditDocument(
      json: Data(
        #"{"formatIdentifier":"org.lumen.edit","formatVersion":\#(version),"operations":\#(operations)}"#
          .utf8))
  }

  @Test func formatVersionsAreReadExactly() {
    #expect(
      throws: EditDocumentError.cannotHandle(
        "format version 9223372036854775807 is newer than this build's 4")
    ) {
      try read(version: "9223372036854775807")
    }
    // 2^53 + 1 is not rounded to 2^53 on the way.
    #expect(
      throws: EditDocumentError.cannotHandle(
        "format version 9007199254740993 is newer than this build's 4")
    ) {
      try read(version: "9007199254740993")
    }
    #expect(
      throws: EditDocumentError.invalid(
        path: "formatVersion",
        problem: "expected a whole number in 1...9223372036854775807, not 9223372036854775808")
    ) {
      try read(version: "9223372036854775808")
    }
    #expect((try? read(version: "4.0")) != nil)
    #expect((try? read(version: "4e0")) != nil)
  }

  @Test(arguments: boundaries)
  func boundaryNumbersAreRefusedOrKeptEverywhere(_ number: String) {
    let members = [
      (#"{"orientation":{"quarterTurns":N}}"#, "operations.orientation.quarterTurns"),
      (#"{"adjustments":{"contrast":N}}"#, "operations.adjustments.contrast"),
      (#"{"crop":{"width":N}}"#, "operations.crop.width"),
      (#"{"look":{"id":"noir","intensity":N}}"#, "operations.look.intensity"),
      (#"{"vignette":{"intensity":N}}"#, "operations.vignette.intensity"),
    ]
    for (template, path) in members {
      let operations = template.replacingOccurrences(of: "N", with: number)
      do {
        _ = try read(operations)
      } catch {
        let message = "\(error)"
        // 1E400 is no JSON number at all (beyond a double): the parser refuses the text.
        let place = message.hasPrefix("document: ") ? "document" : path
        #expect(message.hasPrefix(place.prefix { $0 != "." }), "\(message)")
        #expect(message.count < 300, "\(message)")
      }
    }
    // As a format version and as version 1's rotation in degrees (migrated to turns).
    #expect(throws: EditDocumentError.self) { try read(version: number) }
    if !["-0", "-0.0"].contains(number) {
      #expect(throws: EditDocumentError.self) {
        try read(version: "1", #"{"orientation":{"rotation":\#(number)}}"#)
      }
    }
  }

  @Test func wholeNumbersMustBeWhole() {
    for text in ["1.5", "1e-300", "3.0000000000000000000001"] {
      #expect(throws: EditDocumentError.self, "\(text)") {
        try read(#"{"orientation":{"quarterTurns":\#(text)}}"#)
      }
    }
    #expect((try? read(#"{"orientation":{"quarterTurns":-0}}"#))?.orientation.quarterTurns == 0)
    #expect((try? read(#"{"orientation":{"quarterTurns":3.0}}"#))?.orientation.quarterTurns == 3)
  }
}
