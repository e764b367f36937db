import Foundation
import LumenJobs

/// The options every job-building command shares: run a job file instead of options, print
/// the job instead of running it, and widen the folders a document may read.
package enum JobOptions {
  package static let options: [Option] = [
    .value(
      "job", "JOB.json", .path,
      help: "runs the job in this file (paths relative to it), or in the first line of standard "
        + "input for - (paths relative to the current folder), instead of the other options"),
    .flag("print-job", help: "prints the job as one line of JSON (absolute paths) and stops"),
    allow,
  ]

  package static let assetSource = Option.value(
    "asset-source", "MANIFEST", .path, repeatable: true,
    help: "a further asset source (a CE.SDK-style content.json) whose assets the document may "
      + "name as asset:SOURCE/ID")

  package static let allow = Option.value(
    "allow", "DIR", .path, repeatable: true,
    help: "a further folder the document may read looks and layer images from (by default "
      + "only the document's own folder)")

  /// The job `args` describe: read from `--job`, or built by `build` from the other options,
  /// which are refused alongside `--job` (but those named in `running`, which say how to run
  /// it rather than what it is).
  package static func job<Job: Decodable & PathResolving>(
    _ args: ParsedArguments, _: Job.Type, running: Set<String> = [], build: () throws -> Job
  ) throws -> Job {
    guard let file = args.string("job") else { return try build() }
    let others = args.command.options.filter {
      args.has($0.name) && !(["job", "print-job"] + running).contains($0.name)
    }
    if let other = others.first {
      throw UsageError("--job takes the job from its file: leave out \(other.displayName)")
    }
    guard args.positional.isEmpty else {
      throw UsageError("--job takes the job from its file: leave out the inputs")
    }
    do {
      guard file == "-" else { return try JobFile.read(Job.self, from: URL(fileURLWithPath: file)) }
      return try JobFile.decode(
        Job.self, from: JobFile.standardInputLine(), named: "-",
        relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    } catch let error as JobError {
      throw CommandFailure("\(error)")
    }
  }

  /// Prints `job` and returns true when `--print-job` was given.
  package static func printed(_ job: some Encodable, _ args: ParsedArguments) throws -> Bool {
    guard args.has("print-job") else { return false }
    print(try JobFile.line(job))
    return true
  }

  /// The folders a document in `folder` may read: its own and every `--allow`.
  package static func roots(_ args: ParsedArguments, documentFolder folder: String) -> [String] {
    [absolute(folder)] + args.strings("allow").map(absolute)
  }

  /// The `--asset-source` manifests, absolute; nil when none was given.
  package static func assetSources(_ args: ParsedArguments) -> [String]? {
    let paths = args.strings("asset-source").map(absolute)
    return paths.isEmpty ? nil : paths
  }

  package static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }
}
