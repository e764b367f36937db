import Foundation
import LumenCodecs
import LumenCore

/// libFuzzer entry for SVG stickers: any bytes either parse (through librsvg) to a document of
/// a finite positive size that draws at its own size (capped) and stretched into 17 x 9
/// pixels, every transparent pixel black, or are refused with a ``CodecError`` of one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let svg: SVGImage
  do {
    svg = try SVGImage(data: Data(bytes: data, count: size), name: "fuzz.svg")
  } catch {
    expectReadable(error)
    return 0
  }
  expect(svg.width.isFinite && svg.height.isFinite, "a size that is not finite")
  expect(svg.width > 0 && svg.height > 0, "a size that is not positive")
  let own = SVGImage.drawingSize(width: min(svg.width, 64), height: min(svg.height, 64))
  for (width, height) in [own, (17, 9)] {
    let bitmap: Bitmap
    do {
      bitmap = try svg.bitmap(width: width, height: height)
    } catch {
      expectReadable(error)
      continue
    }
    expect(bitmap.width == width && bitmap.height == height, "a drawing of another size")
    let pixels = bitmap.withUnsafeBytes { Array($0) }
    for index in stride(from: 0, to: pixels.count, by: 4) where pixels[index + 3] == 0 {
      expect(
        pixels[index] == 0 && pixels[index + 1] == 0 && pixels[index + 2] == 0,
        "a transparent pixel with colour")
    }
  }
  return 0
}
