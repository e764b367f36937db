import Dispatch
import Foundation

/// Runs numbered jobs on a fixed number of threads, each thread with its own ``TilePool``.
/// Which thread runs a job never changes what the job computes, so results do not depend on
/// the thread count.
struct WorkerPool {
  let threads: Int

  func run(jobs: Int, _ body: @escaping @Sendable (Int, TilePool) -> Void) {
    let next = Counter()
    let group = DispatchGroup()
    for _ in 0..<max(1, min(threads, jobs)) {
      DispatchQueue.global().async(group: group) {
        let pool = TilePool()
        while let job = next.take(below: jobs) { body(job, pool) }
      }
    }
    group.wait()
  }
}

/// A shared job counter.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  func take(below limit: Int) -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard value < limit else { return nil }
    value += 1
    return value - 1
  }
}
