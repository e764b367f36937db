import Foundation
import LumenCore
import Testing

@testable import LumenFilters

struct RegistryTests {
  static let expectedNames = [
    "brightness", "colorMatrix", "contrastSlope", "duotone", "exposure", "flip", "gammaPower",
    "gaussianBlur", "highlightsAndShadows", "invert", "look", "monochrome", "pixelCrop",
    "pixellate", "resize", "rotate", "saturationScale", "sepia", "sharpen", "splitTone",
    "straighten", "temperature", "tint", "vibrance", "vignette",
  ]

  @Test func standardHasEveryBuiltIn() throws {
    #expect(FilterRegistry.standard.names == Self.expectedNames)
    // Registering them one by one checks every descriptor and that names are unique.
    let checked = try FilterRegistry(FilterRegistry.builtIns)
    #expect(checked.names == Self.expectedNames)
  }

  @Test func descriptorsAreSortedByFolderThenName() {
    let d = FilterRegistry.standard.descriptors
    let keys = d.map { [$0.folder.rawValue, $0.name] }
    #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
    #expect(d.first?.folder == .adjustments)
  }

  @Test func jsonListsEveryFilterWithItsMetadata() throws {
    let data = try FilterRegistry.standard.json()
    let decoded = try JSONDecoder().decode([FilterDescriptor].self, from: data)
    #expect(decoded == FilterRegistry.standard.descriptors)
    #expect(decoded.map(\.name).sorted() == Self.expectedNames)

    let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let contrast = try #require(objects.first { $0["name"] as? String == "contrastSlope" })
    #expect(contrast["folder"] as? String == "Adjustments")
    #expect(contrast["displayName"] as? String == "Contrast Slope")
    let amount = try #require((contrast["parameters"] as? [[String: Any]])?.first)
    #expect(amount["name"] as? String == "amount")
    #expect(amount["type"] as? String == "scalar")
    #expect(amount["min"] as? Double == 0 && amount["max"] as? Double == 4)
    #expect(amount["default"] as? Double == 1 && amount["identity"] as? Double == 1)
    #expect((amount["doc"] as? String)?.isEmpty == false)

    let flip = try #require(objects.first { $0["name"] as? String == "flip" })
    let axis = try #require((flip["parameters"] as? [[String: Any]])?.first)
    #expect(axis["type"] as? String == "choice")
    #expect(axis["options"] as? [String] == ["horizontal", "vertical"])
    #expect(axis["identity"] == nil)
  }

  @Test func everyParameterIsDocumented() {
    for d in FilterRegistry.standard.descriptors {
      #expect(!d.summary.isEmpty, "\(d.name)")
      for p in d.parameters { #expect(!p.doc.isEmpty, "\(d.name).\(p.name)") }
    }
  }

  /// Every filter with default values renders a small image without error.
  @Test(arguments: expectedNames)
  func everyFilterRendersWithDefaults(_ name: String) throws {
    let input = Pixels.image(width: 40, height: 30) { x, y in
      [Float(x) / 40, Float(y) / 30, 0.5, 1]
    }
    let output = try FilterRegistry.standard.makeFilter(named: name).apply(to: input)
    let pixels = try Pixels.render(output)
    #expect(!pixels.isEmpty)
    #expect(pixels.allSatisfy { $0.allSatisfy(\.isFinite) })
  }

  struct Custom: ParameterlessFilter {
    static let descriptor = FilterDescriptor(name: "custom", folder: "Custom")
    func apply(to image: Image) -> Image { image }
  }

  struct BadDefault: ParameterlessFilter {
    static let descriptor = FilterDescriptor(
      name: "badDefault", folder: "Custom",
      parameters: [.scalar("amount", range: 0...1, default: 2)])
    func apply(to image: Image) -> Image { image }
  }

  struct BadName: ParameterlessFilter {
    static let descriptor = FilterDescriptor(name: "Bad Name", folder: "Custom")
    func apply(to image: Image) -> Image { image }
  }

  @Test func registeringCustomFilters() throws {
    var registry = FilterRegistry.standard
    try registry.register(Custom.self)
    #expect(registry["custom"] != nil)
    #expect(FilterRegistry.standard["custom"] == nil)  // a value: the standard set is unchanged
    #expect(try registry.descriptor(named: "custom").displayName == "Custom")
    #expect(throws: FilterError.duplicateFilter("custom")) { try registry.register(Custom.self) }
    #expect(throws: FilterError.duplicateFilter("contrastSlope")) {
      try registry.register(Contrast.self)
    }
    #expect {
      try registry.register(BadDefault.self)
    } throws: { error in
      guard case FilterError.invalidDescriptor("badDefault", _) = error else { return false }
      return true
    }
    #expect {
      try registry.register(BadName.self)
    } throws: { error in
      guard case FilterError.invalidDescriptor = error else { return false }
      return true
    }
  }
}
