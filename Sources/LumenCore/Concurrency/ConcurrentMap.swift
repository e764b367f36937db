import Dispatch
import Foundation

extension RandomAccessCollection where Self: Sendable, Index == Int {
  /// `transform` of every element, on every core at once (`concurrentPerform`), in the
  /// collection's order: for independent pieces of work of a few milliseconds or more.
  public func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
    let results = Locked([T?](repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { n in
      let result = transform(self[startIndex + n])
      results.withLock { $0[n] = result }
    }
    // Every slot is filled once concurrentPerform returns.
    return results.withLock { $0.compactMap { $0 } }
  }

  /// The most threads ``concurrentMap(waiting:_:)`` starts: waiting work costs little more
  /// than a thread's stack.
  public static var mostWaitingThreads: Int { 16 }

  /// ``concurrentMap(_:)``, except that the elements whose place in `waiting` is true run on
  /// threads of their own beside the cores' work, one each (up to ``mostWaitingThreads``):
  /// work that mostly waits (on another process) would otherwise hold a core's turn while it
  /// waits, and each waits from the start instead of behind the others. Places past the end
  /// of `waiting` are false.
  public func concurrentMap<T: Sendable>(
    waiting: [Bool], _ transform: @escaping @Sendable (Element) -> T
  ) -> [T] {
    let places = Array(0..<count)
    let aside = places.filter { $0 < waiting.count && waiting[$0] }
    let onCores = places.filter { $0 >= waiting.count || !waiting[$0] }
    let results = Locked([T?](repeating: nil, count: count))
    // Each thread aside takes the next waiting element until none is left.
    let taken = Locked(0)
    let next: @Sendable () -> Int? = {
      taken.withLock { taken in
        defer { taken += 1 }
        return taken < aside.count ? aside[taken] : nil
      }
    }
    let done = DispatchGroup()
    for _ in 0..<Swift.min(aside.count, Self.mostWaitingThreads) {
      done.enter()
      Thread.detachNewThread {
        while let place = next() {
          let result = transform(self[startIndex + place])
          results.withLock { $0[place] = result }
        }
        done.leave()
      }
    }
    let worked = onCores.concurrentMap { transform(self[startIndex + $0]) }
    done.wait()
    results.withLock { results in
      for (place, result) in zip(onCores, worked) { results[place] = result }
    }
    // Every slot is filled once every thread is done.
    return results.withLock { $0.compactMap { $0 } }
  }
}
