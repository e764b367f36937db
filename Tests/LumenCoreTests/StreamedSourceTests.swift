import Foundation
import Testing

@testable import LumenCore

/// Streamed sources: a render that reads its source top to bottom decodes it into a window of
/// rows; one that needs random access decodes it whole, within the context's budget; either
/// way the bytes are those of the same render over the pixels in memory, for any thread count.
@Suite struct StreamedSourceTests {
  /// 3.6 MB of pixels: more than a 32nd of the 32 MB budget below, so never kept whole; tall
  /// enough for a window of a downscale's bands in flight.
  static let stored = testBitmap(width: 600, height: 2000, seed: 7)
  static let budget = 32 << 20
  static let mix = ColorMatrix(red: [1.2, -0.1, -0.1, 0], blue: [-0.05, 0.1, 0.95, 0])

  /// Writes `bitmap`'s rows a few at a time, failing after `failAfter` rows when given, and
  /// records the buffers it wrote into.
  final class Producer: RowProducer, @unchecked Sendable {
    let bitmap: Bitmap
    let failAfter: Int?
    private let capacities = Locked<[Int]>([])
    init(_ bitmap: Bitmap, failAfter: Int? = nil) {
      self.bitmap = bitmap
      self.failAfter = failAfter
    }

    /// The rows each run held at once.
    var runs: [Int] { capacities.withLock { $0 } }

    func produce(into rows: RowBuffer) throws {
      capacities.withLock { $0.append(rows.capacity) }
      try bitmap.withUnsafeBytes { source in
        var done = 0
        while done < bitmap.height {
          if let failAfter, done >= failAfter { throw Failure() }
          guard let space = rows.space(atMost: 7) else { return }
          let count = space.count / bitmap.bytesPerRow
          space.copyMemory(
            from: UnsafeRawBufferPointer(
              rebasing: source[(done * bitmap.bytesPerRow)..<((done + count) * bitmap.bytesPerRow)]
            ))
          rows.publish(count)
          done += count
        }
      }
    }
  }

  struct Failure: Error {}

  static func streamed(_ producer: Producer) -> Image {
    let bitmap = producer.bitmap
    return Image(
      bitmap: Bitmap(
        width: bitmap.width, height: bitmap.height, format: bitmap.format, producer: producer))
  }

  /// What a render reading top to bottom may do to a source.
  static let monotone: [(String, @Sendable (Image) -> Image)] = [
    ("colour chain", { $0.applying(mix) }),
    ("crop", { $0.cropped(to: Rect(x: 40, y: 900, width: 500, height: 300)).applying(mix) }),
    ("resize", { $0.scaled(by: 0.37) }),
    ("reduced blur", { $0.reduced(by: 4).scaled(by: 4).composited(over: $0.applying(mix)) }),
  ]

  @Test(arguments: monotone.indices, [1, 2, 4])
  func readingTopToBottomDecodesIntoAWindow(edit: Int, threads: Int) throws {
    let (name, edit) = Self.monotone[edit]
    let expected = try RenderContext(threadCount: 1).bitmap(
      of: edit(Image(bitmap: Self.stored)), format: .rgb8)
    let producer = Producer(Self.stored)
    let context = RenderContext(threadCount: threads, memoryBudget: Self.budget)
    let out = try context.bitmap(of: edit(Self.streamed(producer)), format: .rgb8)
    #expect(firstDifference(out, expected) == nil, "\(name)")
    #expect(producer.runs.count == 1, "\(name)")
    #expect(producer.runs.allSatisfy { $0 < Self.stored.height }, "\(name): \(producer.runs)")
    #expect(context.memoryUsage.charged == 0, "\(name): the window is given back")
  }

  /// A quarter turn reads every row for its first band: the source is decoded whole, once.
  @Test func aQuarterTurnDecodesWhole() throws {
    let expected = try RenderContext(threadCount: 1).bitmap(
      of: Image(bitmap: Self.stored).oriented(.right).applying(Self.mix), format: .rgb8)
    let producer = Producer(Self.stored)
    let image = Self.streamed(producer).oriented(.right).applying(Self.mix)
    let context = RenderContext(threadCount: 2, memoryBudget: Self.budget)
    #expect(firstDifference(try context.bitmap(of: image, format: .rgb8), expected) == nil)
    #expect(firstDifference(try context.bitmap(of: image, format: .rgb8), expected) == nil)
    #expect(producer.runs == [Self.stored.height])
  }

  /// A source that must be held whole and does not fit fails the render with a clear error.
  @Test func aWholeSourceOverTheBudgetFailsTheRender() throws {
    let image = Self.streamed(Producer(Self.stored)).oriented(.right)
    let tiny = RenderContext(threadCount: 2, memoryBudget: 2 << 20)
    #expect {
      try tiny.bitmap(of: image, format: .rgb8)
    } throws: { error in
      guard case .sourceOverBudget(600, 2000, _, 2 << 20) = error as? RenderError else {
        return false
      }
      return "\(error)".contains("decoded whole")
    }
    // A chain reads top to bottom: a window fits.
    _ = try tiny.bitmap(of: Self.streamed(Producer(Self.stored)).applying(Self.mix))
  }

  /// A decoder that fails part way fails the render, even one that reads only the top rows.
  @Test func aFailingDecoderFailsTheRender() throws {
    let context = RenderContext(threadCount: 2, memoryBudget: Self.budget)
    let image = Self.streamed(Producer(Self.stored, failAfter: 1500))
    for edit in [{ (i: Image) in i }, { $0.cropped(to: Rect(width: 600, height: 100)) }] {
      #expect(throws: Failure.self) { try context.bitmap(of: edit(image).applying(Self.mix)) }
    }
    #expect(context.memoryUsage.charged == 0)
  }
}
