import Foundation
import LumenAutomation
import LumenCommandLine
import LumenJobs

/// `lumen template apply|vars`: one design, many personalised outputs.
enum TemplateCommand {
  static let command = Command(
    name: "template",
    summary: "Templates: documents with named variables (texts, pictures, colours, looks).",
    subcommands: [
      Command(
        name: "apply", summary: "Renders a template with values for its variables.",
        positionals: .one("TEMPLATE.json", help: "the template"),
        options: [
          .value(
            "set", "NAME=VALUE", .text, repeatable: true,
            help: "a variable's value: text, a picture's path (@face.jpg), a colour (#RRGGBB, "
              + "#RRGGBBAA, R,G,B[,A] in 0...1), a look id or a number"),
          .value(
            "output", short: "o", "OUT", .path, required: true,
            help: "the file to write; its extension picks the format"),
          .flag("print-job", help: "prints the job as one line of JSON (absolute paths) and stops"),
          .flag("overwrite", help: "allows OUT to be a file the template reads"),
        ] + EncodingOptions.options,
        notes: """
          A variable not given takes its default; one without a default must be given. Texts \
          marked auto-fit shrink until they fit their layer's box (the transform's width and \
          height). Pictures fill their image layer's box unless the variable says fit or \
          stretch. Video templates are exported by lumen-video. Encoding options replace the \
          template's own.
          """,
        run: apply),
      Command(
        name: "vars", summary: "Lists a template's variables: type, default, limits, targets.",
        positionals: .one("TEMPLATE.json", help: "the template"),
        options: [.flag("json", help: "prints JSON instead of a table")], run: vars),
    ])

  static func apply(_ args: ParsedArguments) throws {
    let template = try read(args.firstPositional())
    let given = EncodingOptions.options.contains { args.has($0.name) }
    let job = try template.job(
      values: template.values(parsing: args.strings("set")),
      relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
      output: JobOptions.absolute(try args.required("output")),
      encoding: given ? EncodingOptions.encoding(args) : nil, overwrite: args.has("overwrite"))
    if args.has("print-job") { return print(try job.line()) }
    let runner = JobRunner(
      threads: ProcessInfo.processInfo.activeProcessorCount,
      videoExecutable: try? VideoTool.companion.executable())
    try runner.run(job, folder: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
  }

  static func vars(_ args: ParsedArguments) throws {
    let template = try read(args.firstPositional())
    if args.has("json") {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      return print(String(decoding: try encoder.encode(template.variables), as: UTF8.self))
    }
    let rows =
      [["NAME", "TYPE", "DEFAULT", "LIMITS", "TARGETS"]]
      + template.variables.map { variable in
        [
          variable.name, variable.kind.rawValue,
          variable.defaultValue.map(describe) ?? "(required)",
          limits(of: variable), variable.targets.joined(separator: ", "),
        ]
      }
    let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
    for row in rows {
      print(
        zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
          .joined(separator: "  ").trimmingCharacters(in: .whitespaces))
    }
  }

  private static func read(_ path: String) throws -> Template {
    do {
      return try Template(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CommandFailure("\(error)")
    }
  }

  private static func describe(_ value: TemplateValue) -> String {
    switch value {
    case .text(let text): "\"\(text.count > 30 ? text.prefix(29) + "…" : text)\""
    case .image(let path), .look(let path): path
    case .color(let c): "#" + c.map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
    case .number(let number): Option.Kind.format(number)
    }
  }

  private static func limits(of variable: TemplateVariable) -> String {
    var limits: [String] = []
    if let maxLength = variable.maxLength { limits.append("at most \(maxLength) characters") }
    if variable.autoFit { limits.append("auto-fit") }
    if let fit = variable.fit { limits.append(fit) }
    switch (variable.minimum, variable.maximum) {
    case (let low?, let high?):
      limits.append("\(Option.Kind.format(low))...\(Option.Kind.format(high))")
    case (let low?, nil): limits.append(">= \(Option.Kind.format(low))")
    case (nil, let high?): limits.append("<= \(Option.Kind.format(high))")
    case (nil, nil): break
    }
    return limits.isEmpty ? "-" : limits.joined(separator: ", ")
  }
}
