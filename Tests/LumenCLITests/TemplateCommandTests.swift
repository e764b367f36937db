import Foundation
import LumenCodecs
import LumenTestSupport
import Testing

/// `lumen template vars|apply`: the listing, a photo template's output, the printed job, and a
/// video template exported by lumen-video (its duration read by ffprobe).
@Suite struct TemplateCommandTests {
  static let story = "samples/templates/story.json"

  @Test func varsListsEveryVariable() throws {
    let table = try CLI.run("template", "vars", Self.story)
    #expect(table.status == 0)
    #expect(table.output.split(separator: "\n").count == 7)
    #expect(table.output.contains("photo     image  (required)"))
    let json = try CLI.run("template", "vars", Self.story, "--json")
    let variables =
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
    #expect(
      variables?.compactMap { $0["name"] as? String } == [
        "title", "subtitle", "photo", "look", "accent", "sticker",
      ])
    #expect(variables?.first?["autoFit"] as? Bool == true)
  }

  @Test func applyRendersTheStoryAndPrintsItsJob() throws {
    let folder = try CLI.scratch()
    let output = folder.appendingPathComponent("story.webp")
    let result = try CLI.run(
      "template", "apply", Self.story, "--set", "title=Hello", "--set",
      "photo=@samples/chelsea.jpg",
      "--set", "accent=#2d9cdb", "--set", "look=noir", "-o", output.path)
    #expect(result.status == 0, "\(result.errors)")
    let photo = try Photo(contentsOf: output)
    #expect(photo.decoded.bitmap.width == 1080 && photo.decoded.bitmap.height == 1920)
    let printed = try CLI.run(
      "template", "apply", Self.story, "--set", "photo=samples/chelsea.jpg", "-o", output.path,
      "--print-job")
    let job = try JSONSerialization.jsonObject(with: Data(printed.output.utf8)) as? [String: Any]
    #expect((job?["canvas"] as? [String: Any])?["width"] as? Int == 1080)
    #expect(job?["input"] == nil)
    // The printed job renders the same bytes through `lumen edit --job`.
    let jobFile = folder.appendingPathComponent("job.json")
    try Data(printed.output.utf8).write(to: jobFile)
    let direct = folder.appendingPathComponent("direct.webp")
    _ = try CLI.run(
      "template", "apply", Self.story, "--set", "photo=samples/chelsea.jpg", "-o", direct.path)
    let again = try CLI.run("edit", "--job", jobFile.path)
    #expect(again.status == 0, "\(again.errors)")
    #expect(try Data(contentsOf: output) == Data(contentsOf: direct))
    let missing = try CLI.run("template", "apply", Self.story, "-o", output.path)
    #expect(missing.status == 1)
    #expect(
      missing.errors
        == "lumen: error: photo: missing (this variable has no default: give --set photo=...)\n")
  }

  @Test(.tags(.oracle), .requires(.ffprobe))
  func aVideoTemplateIsExportedByLumenVideo() throws {
    let folder = try CLI.scratch()
    let clip = PackagePaths.root.appendingPathComponent("samples/demo/coffee-clip.mp4").path
    let template = folder.appendingPathComponent("clip.json")
    try Data(
      """
      {"formatIdentifier": "org.lumen.template", "formatVersion": 1, "video": "\(clip)",
       "document": {"formatIdentifier": "org.lumen.edit", "formatVersion": 4,
         "layers": [{"id": "mark", "kind": "text", "text": "{{caption}}", "font": "DejaVu Sans",
                     "size": 0.08, "transform": {"x": 0.8, "y": 0.9, "width": 0.6}}]},
       "variables": [{"name": "caption", "type": "text", "default": "Lumen"}]}
      """.utf8
    ).write(to: template)
    let output = folder.appendingPathComponent("out.mp4")
    let result = try CLI.run(
      "template", "apply", template.path, "--set", "caption=Hi", "-o", output.path)
    #expect(result.status == 0, "\(result.errors)")
    let duration = try Program.output(
      of: "ffprobe",
      ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", output.path])
    #expect(
      abs(
        (Double(
          String(decoding: duration, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
          ?? 0) - 2) < 0.1)
  }
}
