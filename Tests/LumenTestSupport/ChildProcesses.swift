import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Processes seen through /proc: the ones a process started, and whether one has ended.
public enum ChildProcesses {
  /// The running children of `parent` whose command line starts with `name`.
  public static func of(_ parent: Int32, named name: String) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { Int32($0) }.filter { pid in
      guard let fields = statFields(pid),
        let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
      else { return false }
      return fields.count > 1 && Int32(fields[1]) == parent && fields[0] != "Z"
        && command.starts(with: Data(name.utf8))
    }
  }

  /// The running processes whose command line starts with `name` and whose environment holds
  /// `variable` (`NAME=value`): a run's children, found even when they outlived it and were
  /// handed to another parent.
  public static func marked(_ variable: String, named name: String) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { Int32($0) }.filter { pid in
      guard let fields = statFields(pid), fields.first != "Z",
        let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
        command.starts(with: Data(name.utf8)),
        let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ")
      else { return false }
      return environment.split(separator: 0).contains { Data($0) == Data(variable.utf8) }
    }
  }

  /// Whether `pid` is gone or a zombie (ended, not yet reaped).
  public static func hasEnded(_ pid: Int32) -> Bool {
    guard let fields = statFields(pid) else { return true }
    return fields.first == "Z"
  }

  /// /proc/PID/stat's fields after the command's name: state, parent, ...
  private static func statFields(_ pid: Int32) -> [Substring]? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(after: close)...].split(separator: " ")
  }
}
