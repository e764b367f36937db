import Foundation

/// Runs `body` once for each of `count` slots, each on a thread of its own, and returns when
/// all have ended. Unlike `concurrentPerform`, which runs no more at once than there are cores,
/// every slot runs at once: a worker's slots each wait on Redis and on their jobs' processes.
func sideBySide(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for slot in 0..<count {
    group.enter()
    let thread = Thread {
      body(slot)
      group.leave()
    }
    // As a process's main thread has: decoders and layouts recurse.
    thread.stackSize = 8 << 20
    thread.start()
  }
  group.wait()
}
