import Foundation
import Testing

@testable import LumenCore

@Suite struct ScratchMemoryTests {
  @Test func sizesArePowersOfTwoThatHoldTheRequest() {
    for request in [1, 100, 16_384, 16_385, 3 << 20, 25 << 20] {
      let size = ScratchMemory.size(for: request)
      #expect(size >= request && size & (size - 1) == 0)
      #expect(size / 2 < max(request, 16_384))
    }
  }

  /// A released block comes back, contents and all, for the next request of its size, so
  /// renders in a row do not fault fresh memory in; a block over the largest kept size is
  /// freed (what comes next is fresh, zero-filled memory).
  @Test func releasedBlocksAreReusedUpToTheLargestKept() {
    let marker: UInt64 = 0x5EED_F00D_CAFE_BEEF
    let memory = ScratchMemory(budget: 1 << 30)
    for (size, kept) in [
      (ScratchMemory.largestKept / 2, true), (ScratchMemory.largestKept * 2, false),
    ] {
      let block = memory.take(size: size)
      #expect(UInt(bitPattern: block) % (1 << 21) == 0)
      block.storeBytes(of: marker, as: UInt64.self)
      memory.release(block, size: size)
      let next = memory.take(size: size)
      defer { memory.release(next, size: size) }
      #expect(next == block || !kept)
      if !kept || next == block {
        #expect((next.load(as: UInt64.self) == marker) == kept)
      }
    }
  }

  /// What is charged and what is kept stay within the budget: a charge frees kept blocks to
  /// make room, and one that cannot fit is refused.
  @Test func chargesAndKeptBlocksStayWithinTheBudget() {
    let memory = ScratchMemory(budget: 8 << 20)
    let blocks = (0..<3).map { _ in memory.take(size: 2 << 20) }
    for block in blocks { memory.release(block, size: 2 << 20) }
    #expect(memory.usage == (0, 6 << 20))
    #expect(memory.charge(5 << 20))
    #expect(memory.usage.charged + memory.usage.kept <= 8 << 20)
    #expect(!memory.charge(4 << 20))
    // Released while charged: kept only where the budget has room.
    let more = (0..<3).map { _ in memory.take(size: 1 << 20) }
    for block in more { memory.release(block, size: 1 << 20) }
    #expect(memory.usage.charged + memory.usage.kept <= 8 << 20)
    memory.refund(5 << 20)
    #expect(memory.usage.charged == 0)
  }

  /// A bitmap render lands its bands in the bitmap itself (and a memoised chain writes whole
  /// rows there); the bytes equal a render streamed band by band through a sink.
  @Test(arguments: [1, 2, 5])
  func renderingInPlaceMatchesStreaming(threads: Int) throws {
    final class Collecting: RowSink {
      var bytes: [UInt8] = []
      func begin(width: Int, height: Int, format: PixelFormat) {}
      func write(_ band: RowBand) { bytes += band.bytes }
      func finish() {}
    }
    let cube = ColorCube(size: 9) { c in RGBA(red: c.green, green: c.blue * c.red, blue: c.red) }
    let image = Image(bitmap: testBitmap(width: 301, height: 97)).applying(cube, intensity: 0.8)
    let renderer = Renderer(threadCount: threads)
    for format in [PixelFormat.rgb8, .rgba8] {
      let sink = Collecting()
      try renderer.render(image, format: format, to: sink)
      #expect(bytes(try renderer.bitmap(of: image, format: format)) == sink.bytes)
    }
  }

  /// A pool's kept blocks are freed with it: twenty-five pools that each kept 32 MB, made and
  /// dropped in turn (a context per request), leave the process about as large as one (a
  /// leak: 800 MB every round). The process's size also moves with the tests running beside
  /// this one (up to 140 MB in every round on a loaded CI machine), so the best of three rounds
  /// is judged, against half a leak: a leak grows in every round.
  @Test func keptBlocksGoWithThePool() throws {
    func residentBytes() throws -> Int {
      let fields = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(
        separator: " ")
      return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
    let size = 16 << 20
    var growths: [Int] = []
    for _ in 0..<3 {
      let before = try residentBytes()
      for _ in 0..<25 {
        let memory = ScratchMemory(budget: 1 << 30)
        let blocks = (0..<2).map { _ in memory.take(size: size) }
        for block in blocks {
          block.initializeMemory(as: UInt8.self, repeating: 1, count: size)
          memory.release(block, size: size)
        }
        #expect(memory.usage.kept == 2 * size)
      }
      growths.append(try residentBytes() - before)
    }
    let least = growths.min() ?? 0
    #expect(least < 400 << 20, "\(growths.map { $0 >> 20 }) MB stayed resident")
  }
}
