import Foundation
import LumenCodecs
import LumenCore

/// libFuzzer entry for SVG stickers: any bytes either parse (through librsvg) to a document of
/// a finite positive size that draws at its own size (capped), stretched into 17 x 9 pixels and
/// turned within them, every transparent pixel black, or are refused with a ``CodecError`` of
/// one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  _ = helperDraws
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
  // Its unit square turned 30 degrees about the middle of 17 x 9 pixels, as a turned sticker.
  let turned = AffineTransform(translationX: -0.5, y: -0.5)
    .concatenating(AffineTransform(scaleX: 12, y: 6))
    .concatenating(AffineTransform(rotationAngle: .pi / 6))
    .concatenating(AffineTransform(translationX: 8.5, y: 4.5))
  for (width, height, placement) in [(own.width, own.height, nil), (17, 9, nil), (17, 9, turned)] {
    let bitmap: Bitmap
    do {
      bitmap = try svg.bitmap(width: width, height: height, placement: placement)
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

/// librsvg runs in helper processes: if they cannot draw at all, every input would be refused
/// with an error and the fuzzer would pass without testing anything.
let helperDraws: Bool = {
  let box =
    #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><rect width="2" height="2"/></svg>"#
  do {
    let bitmap = try SVGImage(data: Data(box.utf8), name: "box.svg").bitmap(width: 4, height: 2)
    expect(bitmap.withUnsafeBytes { $0[3] } == 255, "the SVG helper drew a wrong box")
  } catch {
    expect(false, "the SVG helper cannot draw a box: \(error)")
  }
  return true
}()
