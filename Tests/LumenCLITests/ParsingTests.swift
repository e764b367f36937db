import Foundation
import LumenCodecs
import Testing

/// The option syntax every command shares, through the built binary: spellings, `--`,
/// repetition, typed values and the exit statuses (0 done, 1 failed, 2 usage).
@Suite struct ParsingTests {
  let sample = CLI.packageRoot.appendingPathComponent("samples/coffee.jpg").path

  /// A fresh output path in a scratch directory.
  func output(_ name: String = "out.png") throws -> String {
    try CLI.scratch().appendingPathComponent(name).path
  }

  @Test func acceptsEqualsSpellingsAndShortAliases() throws {
    let out = try output("out.jpg")
    let result = try CLI.run("render", sample, "--output=\(out)", "--size=90", "-q", "80")
    #expect(result.status == 0, "\(result.errors)")
    #expect(try ImageFile.info(URL(fileURLWithPath: out)).width == 90)
    let short = try output()
    #expect(try CLI.run("render", sample, "-o=\(short)", "--size", "60").status == 0)
    #expect(try ImageFile.info(URL(fileURLWithPath: short)).width == 60)
  }

  @Test func doubleDashEndsTheOptions() throws {
    // After `--`, `--json` and `--help` are file names, not options.
    let json = try CLI.run("info", "--", "--json")
    #expect(json.status == 1 && json.errors.hasPrefix("lumen: error: "), "\(json.errors)")
    #expect(json.errors.contains("--json") && json.output.isEmpty)
    let help = try CLI.run("info", "--", "--help")
    #expect(help.status == 1 && help.output.isEmpty)
    // Options before `--` still count.
    let both = try CLI.run("info", "--json", "--", sample)
    #expect(both.status == 0 && both.output.contains("\"width\":600"), "\(both.errors)")
    // `render IN -o OUT -- --size 5` has three inputs.
    let extra = try CLI.run("render", sample, "-o", try output(), "--", "--size", "5")
    #expect(extra.status == 2 && extra.errors.contains("exactly one IN (got 3)"), "\(extra.errors)")
  }

  @Test func aLoneDashIsAnArgument() throws {
    let result = try CLI.run("info", "-")
    #expect(result.status == 1, "\(result.errors)")
  }

  @Test func repeatableOptionsCollectAndOthersAreRefusedTwice() throws {
    // Both filters run, in order: resized to 300x200, then turned to 200x300.
    let out = try output()
    let both = try CLI.run(
      "render", sample, "-o", out, "--filter", "resize width=300", "-f", "rotate angle=90")
    #expect(both.status == 0, "\(both.errors)")
    let info = try ImageFile.info(URL(fileURLWithPath: out))
    #expect(info.width == 200 && info.height == 300)

    for words in [
      ["--size", "10", "--size", "20"], ["--size=10", "--size", "10"],
      ["-q", "5", "--quality", "6"],
    ] {
      let result = try CLI.run(["render", sample, "-o", try output()] + words)
      #expect(result.status == 2 && result.errors.contains("given twice"), "\(words)")
    }
    let outputs = try CLI.run("render", sample, "-o", try output(), "--output", try output())
    #expect(outputs.status == 2 && outputs.errors == "lumen: -o/--output given twice\n")
  }

  @Test(arguments: [
    (["--bogus"], "unknown option \"--bogus\""),
    (["---size", "5"], "\"---size\": options start with one or two dashes"),
    (["-size", "5"], "long options take two dashes: --size"),
    (["--o", "x.png"], "one-letter options take one dash: -o"),
    (["-x"], "unknown option \"-x\""),
    (["--json"], "unknown option \"--json\" for render"),
    (["--overwrite=yes"], "--overwrite takes no value"),
    (["--size"], "--size needs a value (PIXELS)"),
    (["--size", "--overwrite"], "--size needs a value (PIXELS)"),
  ])
  func malformedOptionsAreUsageErrors(_ words: [String], _ message: String) throws {
    let out = try output()
    let result = try CLI.run(["render", sample, "-o", out] + words)
    #expect(result.status == 2, "\(words): \(result.errors)")
    #expect(
      result.errors.hasPrefix("lumen: ") && result.errors.contains(message), "\(result.errors)")
    #expect(result.errors.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test(arguments: [
    ("--size", "abc", "--size must be a whole number in 1...65536, not \"abc\""),
    ("--size", "1.5", "whole number in 1...65536, not \"1.5\""),
    ("--size", "0", "whole number in 1...65536, not \"0\""),
    ("--size", "-5", "whole number in 1...65536, not \"-5\""),
    ("--size", "99999999999999999999", "not \"99999999999999999999\""),
    ("-q", "101", "-q must be a whole number in 1...100, not \"101\""),
    ("--threads", "9223372036854775808", "--threads must be a whole number in 1...256"),
    ("--look-intensity", "nan", "--look-intensity must be a number in 0...1, not \"nan\""),
    ("--look-intensity", "1e308", "a number in 0...1, not \"1e308\""),
    ("--look-intensity", "inf", "a number in 0...1, not \"inf\""),
    ("--look-intensity", "-0.1", "a number in 0...1, not \"-0.1\""),
    ("--look-intensity", "half", "a number in 0...1, not \"half\""),
    (
      "--look-interpolation", "cubic",
      "--look-interpolation must be one of trilinear, tetrahedral, not \"cubic\""
    ),
  ])
  func badValuesNameTheOptionTheRangeAndTheText(
    _ option: String, _ value: String, _ message: String
  )
    throws
  {
    let out = try output()
    for words in [[option, value], ["\(option)=\(value)"]] {
      let result = try CLI.run(["render", sample, "-o", out] + words)
      #expect(result.status == 2 && result.errors.contains(message), "\(words): \(result.errors)")
    }
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func videoValuesAreCheckedBeforeAnyFileIsRead() throws {
    let missing = "/nonexistent/clip.mp4"
    let cases: [([String], String)] = [
      (["--crf", "52"], "--crf must be a whole number in 0...51, not \"52\""),
      (["--preset", "fastest"], "--preset must be one of ultrafast"),
      (["--codec", "av1"], "--codec must be one of h264, hevc, vp9, not \"av1\""),
      (["--music", "m.m4a", "--music-volume", "nan"], "--music-volume must be a number in 0...16"),
      (["--trim", "soon:"], "--trim: cannot read \"soon\" as a time"),
      (["--crf", "20", "--bitrate", "100000"], "--crf and --bitrate exclude each other"),
      (["--music-volume", "0.5"], "need --music FILE"),
    ]
    for (words, message) in cases {
      let result = try CLI.run(["video", missing, "-o", "/tmp/never.mp4"] + words)
      #expect(result.status == 2 && result.errors.contains(message), "\(words): \(result.errors)")
    }
    let thumbs = try CLI.run("video", "thumbs", missing, "-n", "0", "-o", "/tmp/never.png")
    #expect(thumbs.status == 2 && thumbs.errors.contains("-n must be a whole number in 1...1000"))
    let at = try CLI.run("video", "frame", missing, "--at", "1.5", "-o", "/tmp/never.png")
    #expect(at.status == 2 && at.errors.contains("--at must be a number in 0...1, not \"1.5\""))
  }

  @Test func longValuesAreCutInMessages() throws {
    let value = String(repeating: "9", count: 5000)
    let result = try CLI.run("render", sample, "-o", try output(), "--size", value)
    #expect(result.status == 2)
    #expect(result.errors.count < 320, "\(result.errors.count) characters")
    #expect(result.errors.contains("…\" (5000 bytes)"), "\(result.errors)")
    let word = "--" + String(repeating: "x", count: 5000)
    let unknown = try CLI.run("render", sample, "-o", try output(), word)
    #expect(unknown.status == 2 && unknown.errors.count < 320, "\(unknown.errors)")
  }

  @Test func missingArgumentsAreUsageErrors() throws {
    let cases: [[String]] = [
      ["render", sample], ["render", "-o", "/tmp/never.png"], ["info"], ["lut"],
      ["lut", "identity"], ["lut", "sideways"], ["doc"], ["doc", "validate"], ["edit", sample],
      ["video"], ["video", "info"], ["video", "thumbs", sample, "-o", "/tmp/never.png"],
      ["looks", sample], ["frobnicate"],
    ]
    for words in cases {
      let result = try CLI.run(words)
      #expect(result.status == 2, "\(words): \(result.errors)")
      #expect(result.errors.hasPrefix("lumen: ") && !result.errors.hasPrefix("lumen: error"))
    }
    let nothing = try CLI.run([String]())
    #expect(nothing.status == 2 && nothing.errors.contains("Commands:"))
  }

  @Test func filesThatCannotBeReadAreFailures() throws {
    let dir = try CLI.scratch()
    let missing = dir.appendingPathComponent("missing.jpg").path
    let doc = dir.appendingPathComponent("missing.json").path
    let out = dir.appendingPathComponent("out.png").path
    let cases: [[String]] = [
      ["render", missing, "-o", out], ["info", missing], ["doc", "validate", doc],
      ["doc", "new", missing, "-o", doc], ["edit", sample, "--doc", doc, "-o", out],
      ["lut", "info", missing, "--layout", "hald"], ["video", "info", missing],
      ["looks", sample, "-o", out, "--manifest", doc], ["demo", "--samples", missing],
    ]
    for words in cases {
      let result = try CLI.run(words)
      #expect(result.status == 1, "\(words): \(result.errors)")
      #expect(result.errors.hasPrefix("lumen: error: "), "\(words): \(result.errors)")
    }
    #expect(!FileManager.default.fileExists(atPath: out))
    // An existing output without --overwrite is a failure too, not a usage error.
    try Data("{}".utf8).write(to: URL(fileURLWithPath: doc))
    #expect(try CLI.run("doc", "new", sample, "-o", doc).status == 1)
  }

  /// Every command's options, as its table declares them; `--help` must list each.
  static let commands: [(words: [String], options: [String])] = [
    (
      ["render"],
      [
        "-o, --output", "-f, --filter", "--size", "-q, --quality", "--progressive", "--444",
        "--lossless", "--strip-gps", "--keep-profile", "--overwrite", "--threads",
        "--max-megapixels", "--look", "--look-layout", "--look-intensity", "--look-interpolation",
      ]
    ),
    (["filters"], ["--json"]),
    (["info"], ["--json"]),
    (
      ["looks"],
      [
        "-o, --output", "--folder", "--columns", "--size", "--manifest", "-q, --quality",
        "--overwrite", "--list", "--json",
      ]
    ),
    (["looks", "thumbnails"], ["--from", "--size", "--manifest", "--quality"]),
    (["lut", "identity"], ["-o, --output", "--layout", "--depth", "--overwrite"]),
    (
      ["lut", "convert"],
      ["-o, --output", "--in-layout", "--out-layout", "--depth", "--overwrite"]
    ),
    (["lut", "info"], ["--layout"]),
    (["edit"], ["--doc", "-o, --output", "--preview", "-q, --quality", "--overwrite"]),
    (["doc", "validate"], []),
    (["doc", "migrate"], ["-o, --output", "--overwrite"]),
    (["doc", "new"], ["-o, --output", "--overwrite"]),
    (
      ["text"],
      [
        "--font", "--index", "--language", "--size", "--color", "--width", "--align",
        "--line-height", "--letter-spacing", "-o, --output", "--overwrite", "--glyphs",
        "--no-fallback",
      ]
    ),
    (
      ["video"],
      [
        "--doc", "-o, --output", "--trim", "--size", "--fill", "--fps", "--crf", "--bitrate",
        "--preset", "--codec", "--music", "--music-volume", "--music-trim", "--min", "--max",
        "--no-audio", "--overwrite",
      ]
    ),
    (["video", "info"], ["--json", "--count-frames"]),
    (
      ["video", "frame"],
      ["--at", "--time", "--doc", "-o, --output", "-q, --quality", "--overwrite"]
    ),
    (
      ["video", "thumbs"],
      ["-n, --count", "-o, --output", "--height", "-q, --quality", "--overwrite"]
    ),
    (["demo"], ["--samples", "--out"]),
  ]

  @Test func everyCommandHasGeneratedHelp() throws {
    for (words, options) in Self.commands {
      let name = "lumen " + words.joined(separator: " ")
      for help in [words + ["--help"], words + ["-h"], ["help"] + words] {
        let result = try CLI.run(help)
        #expect(result.status == 0 && result.errors.isEmpty, "\(help): \(result.errors)")
        #expect(result.output.hasPrefix("usage: \(name)"), "\(help): \(result.output)")
        for option in options + ["-h, --help"] {
          #expect(result.output.contains("  \(option)"), "\(name) --help lacks \(option)")
        }
      }
    }
    // Help wins anywhere before `--`, even after a mistake.
    let late = try CLI.run("render", "--bogus", "--size", "0", "--help")
    #expect(late.status == 0 && late.output.hasPrefix("usage: lumen render"))
    // Ranges and defaults come from the table.
    let render = try CLI.run("render", "--help").output
    #expect(render.contains("one per core (1...256)") && render.contains("(repeatable)"))
  }

  @Test func groupsListTheirCommands() throws {
    for (group, members) in [
      ("lut", ["identity", "convert", "info"]), ("doc", ["validate", "migrate", "new"]),
      ("video", ["info", "frame", "thumbs"]), ("looks", ["thumbnails"]),
    ] {
      for words in [[group, "--help"], [group, "help"], ["help", group]] {
        let result = try CLI.run(words)
        #expect(result.status == 0, "\(words)")
        for member in members {
          #expect(result.output.contains("lumen \(group) \(member)"), "\(words) lacks \(member)")
        }
      }
    }
  }

  @Test func topLevelHelpListsEveryCommand() throws {
    for words in [["--help"], ["-h"], ["help"]] {
      let result = try CLI.run(words)
      #expect(result.status == 0)
      let lines = result.output.split(separator: "\n").map(String.init)
      for command in Self.commands.map({ $0.words.joined(separator: " ") }) {
        #expect(
          lines.contains { $0.hasPrefix("  \(command)  ") }, "lumen --help lacks \(command)")
      }
      // The service's command, run by its companion executable (`lumen-server`).
      #expect(lines.contains { $0.hasPrefix("  serve  ") }, "lumen --help lacks serve")
    }
    for words in [["serve", "--help"], ["help", "serve"]] {
      let serve = try CLI.run(words)
      #expect(serve.status == 0 && serve.output.contains("--listen HOST:PORT"), "\(words)")
    }
    #expect(try CLI.run("help", "nosuchcommand").status == 2)
  }
}
