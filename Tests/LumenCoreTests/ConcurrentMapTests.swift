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
}
