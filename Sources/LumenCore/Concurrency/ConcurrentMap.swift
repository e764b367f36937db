import Dispatch

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
}
