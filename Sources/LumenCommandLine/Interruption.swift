import Dispatch
import Foundation
import LumenCore

/// What every command does on SIGINT, SIGTERM or SIGHUP: stop within a second or two, leave no
/// temporary file and the previous output untouched, and exit with 128 + the signal's number
/// (130, 143, 129), as a shell reports a process killed by it.
///
/// Outputs are written to unnamed files (``AtomicOutput``) that vanish with the process, and
/// the named ones are removed by ``PartialFiles/removeAll()``, which also stops any commit
/// from starting; so the handler can end the process at once without waiting on the work.
/// Work that runs on other threads (a video export) may register a stop action, which the
/// handler runs and waits for at most ``grace`` seconds before exiting anyway.
package enum Interruption {
  package static let signals: [(number: Int32, name: String)] = [
    (SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP"),
  ]
  /// How long a stop action may take before the process exits without it.
  package static let grace = 1.0

  /// The registered stop: what cancels the work and what is signalled when it has ended.
  private struct Stop: Sendable {
    package let cancel: @Sendable () -> Void
    package let finished: DispatchSemaphore
    package let grace: Double
    /// What the message says happened (default: the unfinished output was discarded).
    package let outcome: String
  }
  private static let stop = Locked<Stop?>(nil)
  /// Set when a signal arrived: work that ends because it was cancelled must not go on to
  /// report success (or anything) before the handler exits.
  private static let isInterrupted = Locked(false)
  private static let queue = DispatchQueue(label: "lumen.interruption")
  /// Takes over the three signals for the rest of the process; called once, first thing.
  package static func install() { _ = sources }

  // Kept so that the sources live; made once and never changed.
  nonisolated(unsafe) private static let sources: [any DispatchSourceSignal] = signals.map {
    signal in
    // The default action would end the process before the handler runs.
    _ = Glibc.signal(signal.number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signal.number, queue: queue)
    source.setEventHandler { interrupted(by: signal) }
    source.resume()
    return source
  }

  /// Waits for `finished` with `cancel` as the first step of an interruption, which then
  /// waits for `finished` itself (at most ``grace`` seconds) before the process exits.
  /// A service passes a longer `grace` (its requests in progress drain) and its own
  /// `outcome` for the message.
  package static func wait(
    for finished: DispatchSemaphore, grace: Double = grace,
    outcome: String = "the unfinished output was discarded",
    cancel: @escaping @Sendable () -> Void
  ) {
    stop.withLock { $0 = Stop(cancel: cancel, finished: finished, grace: grace, outcome: outcome) }
    finished.wait()
    // The handler may be waiting for the same signal: it goes on at once too.
    finished.signal()
    stop.withLock { $0 = nil }
    // The work ended because it was cancelled: the handler exits with the signal's status.
    while isInterrupted.withLock({ $0 }) { pause() }
  }

  private static func interrupted(by signal: (number: Int32, name: String)) {
    isInterrupted.withLock { $0 = true }
    let current = stop.withLock { $0 }
    if let stop = current {
      // On its own thread: a cancel may block (it runs the work's own clean-up).
      DispatchQueue.global().async { stop.cancel() }
      _ = stop.finished.wait(timeout: .now() + stop.grace)
    }
    PartialFiles.removeAll()
    let clear = isatty(STDERR_FILENO) != 0 ? "\r\u{1B}[K" : ""
    FileHandle.standardError.write(
      Data(
        "\(clear)lumen: interrupted by \(signal.name); \(current?.outcome ?? "the unfinished output was discarded")\n"
          .utf8))
    _exit(128 + signal.number)
  }
}
