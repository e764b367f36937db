import Foundation
import LumenCore

@testable import LumenCodecs

/// libFuzzer entry for EXIF payloads (a TIFF structure, with or without `Exif\0\0`): reading
/// the orientation and preparing the payload for an upright output never crash, and the
/// prepared payload says "up" (or nothing) and is what preparing it again gives. The input's
/// length picks whether the GPS block is stripped and the output size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExif(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let exif = Data(bytes: data, count: size)
  _ = Exif.orientation(in: exif)
  let stripGPS = size % 2 == 0
  let (width, height) = (size % 7 + 1, size % 5 + 1)
  guard
    let prepared = Exif.prepareForOutput(exif, width: width, height: height, stripGPS: stripGPS)
  else { return 0 }
  let orientation = Exif.orientation(in: prepared)
  expect(
    orientation == nil || orientation == .up,
    "a prepared payload says \(String(describing: orientation))")
  expect(
    Exif.prepareForOutput(prepared, width: width, height: height, stripGPS: stripGPS) == prepared,
    "preparing a prepared payload changed it")
  return 0
}
