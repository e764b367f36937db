import Foundation
import LumenCodecs
import LumenCore
import LumenTestSupport
import Testing

@Suite struct EditCommandTests {
  let sample = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path
  let document = """
    {"formatIdentifier": "org.lumen.edit", "formatVersion": 2, "operations": {
     "crop": {"x": 0.1, "y": 0.1, "width": 0.8, "height": 0.8, "straighten": 7.5},
     "adjustments": {"contrast": 0.2, "saturation": 0.3, "clarity": 0.4},
     "look": {"id": "noir", "intensity": 0.5},
     "focus": {"mode": "radial", "size": 0.25, "fade": 0.2, "blur": 0.02},
     "vignette": {"intensity": 0.6}}}
    """

  @Test func previewMatchesTheFullExportScaledDown() throws {
    let dir = try CLI.scratch()
    let doc = dir.appendingPathComponent("edit.json")
    try Data(document.utf8).write(to: doc)
    let full = dir.appendingPathComponent("full.png")
    let preview = dir.appendingPathComponent("preview.png")
    #expect(try CLI.run("edit", sample, "--doc", doc.path, "-o", full.path).status == 0)
    let result = try CLI.run(
      "edit", sample, "--doc", doc.path, "-o", preview.path, "--preview", "300")
    #expect(result.status == 0, "\(result.errors)")
    let big = try ImageFile.read(full).bitmap
    let small = try ImageFile.read(preview).bitmap
    // Geometry is normalised: the preview is the full result at half size.
    #expect(abs(Double(big.width) / 2 - Double(small.width)) <= 1)
    #expect(abs(Double(big.height) / 2 - Double(small.height)) <= 1)
    let scaled = try Renderer().bitmap(
      of: Image(bitmap: big).resized(width: small.width, height: small.height), format: .rgb8)
    let psnr = LumenTestSupport.psnr(scaled, small)
    #expect(psnr >= 40, "PSNR \(psnr) dB")
  }

  /// `render --adjust` speaks the document's sliders: the same picture as `edit` with a
  /// document holding them (and `contrast` means the document's contrast, 0 = unchanged).
  @Test func adjustOnRenderEqualsTheDocumentsSliders() throws {
    let dir = try CLI.scratch()
    let doc = dir.appendingPathComponent("sliders.json")
    let sliders = #"{"adjustments": {"contrast": 0.2, "saturation": -0.3}}"#
    try Data(
      #"{"formatIdentifier": "org.lumen.edit", "formatVersion": 4, "operations": \#(sliders)}"#
        .utf8
    ).write(to: doc)
    let edited = dir.appendingPathComponent("edited.png")
    let rendered = dir.appendingPathComponent("rendered.png")
    let unchanged = dir.appendingPathComponent("unchanged.png")
    #expect(try CLI.run("edit", sample, "--doc", doc.path, "-o", edited.path).status == 0)
    let result = try CLI.run(
      "render", sample, "-o", rendered.path, "--adjust", "contrast=0.2 saturation=-0.3")
    #expect(result.status == 0, "\(result.errors)")
    #expect(try Data(contentsOf: edited) == Data(contentsOf: rendered))
    #expect(
      try CLI.run("render", sample, "-o", unchanged.path, "--adjust", "contrast=0").status == 0)
    let original = try ImageFile.read(URL(fileURLWithPath: sample)).bitmap
    let same = try ImageFile.read(unchanged).bitmap
    #expect(LumenTestSupport.psnr(original, same) >= 45)
    let bad = try CLI.run("render", sample, "-o", unchanged.path, "--adjust", "contrast=nan")
    #expect(bad.status == 2 && bad.errors.contains("not a finite number"), "\(bad.errors)")
  }

  @Test func docCommandsCreateValidateAndMigrate() throws {
    let dir = try CLI.scratch()
    let new = dir.appendingPathComponent("new.json")
    #expect(try CLI.run("doc", "new", sample, "-o", new.path).status == 0)
    #expect(try CLI.run("doc", "validate", new.path).status == 0)
    let bad = dir.appendingPathComponent("bad.json")
    try Data(
      #"{"formatIdentifier": "org.lumen.edit", "formatVersion": 2, "operations": {"adjustments": {"contrast": 3}}}"#
        .utf8
    )
    .write(to: bad)
    let refused = try CLI.run("doc", "validate", bad.path)
    #expect(refused.status == 1 && refused.errors.contains("operations.adjustments.contrast"))
    let v1 = CLI.packageRoot.appendingPathComponent("Tests/LumenEditTests/Fixtures/version1.json")
    let migrated = dir.appendingPathComponent("v4.json")
    #expect(try CLI.run("doc", "migrate", v1.path, "-o", migrated.path).status == 0)
    let text = try String(contentsOf: migrated, encoding: .utf8)
    #expect(text.contains("\"formatVersion\": 4") && text.contains("\"quarterTurns\": 3"))
  }

  @Test func editRefusesBadDocumentsBeforeWriting() throws {
    let dir = try CLI.scratch()
    let doc = dir.appendingPathComponent("edit.json")
    try Data(#"{"formatIdentifier": "org.lumen.edit", "formatVersion": 7}"#.utf8).write(to: doc)
    let out = dir.appendingPathComponent("out.jpg")
    let result = try CLI.run("edit", sample, "--doc", doc.path, "-o", out.path)
    #expect(result.status == 1 && result.errors.contains("cannot handle this adjustment data"))
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }
}
