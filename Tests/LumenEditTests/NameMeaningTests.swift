import Foundation
import LumenCore
import LumenEdit
import LumenFilters
import Testing

/// One meaning per name: where a filter (`--filter`, look recipes) and the edit document use
/// the same word, they use it on the same scale. Before, `contrast amount=0.2` was Core
/// Image's slope (1 = unchanged) while `"contrast": 0.2` in a document was PhotoEditor SDK's
/// (0 = unchanged); the Core Image family now has its own names (`contrastSlope`, ...).
@Suite struct NameMeaningTests {
  static let sliders = Dictionary(
    uniqueKeysWithValues: Adjustments.fields.map { ($0.name, $0.descriptor) })
  static let operations = Dictionary(
    uniqueKeysWithValues: EditDocument.operationDescriptors.map { ($0.name, $0) })

  /// A small picture with every kind of colour, rendered to compare recipes.
  static let picture = Image(
    bitmap: Bitmap(width: 24, height: 16, format: .rgb8) { bytes in
      for i in 0..<(24 * 16 * 3) { bytes[i] = UInt8((i * 37 + i / 3 * 11) % 256) }
    })

  static func pixels(_ image: Image) throws -> Bitmap {
    try Renderer().bitmap(of: image, format: .rgb8)
  }

  /// Filters named like an adjustment slider do what the slider does, value for value, over
  /// the range both accept; their one parameter has the slider's identity and unit.
  @Test func filtersNamedLikeSlidersDoWhatTheSlidersDo() throws {
    let registry = FilterRegistry.standard
    var compared: [String] = []
    for filter in registry.descriptors {
      guard let slider = Self.sliders[filter.name] else { continue }
      let numbers = filter.parameters.filter {
        if case .scalar = $0.kind { true } else { false }
      }
      let parameter = try #require(numbers.first, "\(filter.name) has no number")
      #expect(numbers.count == 1, "\(filter.name): which parameter is the slider?")
      #expect(parameter.identityValue == slider.identityValue, "\(filter.name): identity")
      #expect(parameter.unit == slider.unit, "\(filter.name): unit")
      guard case .scalar(let lo, let hi, _, _) = parameter.kind,
        case .scalar(let sliderLo, let sliderHi, _, _) = slider.kind
      else { continue }
      let (low, high) = (max(lo, sliderLo), min(hi, sliderHi))
      for t in [0.0, 0.3, 0.8, 1.0] {
        let value = low + (high - low) * t
        let filtered = try registry.makeFilter(
          named: filter.name, values: [parameter.name: .number(value)]
        ).apply(to: Self.picture)
        let document = try EditDocument(
          json: Data(
            #"{"formatIdentifier":"org.lumen.edit","formatVersion":4,"operations":{"adjustments":{"\#(filter.name)":\#(value)}}}"#
              .utf8))
        let edited = try document.apply(to: Self.picture)
        let (a, b) = (try Self.pixels(filtered), try Self.pixels(edited))
        #expect(
          a.withUnsafeBytes { Array($0) } == b.withUnsafeBytes { Array($0) },
          "\(filter.name) \(parameter.name)=\(value) differs from the document's \(value)")
      }
      compared.append(filter.name)
    }
    #expect(
      compared.sorted() == ["brightness", "exposure", "temperature", "tint", "vibrance"],
      "the filters that share a slider's name")
  }

  /// Filters named like a document operation (`vignette`, `look`) describe their shared
  /// parameters exactly as the document does: same range, default, identity and unit.
  @Test func filtersNamedLikeOperationsShareTheirParameters() {
    var shared: [String] = []
    for filter in FilterRegistry.standard.descriptors {
      guard let operation = Self.operations[filter.name] else { continue }
      for parameter in filter.parameters {
        guard let mine = operation.parameters.first(where: { $0.name == parameter.name }) else {
          continue
        }
        #expect(parameter.kind == mine.kind, "\(filter.name).\(parameter.name): range or default")
        #expect(parameter.unit == mine.unit, "\(filter.name).\(parameter.name): unit")
        shared.append("\(filter.name).\(parameter.name)")
      }
    }
    #expect(
      shared.sorted() == [
        "look.intensity", "vignette.falloff", "vignette.intensity", "vignette.radius",
      ])
  }

  /// The names filters gave up are document names, and asking for one says where it went.
  @Test func oldNamesPointToTheirNewOnes() throws {
    for (old, (now, _)) in FilterRegistry.renamed {
      #expect(FilterRegistry.standard[old] == nil)
      #expect(FilterRegistry.standard[now] != nil)
      #expect(Self.sliders[old] != nil || Self.operations[old] != nil, "\(old)")
      #expect(throws: FilterError.self) {
        try FilterRegistry.standard.makeFilter(parsing: "\(old) amount=1")
      }
    }
    #expect(
      throws: FilterError.renamedFilter(
        "contrast", now: "contrastSlope", meaning: "slider, where 0 leaves the image unchanged")
    ) { try FilterRegistry.standard.makeFilter(parsing: "contrast amount=1.2") }
  }
}
