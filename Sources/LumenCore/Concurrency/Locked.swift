import Foundation

/// A value guarded by a lock: `Synchronization.Mutex`'s interface over a pthread mutex
/// (`NSLock`), whose locking ThreadSanitizer sees. On Linux, `Mutex` parks contended threads in
/// priority-inheritance futexes that TSan cannot observe, so every contended `Mutex` reads as a
/// data race under `swift test --sanitize=thread` (four threads incrementing one counter
/// reproduce it), which would hide real races among false ones.
public final class Locked<Value> {
  private let lock = NSLock()
  private var value: Value

  public init(_ value: Value) { self.value = value }

  /// Runs `body` with the value, holding the lock.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

extension Locked: @unchecked Sendable where Value: Sendable {}
