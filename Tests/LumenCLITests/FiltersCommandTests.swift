import Foundation
import Testing

/// `lumen filters` says what each name means, and an old filter name says where it went
/// (`contrast` is the document's slider, 0 = unchanged; the Core Image slope is
/// `contrastSlope`).
@Suite struct FiltersCommandTests {
  @Test func theListingExplainsTheTwoFamilies() throws {
    let result = try CLI.run("filters")
    #expect(result.status == 0)
    for word in [
      "contrastSlope", "saturationScale", "gammaPower", "pixelCrop", "One meaning per name",
    ] {
      #expect(result.output.contains(word), "\(word)")
    }
    #expect(result.output.contains("contrast=-1...1 (0)"), "the document's slider and its range")
  }

  @Test func oldNamesSayWhereTheyWent() throws {
    let photo = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path
    let result = try CLI.run(
      "render", photo, "-o", "/tmp/never.jpg", "--filter", "contrast amount=1.2")
    #expect(result.status == 2)
    #expect(result.errors.contains("the filter on Core Image's scale is now 'contrastSlope'"))
    let renamed = try CLI.run(
      "render", photo, "-o", try CLI.scratch().appendingPathComponent("o.jpg").path, "--filter",
      "contrastSlope amount=1.2")
    #expect(renamed.status == 0, "\(renamed.errors)")
  }
}
