import Foundation
import LumenCore

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a `.cube` file in pieces of 1 MB through ``CubeParser``: opened as a regular file
/// (a FIFO is refused before anything waits on it), its size checked before reading.
enum CubeFileReader {
  static let pieceBytes = 1 << 20

  static func read(_ path: String, limit: Int) throws(LUTError) -> CubeFile {
    let descriptor: Int32
    do throws(FileError) {
      let (opened, size) = try RegularFile.open(path)
      descriptor = opened
      guard size <= limit else {
        close(descriptor)
        throw FileError(
          file: path, reason: "the file is \(size) bytes, more than the limit of \(limit)")
      }
    } catch {
      throw LUTError(file: path, problem: .io(error.reason))
    }
    defer { close(descriptor) }
    var parser = CubeParser()
    var pending: [UInt8] = []
    var piece = [UInt8](repeating: 0, count: pieceBytes)
    var total = 0
    while true {
      let count = piece.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 {
        throw LUTError(
          file: path, problem: .io("cannot read the file: \(String(cString: strerror(errno)))"))
      }
      if count == 0 { break }
      total += count
      guard total <= limit else {
        throw LUTError(file: path, problem: .io("the file grew beyond the limit of \(limit)"))
      }
      pending += piece[0..<count]
      let used = try parser.lines(in: pending, isLast: false)
      pending.removeFirst(used)
      try parser.checkPendingLine(pending.count)
    }
    _ = try parser.lines(in: pending, isLast: true)
    return try parser.end()
  }
}
