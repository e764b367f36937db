import Foundation
import LumenCore

@testable import LumenCodecs

/// libFuzzer entry for embedded ICC profiles, as a decoder meets them: the first byte picks the
/// pixel layout (8 or 16 bits, with or without alpha), the rest is the profile. Opening it,
/// reading its description, serialising it and converting pixels to sRGB never crash; a
/// profile that cannot be used is refused with one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICC(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let layouts: [PixelFormat] = [.rgb8, .rgba8, .rgb16, .rgba16]
  let format = layouts[Int(data[0]) % layouts.count]
  let icc = Data(bytes: data + 1, count: size - 1)
  _ = profileDescription(icc)
  _ = ColorProfile(iccData: icc)?.iccData
  do {
    guard let transform = try ColorProfile.transformToSRGB(embedded: icc, layout: format) else {
      return 0
    }
    // Every 8-bit level in every channel, plus alpha, in the chosen layout.
    var pixels = [UInt8](repeating: 0, count: 256 * format.bytesPerPixel)
    for (index, _) in pixels.enumerated() { pixels[index] = UInt8(truncatingIfNeeded: index) }
    pixels.withUnsafeMutableBytes { transform.apply($0) }
  } catch {
    expectReadable(CodecError(file: "fuzz.icc", problem: error))
  }
  return 0
}
