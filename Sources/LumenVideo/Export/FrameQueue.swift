import Foundation

/// A small blocking queue between two pipeline threads. Its capacity bounds how far one
/// stage runs ahead of the next, and so how many frames (megabytes each) are in memory.
///
/// A producer ``close()``s it when done; the consumer then drains what is left. ``abort()``
/// (an error or a cancel elsewhere) drops the contents and wakes both sides at once.
final class FrameQueue<Element: Sendable>: @unchecked Sendable {
  // Every stored property is guarded by `condition`.
  private let condition = NSCondition()
  private var items: [Element] = []
  private let capacity: Int
  private var closed = false
  private var aborted = false

  init(capacity: Int) { self.capacity = max(1, capacity) }

  /// Waits for room and adds `item`; false if the queue was aborted (stop producing).
  func put(_ item: Element) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while items.count >= capacity && !aborted { condition.wait() }
    guard !aborted else { return false }
    items.append(item)
    condition.broadcast()
    return true
  }

  /// Waits for an item; nil once the queue is closed and empty, or aborted.
  func take() -> Element? {
    condition.lock()
    defer { condition.unlock() }
    while items.isEmpty && !closed && !aborted { condition.wait() }
    guard !aborted, !items.isEmpty else { return nil }
    let item = items.removeFirst()
    condition.broadcast()
    return item
  }

  /// No more items will come; the consumer drains the rest.
  func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }

  /// Drops everything and wakes every waiter.
  func abort() {
    condition.lock()
    aborted = true
    items.removeAll()
    condition.broadcast()
    condition.unlock()
  }
}
