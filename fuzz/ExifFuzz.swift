import Foundation
import LumenCore

@testable import LumenCodecs

/// libFuzzer entry for EXIF payloads (a TIFF structure, with or without `Exif\0\0`): reading
/// the orientation and preparing the payload for an upright output never crash, and the
/// prepared payload says "up" (or nothing), keeps its size, and is what preparing it again
/// gives. The input's length picks whether the GPS block is stripped.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExif(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let exif = Data(bytes: data, count: size)
  _ = Exif.orientation(in: exif)
  let stripGPS = size % 2 == 0
  guard let prepared = Exif.prepareForOutput(exif, stripGPS: stripGPS) else { return 0 }
  let prefix = exif.starts(with: Array("Exif\0\0".utf8)) ? 6 : 0
  expect(prepared.count == size - prefix, "preparing changed the payload's size")
  let orientation = Exif.orientation(in: prepared)
  expect(
    orientation == nil || orientation == .up,
    "a prepared payload says \(String(describing: orientation))")
  expect(
    Exif.prepareForOutput(prepared, stripGPS: stripGPS) == prepared,
    "preparing a prepared payload changed it")
  return 0
}
