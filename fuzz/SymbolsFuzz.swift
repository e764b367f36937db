import Foundation

@testable import LumenSymbols

/// libFuzzer entry for the variable-symbol reader: any bytes, as an SVG file's, either read
/// (every shape's paths finite, their areas, checks and fixes computed; masters generated from
/// its strokes with the same structure at every weight; the drawing rendered small) or are
/// refused with an error of one line; as path data alone, the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSymbols(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  do {
    let drawing = try SVGReader.drawing(in: bytes)
    let contours = drawing.shapes.flatMap(\.contours)
    for contour in contours {
      expect(contour.points.allSatisfy(\.isFinite), "a path with a point not finite")
      _ = contour.signedArea
    }
    let master = { (weight: Master.Weight) in
      Master(weight: weight, file: "fuzz.svg", contours: contours)
    }
    let result = Compatibility(masters: [master(.ultralight), master(.regular), master(.black)])
    expect(result.isInterpolatable, "masters alike did not interpolate")
    // One master drawn backwards: fixing it must end, whatever it finds.
    let backwards = Master(
      weight: .black, file: "fuzz.svg", contours: contours.map { $0.reversed() })
    _ = Fixer(masters: [master(.ultralight), master(.regular), backwards])
    if let generated = try? SymbolGenerator.masters(of: drawing, file: "fuzz.svg") {
      let structures = generated.map { $0.contours.map(\.structure) }
      expect(Set(structures).count == 1, "generated masters differ in structure")
    }
    let side = max(drawing.width, drawing.height)
    _ = try? SymbolCanvas(rendering: drawing, scale: min(1, 48 / side))
  } catch {
    expectReadable(error)
  }
  do {
    _ = try PathData.contours(String(decoding: bytes, as: UTF8.self))
  } catch {
    expectReadable(error)
  }
  return 0
}
