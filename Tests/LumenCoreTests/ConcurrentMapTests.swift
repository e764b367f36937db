import Dispatch
import Foundation
import LumenCore
import Testing

/// `concurrentMap` gives what `map` gives, in order, whatever the cores finish first.
struct ConcurrentMapTests {
  @Test func givesMapsResultsInOrder() {
    // Uneven work, so that later elements often finish before earlier ones.
    let values = Array(0..<1000)
    let work = { @Sendable (n: Int) -> Int in
      (0..<((n * 7919) % 2000)).reduce(n) { ($0 &* 31) &+ $1 }
    }
    #expect(values.concurrentMap(work) == values.map(work))
  }

  @Test func anEmptyCollectionGivesNothing() {
    #expect([Int]().concurrentMap { $0 + 1 } == [])
  }

  /// A slice's indices start where its base's part does.
  @Test func aSliceIsReadFromItsOwnStart() {
    let slice = Array(0..<20)[5..<12]
    #expect(slice.concurrentMap { $0 * 2 } == [10, 12, 14, 16, 18, 20, 22])
  }

  /// Elements picked as waiting run beside the cores' work: four that wait for a fifth to
  /// signal them all finish, however few cores there are (on the cores alone, the four could
  /// hold every core while the fifth never starts).
  @Test func waitingElementsRunBesideTheOthers() {
    let signal = DispatchSemaphore(value: 0)
    let results = Array(0..<5).concurrentMap(waiting: [true, true, true, true]) { n -> Bool in
      if n < 4 { return signal.wait(timeout: .now() + 10) == .success }
      for _ in 0..<4 { signal.signal() }
      return true
    }
    #expect(results == [true, true, true, true, true])
  }

  /// Every waiting element starts at once, however few cores there are: each of the most
  /// that get threads of their own waits until all have started.
  @Test func waitingElementsStartAtOnce() {
    let count = [Int].mostWaitingThreads
    let started = Locked(0)
    let results = Array(0..<count).concurrentMap(waiting: Array(repeating: true, count: count)) {
      _ -> Bool in
      started.withLock { $0 += 1 }
      let deadline = Date().addingTimeInterval(10)
      while started.withLock({ $0 }) < count, Date() < deadline { usleep(1000) }
      return started.withLock { $0 } == count
    }
    #expect(results == Array(repeating: true, count: count))
  }

  @Test func waitingElementsKeepTheirPlaces() {
    let slice = Array(0..<30)[3..<17]
    let waiting = slice.map { $0 % 3 == 0 }
    #expect(slice.concurrentMap(waiting: waiting) { $0 * $0 } == slice.map { $0 * $0 })
  }
}
