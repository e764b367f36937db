import Foundation
import LumenCore
import LumenEdit
import LumenFilters
import Testing

/// Text a document brings (a key, a look id, a layer id) is echoed in messages cut to about
/// 200 characters with its full length: a 100 MB key was printed in full.
@Suite struct EchoedTextTests {
  func problem(_ json: String) -> String {
    do {
      _ = try EditDocument(json: Data(json.utf8))
      return ""
    } catch {
      return "\(error)"
    }
  }

  @Test func longKeysAndValuesAreCut() {
    let long = String(repeating: "k", count: 1 << 20)
    let cases = [
      #"{"formatIdentifier":"org.lumen.edit","formatVersion":4,"\#(long)":1}"#,
      #"{"formatIdentifier":"org.lumen.edit","formatVersion":4,"operations":{"adjustments":{"\#(long)":1}}}"#,
      #"{"formatIdentifier":"org.lumen.edit","formatVersion":4,"operations":{"crop":{"aspect":"\#(long.prefix(64))"}}}"#,
      #"{"formatIdentifier":"org.lumen.edit","formatVersion":4,"layers":[{"id":"\#(long.prefix(4000))","kind":"shape","shape":"ellipse"}]}"#,
      #"{"formatIdentifier":"org.lumen.edit","formatVersion":4,"layers":[{"id":"a","kind":"\#(long.prefix(4000))"}]}"#,
    ]
    for json in cases {
      let message = problem(json)
      #expect(!message.isEmpty && message.count < 600, "\(message.prefix(300))")
      #expect(!message.contains("\n"))
    }
    #expect(problem(cases[0]).contains("…\" (1048576 bytes)"), "\(problem(cases[0]).prefix(300))")
  }

  @Test func quotingEscapesAndCuts() {
    #expect(EchoedText.quoted("a\nb") == #""a\nb""#)
    #expect(EchoedText.quoted(String(repeating: "x", count: 201)).hasSuffix("…\" (201 bytes)"))
    #expect(
      EchoedText.quoted(String(repeating: "x", count: 200)) == "\""
        + String(repeating: "x", count: 200) + "\"")
    #expect(EchoedText.list((1...25).map(String.init)).hasSuffix("20 and 5 more"))
  }
}
