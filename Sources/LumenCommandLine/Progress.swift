import Foundation
import LumenCore

/// A one-line progress bar on standard error, drawn only when it is a terminal so that logs
/// and pipes stay clean.
package final class ProgressBar: RowSink {
  private let label: String
  private var total = 0
  private var drawn = -1

  package static var isUseful: Bool { isatty(STDERR_FILENO) != 0 }

  package init(_ label: String) { self.label = label }

  package func begin(width: Int, height: Int, format: PixelFormat) { total = height }

  package func write(_ band: RowBand) {
    let percent = total > 0 ? (band.firstRow + band.rowCount) * 100 / total : 100
    guard percent != drawn else { return }
    drawn = percent
    let filled = percent * 30 / 100
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
    FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(percent)%".utf8))
  }

  package func finish() { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
}
