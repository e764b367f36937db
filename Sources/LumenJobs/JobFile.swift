import Foundation
import LumenCore

/// Reading jobs from files and writing them as one line of JSON.
public enum JobFile {
  /// Job files are small: a document with its keyframes fits in far less.
  public static let maxSize = 16 << 20

  /// The job in the file at `url`, its relative paths made absolute against the file's folder.
  public static func read<Job: Decodable & PathResolving>(_: Job.Type, from url: URL) throws
    -> Job
  {
    try decode(
      Job.self, from: contents(of: url), named: url.path,
      relativeTo: url.deletingLastPathComponent())
  }

  /// The job in `data` (a job file's bytes or a batch's line, named `name` in messages), its
  /// relative paths made absolute against `folder`.
  public static func decode<Job: Decodable & PathResolving>(
    _: Job.Type, from data: Data, named name: String, relativeTo folder: URL
  ) throws(JobError) -> Job {
    do {
      return try JSONDecoder().decode(Job.self, from: data).resolvingPaths(against: folder)
    } catch let error as DecodingError {
      throw Self.describe(error, file: name)
    } catch {
      throw .invalid(file: name, path: "", problem: "\(error)")
    }
  }

  /// The first line of standard input (a job handed over by a batch or a worker), at most
  /// ``maxSize`` bytes; the rest of the input is left unread.
  public static func standardInputLine() throws(JobError) -> Data {
    var line = Data()
    var byte: UInt8 = 0
    while Glibc.read(STDIN_FILENO, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
      guard line.count < maxSize else {
        throw .invalid(file: "-", path: "", problem: "the job is over \(maxSize) bytes")
      }
      line.append(byte)
    }
    return line
  }

  /// The job as one line of JSON, keys sorted (equal jobs give equal bytes).
  public static func line(_ job: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(job), as: UTF8.self)
  }

  /// The file's bytes: only a regular file (a FIFO is refused before anything waits on it),
  /// at most ``maxSize`` bytes, with the system's reason when it cannot be read.
  private static func contents(of url: URL) throws(JobError) -> Data {
    do {
      return try RegularFile.contents(of: url.path, limit: maxSize)
    } catch {
      throw .invalid(file: url.path, path: "", problem: error.reason)
    }
  }

  /// One line naming where in the job the problem is.
  package static func describe(_ error: DecodingError, file: String) -> JobError {
    func path(_ keys: [any CodingKey]) -> String {
      keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        .trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }
    switch error {
    case .keyNotFound(let key, let context):
      return .invalid(file: file, path: path(context.codingPath + [key]), problem: "missing")
    case .typeMismatch(let type, let context):
      return .invalid(file: file, path: path(context.codingPath), problem: "expected \(type)")
    case .valueNotFound(let type, let context):
      return .invalid(file: file, path: path(context.codingPath), problem: "expected \(type)")
    case .dataCorrupted(let context):
      let problem =
        context.codingPath.isEmpty && context.underlyingError != nil
        ? "not valid JSON" : context.debugDescription
      return .invalid(file: file, path: path(context.codingPath), problem: problem)
    @unknown default:
      return .invalid(file: file, path: "", problem: "\(error)")
    }
  }
}

/// A job whose relative paths can be made absolute.
public protocol PathResolving {
  func resolvingPaths(against folder: URL) -> Self
}

extension RenderJob: PathResolving {}
