import Foundation
import Testing

@testable import LumenCore

/// ``RegularFile``: the bytes read are the file's, small or large (a large one lands in memory
/// mapped for it), a head is its first bytes, and a file over the limit is refused unread.
struct RegularFileTests {
  @Test(arguments: [0, 1, 4095, 1 << 20, 3 << 20 + 17])
  func readsEveryByteOfAFile(size: Int) throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lumen-regular-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: url) }
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
    try Data(bytes).write(to: url)
    let read = try RegularFile.contents(of: url.path)
    #expect(read.count == size)
    #expect(read.elementsEqual(bytes))
    // Still the file's bytes once the read copy is changed (it is the caller's own memory).
    var changed = read
    if size > 0 { changed[changed.startIndex] ^= 0xFF }
    #expect(try RegularFile.contents(of: url.path).elementsEqual(bytes))
    #expect(try RegularFile.head(of: url.path, count: 100).elementsEqual(bytes.prefix(100)))
    #expect(throws: FileError.self) { try RegularFile.contents(of: url.path, limit: size - 1) }
  }
}
