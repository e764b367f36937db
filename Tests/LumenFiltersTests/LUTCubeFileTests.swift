import Foundation
import LumenCore
import Testing

@testable import LumenFilters

/// `.cube` reading and writing: the accepted syntax, lossless round trips, and errors that
/// name the line.
@Suite struct LUTCubeFileTests {
  static let identity2 = "0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n1 1 1\n"

  @Test func readsKeywordsCommentsBlankLinesAndCRLF() throws {
    let text = """
      # made by hand\r
      TITLE "Two # points"\r
      \r
      LUT_3D_SIZE 2\r
      DOMAIN_MIN 0 -0.5 0.25\r
      DOMAIN_MAX 1 1.5 0.75 # trailing comment\r
      \(Self.identity2.replacingOccurrences(of: "\n", with: "\r\n"))
      """
    let file = try CubeFile(parsing: text)
    #expect(file.title == "Two # points")
    guard case .cube(let cube) = file.lut else {
      Issue.record("not a 3-D table")
      return
    }
    #expect(cube.size == 2 && cube.entry(1, 0, 1) == SIMD3(1, 0, 1))
    #expect(cube.domainMin == SIMD3(0, -0.5, 0.25) && cube.domainMax == SIMD3(1, 1.5, 0.75))
  }

  @Test func readsOneDimensionalTables() throws {
    let file = try CubeFile(parsing: "LUT_1D_SIZE 3\n0 0 1\n0.25 0.5 0.5\n1 1 0\n")
    guard case .channels(let table) = file.lut else {
      Issue.record("not a 1-D table")
      return
    }
    #expect(table.lookup(SIMD3(0.25, 0.75, 0.5)) == SIMD3(0.125, 0.75, 0.5))
  }

  @Test func writingThenReadingIsLossless() throws {
    var state: UInt64 = 7
    let values = (0..<(3 * 5 * 5 * 5)).map { _ -> Float in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Float(bitPattern: UInt32(truncatingIfNeeded: state >> 41) | 0x3c00_0000) - 0.3
    }
    let cube = try #require(
      ColorCube(
        size: 5, values: values, domainMin: SIMD3(0.1, 0, -1e-7), domainMax: SIMD3(0.9, 1, 3)))
    let file = CubeFile(title: "round \"trip\"", lut: .cube(cube))
    let again = try CubeFile(parsing: file.text)
    #expect(again.lut == file.lut)
    #expect(again.title == "round 'trip'")
    let table = try #require(ChannelLUT(size: 4, values: Array(values.prefix(12))))
    #expect(try CubeFile(parsing: CubeFile(lut: .channels(table)).text).lut == .channels(table))
  }

  static let malformed: [(String, Int, LUTError.Problem)] = [
    ("LUT_3D_SIZE 2\n" + identity2 + "0 0 0\n", 10, .wrongEntryCount(expected: 8, found: 9)),
    ("LUT_3D_SIZE 2\n0 0 0\n1 0 0\n", 3, .wrongEntryCount(expected: 8, found: 2)),
    ("LUT_3D_SIZE 2\n0 0 0\n1 nan 0\n", 3, .notFinite("nan")),
    ("LUT_3D_SIZE 2\nNaN 0 0\n", 2, .notFinite("NaN")),
    ("LUT_3D_SIZE 2\n0 0 0\n1 0 inf\n", 3, .notFinite("inf")),
    ("LUT_3D_SIZE 2\n0 0 0\n1 0 1e39\n", 3, .notFinite("1e39")),
    ("TITLE \"x\"\nLUT_3D_SIZ 2\n", 2, .unknownKeyword("LUT_3D_SIZ")),
    ("LUT_3D_SIZE 2\n0 0 0\n1 0,5 0\n", 3, .notANumber("0,5")),
    ("LUT_3D_SIZE two\n", 1, .notANumber("two")),
    ("\nLUT_3D_SIZE 257\n", 2, .sizeOutOfRange(keyword: "LUT_3D_SIZE", size: 257, range: 2...256)),
    ("LUT_3D_SIZE 1\n", 1, .sizeOutOfRange(keyword: "LUT_3D_SIZE", size: 1, range: 2...256)),
    ("LUT_3D_SIZE 2\n0 0 0\n1 0\n", 3, .wrongValueCount(expected: 3, found: 2)),
    ("# no size\n0 0 0\n", 2, .missingSize),
    ("TITLE \"empty\"\n", 1, .missingSize),
    ("LUT_3D_SIZE 2\nLUT_3D_SIZE 2\n", 2, .repeatedKeyword("LUT_3D_SIZE")),
    ("LUT_3D_SIZE 2\nDOMAIN_MIN 0 0 1\n" + identity2, 10, .emptyDomain),
    (
      "LUT_1D_SIZE 2\nLUT_3D_SIZE 2\n", 2,
      .unsupported("a file with both a 1-D and a 3-D table (a shaper LUT)")
    ),
  ]

  @Test(arguments: malformed)
  func malformedFilesNameTheLine(text: String, line: Int, problem: LUTError.Problem) {
    #expect(throws: LUTError(file: "bad.cube", line: line, problem: problem)) {
      try CubeFile(parsing: text, file: "bad.cube")
    }
  }

  @Test func errorsReadAsOneLine() {
    let error = LUTError(file: "bad.cube", line: 3, problem: .notANumber("0,5"))
    #expect(error.description == "bad.cube:line 3: \"0,5\" is not a number")
  }

  @Test func missingFilesAreIOErrors() {
    #expect(throws: LUTError.self) {
      try CubeFile(contentsOf: URL(fileURLWithPath: "/nonexistent/look.cube"))
    }
  }
}
