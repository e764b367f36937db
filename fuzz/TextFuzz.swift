import Foundation

@testable import LumenText

/// libFuzzer entry for text: the first byte picks the style (size, width, alignment, letter
/// spacing) and the outline's width, the rest is read as UTF-8 (invalid sequences become
/// U+FFFD) and shaped with font fallback, broken into lines (UAX #14), drawn and outlined; or
/// refused with one readable line. Never a crash or a hang (libunibreak 1.1 aborted on flags
/// and U+FFFF before Lumen guarded it). Lines must stay inside the text, in order, the drawing
/// within its limits, the outline as much larger as its width, and the size measured without
/// drawing (what auto-fit searches with) never smaller than the drawing where it can tell.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let control = Int(data[0])
  let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
  let style = TextBlock.Style(
    size: Double(6 + control % 32), maxWidth: control & 0x40 != 0 ? Double(1 + control) : nil,
    alignment: TextBlock.Alignment.allCases[control % TextBlock.Alignment.allCases.count],
    letterSpacing: control & 0x80 != 0 ? 0.15 : 0)
  do {
    let measure = try TextMeasure(text, fonts: fonts)
    let block = try TextBlock(measure, style: style)
    let count = text.unicodeScalars.count
    var end = 0
    for line in block.lines {
      expect(line.lowerBound >= end && line.upperBound <= count, "lines \(block.lines) of \(count)")
      end = line.upperBound
    }
    if let measured = try measure.size(style) {
      expect(
        measured.width >= block.width && measured.height >= block.height,
        "measured \(measured) but drawn \(block.width)x\(block.height)")
    }
    let bitmap = block.bitmap
    expect(
      bitmap.width <= TextLine.maxSide && bitmap.height <= TextLine.maxSide
        && bitmap.width * bitmap.height <= TextLine.maxPixels,
      "a \(bitmap.width)x\(bitmap.height) drawing")
    // Outlined as wide as the first byte says: up to 32 px the row pass takes each window's
    // least, wider the lower envelope of parabolas.
    let width = Double(control % 48)
    let outlined = TextOutline.outlined(bitmap, width: width, color: SIMD3(0, 0, 0), opacity: 1)
    let grown = 2 * (Int(width.rounded(.up)) + 1)
    expect(
      outlined.width == bitmap.width + grown && outlined.height == bitmap.height + grown,
      "a \(outlined.width)x\(outlined.height) outline of \(bitmap.width)x\(bitmap.height)")
  } catch {
    expectReadable(error)
  }
  return 0
}

/// One set for every input, so fallback fonts are opened once (the fuzzer runs on one thread).
private let fonts: FontSet = {
  let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  guard let font = try? FontFile(path: path) else {
    fatalError("the text target needs \(path) (scripts/setup.sh installs it)")
  }
  return FontSet(font)
}()
