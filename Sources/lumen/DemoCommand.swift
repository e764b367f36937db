import Foundation
import LumenAutomation
import LumenCodecs
import LumenCommandLine
import LumenCore
import LumenFilters
import LumenJobs
import LumenSymbols

/// `lumen demo [--samples DIR] [--out DIR]`: renders the bundled sample photos through a set of
/// edits, the quickest way to see what Lumen does.
enum DemoCommand {
  /// Named edits, each a list of filter descriptions as `lumen render --filter` takes them.
  static let edits: [(name: String, filters: [String])] = [
    (
      "warm-contrast",
      [
        "gammaPower power=1.111", "contrastSlope amount=1.2", "brightness amount=0.05",
        "saturationScale amount=1.3", "temperature amount=0.3",
      ]
    ),
    ("sepia-vignette", ["sepia intensity=0.9", "vignette intensity=0.8"]),
    ("mono-sharp", ["monochrome intensity=1", "sharpen radius=2 amount=1"]),
    ("soft-blur", ["gaussianBlur sigma=4"]),
    ("straighten-crop", ["straighten angle=8", "resize width=320"]),
    ("pixellate", ["pixellate scale=12"]),
    ("look-chrome", ["look name=chrome"]),
    ("look-noir", ["look name=noir intensity=0.8"]),
  ]

  /// The edit document with layers (`DIR/demo/postcard.json`) rendered over every photo, and
  /// the short clip (`DIR/demo/coffee-clip.mp4`) through a keyframed document with layers.
  static let postcard = "demo/postcard.json"
  static let clip = "demo/coffee-clip.mp4"
  static let clipEdit = "demo/clip-edit.json"

  static let command = Command(
    name: "demo",
    summary: "Renders the sample photos through filters, looks, a document with layers and a "
      + "template, a short clip through a keyframed document, and a variable symbol's masters.",
    options: [
      .value(
        "samples", "DIR", .path, default: "samples",
        help: "the photos to render: JPEG, PNG, WebP, HEIC"),
      .value(
        "out", "DIR", .path, default: "out", help: "where the results go, created when missing"),
    ],
    run: run)

  static func run(_ args: ParsedArguments) throws {
    let samples = URL(fileURLWithPath: args.string("samples") ?? "samples")
    let out = URL(fileURLWithPath: args.string("out") ?? "out")
    let names = try sampleNames(in: samples)
    let inputs =
      names.filter {
        ["jpg", "jpeg", "png", "webp", "heic"].contains(($0 as NSString).pathExtension.lowercased())
      }
      .sorted()
    guard !inputs.isEmpty else { throw CommandFailure("no sample photos in \(samples.path)") }
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    for file in inputs {
      let photo = try Photo(contentsOf: samples.appendingPathComponent(file))
      let stem = (file as NSString).deletingPathExtension
      for edit in edits {
        let filters = try edit.filters.map { try FilterRegistry.standard.makeFilter(parsing: $0) }
        let target = out.appendingPathComponent("\(stem)-\(edit.name).jpg")
        let start = Date()
        try photo.export(try photo.image.filtered(by: filters), to: target, overwrite: true)
        let info = try ImageFile.info(target)
        print(
          String(
            format: "wrote %@ (%dx%d, %.0f ms): %@", target.path, info.width, info.height,
            Date().timeIntervalSince(start) * 1000, edit.filters.joined(separator: " | ")))
      }
      try render(
        RenderJob(
          input: samples.appendingPathComponent(file).path,
          document: try DocumentFile.read(samples.appendingPathComponent(postcard)),
          output: out.appendingPathComponent("\(stem)-postcard.jpg").path,
          resourceFolder: samples.appendingPathComponent("demo").path,
          allowedRoots: [samples.path], overwrite: true))
      try renderStory(over: samples.appendingPathComponent(file), samples: samples, out: out)
    }
    try exportClip(samples: samples, out: out)
    try drawSymbol(samples: samples, out: out)
  }

  /// The variable symbol: three masters generated from a centre-line design, the weights
  /// side by side, and the symbols app's template.
  static let symbol = "symbols/bell.svg"

  private static func drawSymbol(samples: URL, out: URL) throws {
    let start = Date()
    let design = samples.appendingPathComponent(symbol)
    let masters: [Master]
    let sheet: SymbolCanvas
    do {
      masters = try SymbolGenerator.masters(
        of: try SVGDrawing(contentsOf: design), file: design.path)
      sheet = try SymbolsCommand.previewSheet(masters, scale: 8)
    } catch {
      throw CommandFailure("\(error)")
    }
    let preview = out.appendingPathComponent("bell-weights.png")
    let template = out.appendingPathComponent("bell-template.svg")
    try ImageFile.write(sheet.bitmap, to: preview, format: .png, overwrite: true)
    try AtomicOutput.write(Data(TemplateExport.svg(masters).utf8), to: template)
    print(
      String(
        format: "wrote %@ and %@ (%.0f ms): %@ outlined at three weights (%@ paths each)",
        preview.path, template.path, Date().timeIntervalSince(start) * 1000, symbol,
        "\(masters[1].contours.count)"))
  }

  /// The story template (`DIR/templates/story.json`) with the photo in its slot and a title
  /// that auto-fit shrinks into its box.
  static let story = "templates/story.json"

  private static func renderStory(over photo: URL, samples: URL, out: URL) throws {
    let start = Date()
    let template = try Template(contentsOf: samples.appendingPathComponent(story))
    let stem = photo.deletingPathExtension().lastPathComponent
    let job = try template.job(
      values: template.values(parsing: [
        "title=\(stem.capitalized): a story made from a template", "photo=\(photo.path)",
      ]),
      relativeTo: samples, output: out.appendingPathComponent("\(stem)-story.jpg").path,
      overwrite: true)
    try JobRunner(threads: ProcessInfo.processInfo.activeProcessorCount, videoExecutable: nil)
      .run(job, folder: samples)
    let info = try ImageFile.info(URL(fileURLWithPath: job.output))
    print(
      String(
        format: "wrote %@ (%dx%d, %.0f ms): %@ (photo slot, look, auto-fit title, sticker)",
        job.output, info.width, info.height, Date().timeIntervalSince(start) * 1000, story))
  }

  /// The files in the sample folder, after checking that it holds what the demo reads, so
  /// that a demo run outside the checkout says so before rendering anything.
  private static func sampleNames(in samples: URL) throws -> [String] {
    let hint = "run `lumen demo` in the Lumen checkout, or give --samples DIR"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: samples.path) else {
      throw CommandFailure("\(samples.path): no sample folder there (\(hint))")
    }
    for file in [postcard, clip, clipEdit, story, symbol] {
      let path = samples.appendingPathComponent(file).path
      guard RegularFile.exists(path) else {
        throw CommandFailure("\(path): missing from the sample folder (\(hint))")
      }
    }
    return names
  }

  private static func render(_ job: RenderJob) throws {
    let start = Date()
    try job.run()
    let info = try ImageFile.info(URL(fileURLWithPath: job.output))
    print(
      String(
        format: "wrote %@ (%dx%d, %.0f ms): %@ (crop, adjustments, look, vignette, layers)",
        job.output, info.width, info.height, Date().timeIntervalSince(start) * 1000, postcard))
  }

  /// The clip goes through `lumen video` (the `lumen-video` companion, ``VideoTool``), whose own
  /// line reports it.
  private static func exportClip(samples: URL, out: URL) throws {
    let process = Process()
    process.executableURL = try VideoTool.companion.executable()
    process.arguments = [
      VideoTool.name, samples.appendingPathComponent(clip).path,
      "--doc", samples.appendingPathComponent(clipEdit).path,
      "-o", out.appendingPathComponent("coffee-clip-edited.mp4").path,
      "--allow", samples.path, "--overwrite",
    ]
    // What this process printed goes first, also when standard output is a file or a pipe.
    fflush(nil)
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CommandFailure("the clip's export failed (\(clipEdit) over \(clip))")
    }
  }
}
