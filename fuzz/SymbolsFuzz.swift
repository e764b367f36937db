import Foundation

@testable import LumenSymbols

/// libFuzzer entry for the variable-symbol reader: any bytes, as an SVG file's, either read
/// (every shape's paths finite, their areas, checks and fixes computed) or are refused with an
/// error of one line; as path data alone, the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSymbols(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  do {
    let shapes = try SVGReader.shapes(in: bytes)
    let contours = shapes.flatMap(\.contours)
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
