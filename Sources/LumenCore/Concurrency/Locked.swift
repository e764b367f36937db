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

extension Locked {
  /// The value kept for `key`, or the one `make` gives, kept. `make` runs without the lock
  /// (it may read files); two first callers may both make it, and the first kept wins.
  public func value<Key: Hashable, Kept>(for key: Key, orMake make: () throws -> Kept) rethrows
    -> Kept
  where Value == [Key: Kept] {
    if let known = withLock({ $0[key] }) { return known }
    let made = try make()
    return withLock { kept in
      if let earlier = kept[key] { return earlier }
      kept[key] = made
      return made
    }
  }
}
