import Foundation
import Testing

@testable import LumenFilters

/// Parsing of command-line filter requests and validation of their values.
struct ParameterTests {
  let registry = FilterRegistry.standard

  @Test func parsesNameAndValues() throws {
    let r = try FilterRequest.parse("contrastSlope amount=1.2")
    #expect(r == FilterRequest(name: "contrastSlope", values: ["amount": 1.2]))
    let m = try FilterRequest.parse("colorMatrix rVector=1.08,0,0,0 bVector=0,0,0.88,0")
    #expect(m.values["rVector"] == [1.08, 0, 0, 0])
    #expect(m.values["bVector"] == [0, 0, 0.88, 0])
    let c = try FilterRequest.parse("  crop x=10 y=10\twidth=100 height=50 ")
    #expect(c.values == ["x": 10, "y": 10, "width": 100, "height": 50])
    #expect(try FilterRequest.parse("flip axis=horizontal").values["axis"] == "horizontal")
    #expect(try FilterRequest.parse("invert") == FilterRequest(name: "invert"))
  }

  @Test func makesConfiguredFilters() throws {
    let contrast = try #require(
      try registry.makeFilter(parsing: "contrastSlope amount=1.2") as? Contrast)
    #expect(contrast.amount == 1.2)
    let crop = try #require(
      try registry.makeFilter(parsing: "pixelCrop x=10 y=10 width=100 height=50") as? Crop)
    #expect((crop.x, crop.y, crop.width, crop.height) == (10, 10, 100, 50))
    let flip = try #require(try registry.makeFilter(parsing: "flip axis=Vertical") as? Flip)
    #expect(flip.axis == .vertical)
    let matrix = try #require(
      try registry.makeFilter(parsing: "colorMatrix rVector=1.08,0,0,0 bVector=0,0,0.88,0")
        as? ColorMatrixFilter)
    #expect(matrix.matrix.red == [1.08, 0, 0, 0] && matrix.matrix.blue == [0, 0, 0.88, 0])
    #expect(matrix.matrix.green == [0, 1, 0, 0] && matrix.matrix.bias == .zero)
    let mono = try #require(
      try registry.makeFilter(parsing: "monochrome color=#ff8000") as? Monochrome)
    #expect(mono.color.red == 1 && abs(mono.color.green - 128 / 255) < 1e-6 && mono.color.blue == 0)
    let gray = try #require(
      try registry.makeFilter(parsing: "monochrome color=1,1,1 intensity=0.5") as? Monochrome)
    #expect(gray.color.alpha == 1 && gray.intensity == 0.5)
    let resize = try #require(
      try registry.makeFilter(parsing: "resize width=640 filter=bilinear") as? Resize)
    #expect(resize.width == 640 && resize.height == 0 && resize.filter == .bilinear)
  }

  @Test func defaultsFillMissingValues() throws {
    let blur = try #require(try registry.makeFilter(named: "gaussianBlur") as? GaussianBlur)
    #expect(blur.sigma == 10)
    let sharpen = try #require(try registry.makeFilter(parsing: "sharpen amount=1") as? Sharpen)
    #expect(sharpen.radius == 2.5 && sharpen.amount == 1 && sharpen.threshold == 0)
  }

  /// The error for `text`, which must fail.
  func error(_ text: String) -> FilterError? {
    do {
      _ = try registry.makeFilter(parsing: text)
      return nil
    } catch {
      return error
    }
  }

  @Test func unknownFilter() throws {
    let e = try #require(error("blurry sigma=3"))
    guard case .unknownFilter("blurry", let known) = e else { throw e }
    #expect(known.contains("gaussianBlur"))
    #expect(e.description.contains(#"unknown filter "blurry""#))
  }

  @Test func unknownParameter() throws {
    let e = try #require(error("contrastSlope amout=1.2"))
    #expect(e == .unknownParameter(filter: "contrastSlope", parameter: "amout", known: ["amount"]))
    #expect(e.description == #"contrastSlope: unknown parameter "amout"; parameters: amount"#)
    #expect(
      error("invert amount=1")
        == .unknownParameter(filter: "invert", parameter: "amount", known: []))
  }

  @Test func outOfRange() throws {
    let e = try #require(error("contrastSlope amount=5"))
    #expect(
      e == .outOfRange(filter: "contrastSlope", parameter: "amount", value: 5, min: 0, max: 4))
    #expect(e.description == "contrastSlope: parameter 'amount' = 5 is out of range 0...4")
    #expect(error("gammaPower power=0.05") != nil)
    #expect(error("pixellate scale=0") != nil)
    #expect(error("straighten angle=46") != nil)
  }

  @Test func nonNumericNaNAndInfinity() throws {
    for value in ["abc", "nan", "NaN", "inf", "-inf", "1,2"] {
      let e = try #require(error("exposure ev=\(value)"), "\(value)")
      guard case .invalidValue("exposure", "ev", _, let expected) = e else { throw e }
      #expect(expected == "a finite number in -10...10")
      #expect(
        e.description.contains("exposure: parameter 'ev' must be a finite number in -10...10"))
    }
  }

  @Test func wrongShapes() throws {
    #expect(
      error("colorMatrix rVector=1,0,0")
        == .invalidValue(
          filter: "colorMatrix", parameter: "rVector", value: "1,0,0",
          expected: "4 finite numbers separated by commas"))
    #expect(error("colorMatrix rVector=1,0,nan,0") != nil)
    #expect(error("pixellate scale=2.5") != nil)
    let axis = try #require(error("flip axis=diagonal"))
    #expect(
      axis.description
        == "flip: parameter 'axis' must be one of horizontal, vertical, got \"diagonal\"")
    #expect(error("monochrome color=2,0,0") != nil)
    #expect(error("monochrome color=#12345") != nil)
  }

  @Test func syntaxErrors() {
    for text in [
      "", "   ", "amount=1", "contrastSlope amount", "contrastSlope =1", "contrastSlope amount=",
      "contrastSlope amount=1 amount=2",
    ] {
      guard case .syntax = error(text) else {
        Issue.record("'\(text)' should be a syntax error")
        continue
      }
    }
  }

  @Test func requestsRoundTripThroughText() throws {
    for text in [
      "colorMatrix bVector=0,0,0.88,0 rVector=1.08,0,0,0", "contrastSlope amount=1.2",
      "flip axis=vertical",
      "pixelCrop height=50 width=100 x=10 y=10", "invert",
    ] {
      #expect(try FilterRequest.parse(text).description == text)
    }
  }

  @Test func requestsRoundTripThroughJSON() throws {
    let request = try FilterRequest.parse("colorMatrix rVector=1.08,0,0,0 bVector=0,0,0.88,0")
    let data = try JSONEncoder().encode(request)
    #expect(try JSONDecoder().decode(FilterRequest.self, from: data) == request)
    let json = #"{"name":"flip","values":{"axis":"vertical"}}"#
    let decoded = try JSONDecoder().decode(FilterRequest.self, from: Data(json.utf8))
    #expect(try (registry.makeFilter(decoded) as? Flip)?.axis == .vertical)
  }

  @Test func valuesDecodeFromPlainJSON() throws {
    let json = #"{"a": 1, "b": true, "c": [1, 0.5], "d": "vertical", "e": 0}"#
    let values = try JSONDecoder().decode(ParameterValues.self, from: Data(json.utf8))
    #expect(values == ["a": 1, "b": true, "c": [1, 0.5], "d": "vertical", "e": 0])
    let encoded = try JSONEncoder().encode(values)
    #expect(try JSONDecoder().decode(ParameterValues.self, from: encoded) == values)
  }

  @Test func parameterSummaries() throws {
    let d = try registry.descriptor(named: "exposure")
    #expect(d.parameters.map(\.summary) == ["-10...10 (0)"])
    #expect(Flip.descriptor.parameters[0].summary == "horizontal|vertical (horizontal)")
    #expect(ColorMatrixFilter.descriptor.parameters[0].summary == "4 numbers (1,0,0,0)")
  }

  @Test func identityDetection() throws {
    let d = Contrast.descriptor
    #expect(try ParameterValues(["amount": 1]).resolved(for: d).isIdentity)
    #expect(try !ParameterValues(["amount": 1.1]).resolved(for: d).isIdentity)
    #expect(try !ParameterValues().resolved(for: Flip.descriptor).isIdentity)
    #expect(try ParameterValues(["intensity": 0]).resolved(for: Monochrome.descriptor).isIdentity)
  }
}
