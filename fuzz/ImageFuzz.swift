import Foundation
import LumenCodecs
import LumenCore

/// libFuzzer entry for the image decoders through our shims (JPEG, PNG, WebP, HEIC): any bytes
/// either decode or are refused with one line, within a size limit (4 megapixels: what a
/// fuzzer input can describe, while refusing giant headers). What `info` reports must be what
/// decoding finds, and the decoded bitmap must have the size the scale promises. The input's
/// length picks the decode scale and whether rows stream from a background thread.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  let scale = DecodeScale.allCases[size % DecodeScale.allCases.count]
  let options = DecodeOptions(maxPixelCount: 1 << 22, scale: scale, streaming: size % 3 == 0)
  let info: ImageInfo
  let decoded: DecodedImage
  do {
    info = try ImageFile.info(data: bytes, name: "fuzz")
    decoded = try ImageFile.read(data: bytes, name: "fuzz", options: options)
    try decoded.bitmap.waitUntilDecoded()
  } catch {
    expectReadable(error)
    return 0
  }
  // libheif's handle reports the transformed size from the properties in its own order, while
  // decoding applies them in the file's order: a forged HEIF (a clean aperture before its
  // size) may differ, and decoding is what counts (fuzz/regressions/image/heif-clap-order).
  expect(
    info.format == .heic
      || (info.width, info.height) == (decoded.originalWidth, decoded.originalHeight),
    "info says \(info.width)x\(info.height), decoding found"
      + " \(decoded.originalWidth)x\(decoded.originalHeight)")
  let denominator = decoded.appliedScale.denominator
  expect(
    decoded.bitmap.width == (decoded.originalWidth + denominator - 1) / denominator
      && decoded.bitmap.height == (decoded.originalHeight + denominator - 1) / denominator,
    "a \(decoded.originalWidth)x\(decoded.originalHeight) image decoded at 1/\(denominator)"
      + " is \(decoded.bitmap.width)x\(decoded.bitmap.height)")
  return 0
}
