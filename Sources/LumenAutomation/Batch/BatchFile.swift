import Foundation
import LumenCore

/// A batch's jobs: a JSON Lines file, one job a line (blank lines skipped), read whole.
public struct BatchFile: Sendable {
  public let url: URL
  public let lines: [BatchLine]

  /// A batch of a hundred thousand jobs of ten kilobytes each; larger ones are split (or
  /// sharded) first, since the file is read whole.
  public static let maxSize = 1 << 30

  public init(contentsOf url: URL) throws {
    self.url = url.standardizedFileURL
    let data: Data
    do {
      data = try RegularFile.contents(of: url.path, limit: Self.maxSize)
    } catch {
      throw BatchError(line: 0, problem: "\(url.path): \(error.reason)")
    }
    var lines: [BatchLine] = []
    var start = data.startIndex
    var number = 0
    while start < data.endIndex {
      let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
      number += 1
      let text = data[start..<end]
      if text.contains(where: {
        ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains($0)
      }) {
        lines.append(BatchLine(number: number, index: lines.count, text: Data(text)))
      }
      start = end < data.endIndex ? data.index(after: end) : end
    }
    self.lines = lines
  }

  /// The folder relative paths in the lines start from.
  public var folder: URL { url.deletingLastPathComponent() }
}

/// Which part of a batch one machine renders: every `count`-th job from `index` (Kubernetes
/// Indexed Jobs' `JOB_COMPLETION_INDEX`, Slurm's `SLURM_ARRAY_TASK_ID`), so that `count`
/// machines split a batch without a queue, each job exactly once.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
  public let index: Int
  public let count: Int

  public static let whole = Shard(index: 0, count: 1)
  public static let maxCount = 1_000_000

  public init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// `I/N` with 0 <= I < N.
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
      (1...Self.maxCount).contains(count), (0..<count).contains(index)
    else { return nil }
    self.init(index: index, count: count)
  }

  public func contains(_ line: BatchLine) -> Bool { line.index % count == index }

  public var description: String { "\(index)/\(count)" }
}
