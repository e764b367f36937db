import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// When this process started and whether another one still runs: what tells a temporary file
/// left by a killed process from one a running process is still writing.
enum ProcessStart {
  /// The start in seconds since 1970, from the kernel's clock ticks since boot
  /// (`/proc/self/stat`) and the boot time (`/proc/stat`); the first use when those are
  /// unreadable (later than the real start, so never newer than a file of this process).
  static let seconds: Double = kernelStart() ?? Date().timeIntervalSince1970

  /// Whether the process `pid` exists (even one this process may not signal).
  static func isAlive(_ pid: pid_t) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }

  private static func kernelStart() -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")"),
      let system = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let bootLine = system.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }),
      let boot = Double(bootLine.dropFirst(6).trimmingCharacters(in: .whitespaces))
    else { return nil }
    // After the command's name: field 3 (state) onwards; field 22 is the start time.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    guard fields.count > 19, let ticks = Double(fields[19]), ticksPerSecond > 0 else { return nil }
    return boot + ticks / ticksPerSecond
  }
}
