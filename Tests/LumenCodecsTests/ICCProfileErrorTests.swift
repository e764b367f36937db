import Foundation
import LumenCore
import Testing

@testable import LumenCodecs

/// An unusable embedded ICC profile is refused with the reason, not named `"?"`.
struct ICCProfileErrorTests {
  /// lcms2's sRGB profile with the tag signature `from` renamed `to` in its tag table.
  static func profile(renaming from: String, to: String) throws -> Data {
    var data = ColorProfile.sRGBData
    let count = data[128..<132].reduce(0) { $0 << 8 | Int($1) }
    let entry = try #require(
      (0..<count).map { 132 + 12 * $0 }.first { data[$0..<($0 + 4)].elementsEqual(from.utf8) })
    data.replaceSubrange(entry..<(entry + 4), with: Array(to.utf8))
    return data
  }

  static func message(_ body: () throws(CodecError.Problem) -> Void) -> String? {
    do {
      try body()
      return nil
    } catch {
      return CodecError(file: "photo.jpg", problem: error).description
    }
  }

  @Test func unparsableProfileGivesTheReason() throws {
    var garbage = ColorProfile.sRGBData
    garbage.replaceSubrange(36..<40, with: Array("nope".utf8))  // the 'acsp' signature
    for data in [garbage, Data(repeating: 7, count: 40)] {
      let message = try #require(
        Self.message { () throws(CodecError.Problem) in
          _ = try ColorProfile.transformToSRGB(embedded: data, layout: .rgb8)
        })
      #expect(message.hasPrefix("photo.jpg: the embedded ICC profile is invalid: "), "\(message)")
      #expect(!message.contains("\"?\"") && message.count < 240, "\(message)")
    }
  }

  /// An RGB profile without its red tone curve parses but cannot convert anything.
  @Test func unconvertibleProfileGivesTheReason() throws {
    let data = try Self.profile(renaming: "rTRC", to: "zzzz")
    let message = try #require(
      Self.message { () throws(CodecError.Problem) in
        _ = try ColorProfile.transformToSRGB(embedded: data, layout: .rgb8)
      })
    #expect(message.hasPrefix("photo.jpg: the embedded ICC profile is invalid: "), "\(message)")
    #expect(message.count > "photo.jpg: the embedded ICC profile is invalid: ".count + 5)
    #expect(!message.contains("\"?\""), "\(message)")
  }

  @Test func usableProfilesStillConvert() throws {
    #expect(try ColorProfile.transformToSRGB(embedded: nil, layout: .rgb8) == nil)
    #expect(try ColorProfile.transformToSRGB(embedded: ColorProfile.sRGBData, layout: .rgb8) == nil)
  }
}
