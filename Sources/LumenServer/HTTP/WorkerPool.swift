import Foundation

/// Threads of the service's own that answer requests. Requests block (a preview waits for its
/// session's lock while another renders): on Dispatch's shared threads they would take the
/// very threads the renders' bands run on, and 32 previews of one photo at once deadlocked
/// the service. These threads only wait; the renders keep Dispatch's.
final class WorkerPool: @unchecked Sendable {
  private let condition = NSCondition()
  private var work: [@Sendable () -> Void] = []

  init(threads: Int) {
    for index in 0..<max(1, threads) {
      let thread = Thread { [unowned self] in self.serve() }
      thread.name = "lumen-request-\(index)"
      thread.start()
    }
  }

  func async(_ body: @escaping @Sendable () -> Void) {
    condition.lock()
    work.append(body)
    condition.signal()
    condition.unlock()
  }

  private func serve() {
    while true {
      condition.lock()
      while work.isEmpty { condition.wait() }
      let body = work.removeFirst()
      condition.unlock()
      body()
    }
  }
}
