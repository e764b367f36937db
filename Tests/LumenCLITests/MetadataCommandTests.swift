import Foundation
import LumenTestSupport
import Testing

/// Metadata of what `lumen render` and `lumen edit` write, read back with exiftool, and the
/// types of `lumen info --json`, read back with Python's json module.
@Suite struct MetadataCommandTests {
  /// A phone-like photo tagged by exiftool: camera, date, GPS, Orientation 6 (600x400 stored,
  /// 400x600 shown), the sensor's size and an IFD1 thumbnail.
  static func taggedPhoto(in dir: URL) throws -> URL {
    let photo = dir.appendingPathComponent("phone.jpg")
    try FileManager.default.copyItem(
      at: CLI.packageRoot.appendingPathComponent("samples/coffee.jpg"), to: photo)
    let thumbnail = dir.appendingPathComponent("thumbnail.jpg")
    #expect(try CLI.run("render", photo.path, "-o", thumbnail.path, "--size", "160").status == 0)
    try Program.output(
      of: "exiftool",
      [
        "-q", "-overwrite_original", "-Make=LumenCam", "-Model=Test 1",
        "-DateTimeOriginal=2024:05:06 07:08:09", "-GPSLatitude=48.85", "-GPSLatitudeRef=N",
        "-Orientation#=6", "-ExifImageWidth=4000", "-ExifImageHeight=3000",
        "-ThumbnailImage<=\(thumbnail.path)", photo.path,
      ])
    return photo
  }

  /// exiftool's tags of `file` without group names, numbers as numbers.
  static func tags(_ file: URL) throws -> [String: Any] {
    let json = try Program.output(of: "exiftool", ["-j", "-n", file.path])
    let objects = try JSONSerialization.jsonObject(with: json) as? [[String: Any]]
    return try #require(objects?.first)
  }

  static let formats = ["jpg", "png", "webp", "heic"]

  @Test(.tags(.oracle), .requires(.exiftool), arguments: formats)
  func editAndRenderKeepTheCameraButNotTheThumbnail(fileExtension: String) throws {
    let dir = try CLI.scratch()
    let photo = try Self.taggedPhoto(in: dir)
    let doc = dir.appendingPathComponent("edit.json")
    #expect(try CLI.run("doc", "new", photo.path, "-o", doc.path).status == 0)
    let edited = dir.appendingPathComponent("edited.\(fileExtension)")
    let rendered = dir.appendingPathComponent("rendered.\(fileExtension)")
    let edit = try CLI.run("edit", photo.path, "--doc", doc.path, "-o", edited.path)
    #expect(edit.status == 0, "\(edit.errors)")
    let render = try CLI.run("render", photo.path, "-o", rendered.path, "--strip-gps")
    #expect(render.status == 0, "\(render.errors)")
    for (output, keepsGPS) in [(edited, true), (rendered, false)] {
      let tags = try Self.tags(output)
      let name = output.lastPathComponent
      #expect(tags["Make"] as? String == "LumenCam", "\(name)")
      #expect(tags["Model"] as? String == "Test 1", "\(name)")
      #expect(tags["DateTimeOriginal"] as? String == "2024:05:06 07:08:09", "\(name)")
      #expect((tags["GPSLatitude"] != nil) == keepsGPS, "\(name)")
      #expect(tags["ThumbnailLength"] == nil && tags["ThumbnailImage"] == nil, "\(name)")
      #expect(tags["Orientation"] as? Int == 1, "\(name)")
      #expect(tags["ExifImageWidth"] as? Int == 400, "\(name)")
      #expect(tags["ExifImageHeight"] as? Int == 600, "\(name)")
    }
  }

  /// A job asking for `stripsMetadata` writes no EXIF; the colour profile stays.
  @Test(.tags(.oracle), .requires(.exiftool))
  func jobStripsMetadata() throws {
    let dir = try CLI.scratch()
    let photo = try Self.taggedPhoto(in: dir)
    let output = dir.appendingPathComponent("bare.webp")
    let job = dir.appendingPathComponent("job.json")
    try Data(
      """
      {"input": "\(photo.path)", "output": "\(output.path)",
       "encoding": {"stripsMetadata": true}}
      """.utf8
    ).write(to: job)
    let result = try CLI.run("edit", "--job", job.path)
    #expect(result.status == 0, "\(result.errors)")
    let tags = try Self.tags(output)
    for name in ["Make", "Model", "DateTimeOriginal", "GPSLatitude", "Orientation"] {
      #expect(tags[name] == nil, "\(name) kept")
    }
    #expect(tags["ProfileDescription"] != nil)
  }

  @Test(.tags(.oracle), .requires(.python))
  func infoJSONHasTypedValues() throws {
    let sample = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path
    let result = try CLI.run("info", "--json", sample)
    #expect(result.status == 0, "\(result.errors)")
    let file = try CLI.scratch().appendingPathComponent("info.json")
    try Data(result.output.utf8).write(to: file)
    let check = """
      import json, sys
      info = json.load(open(sys.argv[1]))
      types = {k: type(v).__name__ for k, v in info.items()}
      print(" ".join(f"{k}={types[k]}" for k in sorted(types)))
      """
    let python = try #require(Oracle.python)
    let types = try Program.text(of: python, ["-c", check, file.path])
    #expect(
      types.trimmingCharacters(in: .whitespacesAndNewlines)
        == "alpha=bool bitDepth=int file=str format=str height=int orientation=int profile=str "
        + "width=int")
  }
}
