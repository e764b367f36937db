import Foundation
import LumenCodecs
import Testing

@Suite struct CommandTests {
  let sample = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path

  @Test func renderWritesTheOutput() throws {
    let out = try CLI.scratch().appendingPathComponent("out.png")
    let result = try CLI.run(
      "render", sample, "-o", out.path, "--filter", "contrastSlope amount=1.2", "--filter",
      "gaussianBlur sigma=2", "--size", "300")
    #expect(result.status == 0, "\(result.errors)")
    let info = try ImageFile.info(out)
    #expect(info.width == 300 && info.height == 200 && info.format == .png)
  }

  @Test func badInputGivesOneLineAndNoOutput() throws {
    let dir = try CLI.scratch()
    let broken = dir.appendingPathComponent("broken.jpg")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: sample))
    try bytes.prefix(bytes.count / 3).write(to: broken)
    let out = dir.appendingPathComponent("out.jpg")
    let result = try CLI.run("render", broken.path, "-o", out.path)
    #expect(result.status == 1)
    #expect(result.errors.hasPrefix("lumen: error: ") && result.errors.contains("broken.jpg"))
    #expect(result.errors.split(separator: "\n").count == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["broken.jpg"])
  }

  @Test(arguments: [
    ["render", "IN", "-o", "OUT", "--filter", "nosuchfilter"],
    ["render", "IN", "-o", "OUT", "--filter", "contrastSlope amount=9"],
    ["render", "IN", "-o", "OUT", "--filter", "contrast level=1"],
    ["render", "IN", "-o", "OUT", "--filter", "gammaPower power=nan"],
    ["render", "IN", "-o", "OUT", "--quality", "0"],
    ["render", "IN", "-o", "OUT", "--max-megapixels", "0"],
    ["render", "IN"],
    ["frobnicate"],
  ])
  func mistakesAreRefusedBeforeAnyWork(_ words: [String]) throws {
    let dir = try CLI.scratch()
    let out = dir.appendingPathComponent("out.jpg").path
    let args = words.map { $0 == "IN" ? sample : $0 == "OUT" ? out : $0 }
    let process = try CLI.run(args)
    #expect(process.status != 0)
    #expect(process.errors.hasPrefix("lumen: "))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func refusesImagesAboveThePixelLimit() throws {
    let out = try CLI.scratch().appendingPathComponent("out.jpg")
    // A 2400x1600 (3.8 MP) image against a 1 MP limit.
    let big = try CLI.scratch().appendingPathComponent("big.png")
    #expect(
      try CLI.run("render", sample, "-o", big.path, "--filter", "resize width=2400").status == 0)
    let result = try CLI.run("render", big.path, "-o", out.path, "--max-megapixels", "1")
    #expect(result.status == 1)
    #expect(result.errors.contains("big.png") && result.errors.contains("limit"))
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func refusesToOverwriteTheInput() throws {
    let dir = try CLI.scratch()
    let input = dir.appendingPathComponent("photo.jpg")
    try FileManager.default.copyItem(atPath: sample, toPath: input.path)
    let before = try Data(contentsOf: input)
    let result = try CLI.run("render", input.path, "-o", input.path, "--filter", "invert")
    #expect(result.status == 1)
    #expect(try Data(contentsOf: input) == before)
  }

  @Test func filtersJSONListsEveryFilterWithMetadata() throws {
    let result = try CLI.run("filters", "--json")
    #expect(result.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    let text = result.output
    for name in [
      "exposure", "brightness", "contrastSlope", "saturationScale", "vibrance", "gammaPower",
      "temperature",
      "tint", "colorMatrix", "sepia", "monochrome", "invert", "gaussianBlur", "sharpen",
      "vignette", "pixellate", "pixelCrop", "rotate", "flip", "straighten", "resize",
    ] {
      #expect(text.contains("\"\(name)\""), "\(name) missing")
    }
    #expect(json is [Any] || json is [String: Any])
  }

  @Test func infoDescribesTheFile() throws {
    let result = try CLI.run("info", sample, "--json")
    #expect(result.status == 0)
    let object =
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    #expect(object?["width"] as? Int == 600 && object?["height"] as? Int == 400)
    #expect(object?["format"] as? String == "jpeg")
  }
}

@Suite struct DeterminismTests {
  @Test func sameBytesForAnyThreadCountAndEveryRun() throws {
    let dir = try CLI.scratch()
    let sample = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path
    let edits = [
      "--filter", "gaussianBlur sigma=9", "--filter", "contrastSlope amount=1.3", "--filter",
      "rotate angle=7", "--filter", "sharpen radius=2 amount=0.8", "--filter", "resize width=500",
    ]
    var outputs: [Data] = []
    for threads in ["1", "2", "5", "2"] {
      let out = dir.appendingPathComponent("out-\(outputs.count).jpg")
      let result = try CLI.run(["render", sample, "-o", out.path, "--threads", threads] + edits)
      #expect(result.status == 0, "\(result.errors)")
      outputs.append(try Data(contentsOf: out))
    }
    #expect(Set(outputs).count == 1)
  }
}
