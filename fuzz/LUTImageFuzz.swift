import Foundation
import LumenCodecs
import LumenCore
import LumenFilters

/// libFuzzer entry for LUT images: the input is a layout as `--look-layout` takes it (`hald`,
/// `hald:4`, `tiled:2x4`, ...) on the first line, then an image file. Either the image is
/// refused with one line (bad layout, wrong size, undecodable), or its cube renders and an
/// 8-bit image in the same layout written from the cube reads back as the same cube.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLUTImage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  guard let newline = bytes.firstIndex(of: 0x0A), newline - bytes.startIndex <= 32 else {
    return 0
  }
  let layoutText = String(decoding: bytes[..<newline], as: UTF8.self)
  let imageBytes = bytes[(newline + 1)...]
  do {
    let layout = try imageLayout(LUTLayout(parsing: layoutText), imageBytes)
    guard let layout else { return 0 }
    // Hald level 16 is 4096x4096: more than a fuzzer input can usefully hold.
    let options = DecodeOptions(maxPixelCount: 1 << 20)
    let bitmap = try ImageFile.read(data: Data(imageBytes), name: "fuzz", options: options).bitmap
    let cube = try ColorCube(image: bitmap, layout: layout)
    renderThrough { $0.applying(cube) }
    if bitmap.format.sample == .uint8 {
      let again = try ColorCube(image: cube.image(layout: layout), layout: layout)
      expect(again == cube, "an 8-bit \(layout) cube changed when written and read back")
    }
  } catch {
    expectReadable(error)
  }
  return 0
}

/// The geometry `layout` gives the image (a Hald's level read from the header when not
/// declared), or nil for `.cube` text, which is the cube target's.
private func imageLayout(_ layout: LUTLayout, _ image: Data) throws -> LUTImageLayout? {
  switch layout {
  case .cube: return nil
  case .hald(let level?): return .hald(level: level)
  case .hald(nil):
    let info = try ImageFile.info(data: image, name: "fuzz")
    return try LUTImageLayout.hald(width: info.width, height: info.height)
  case .tiled(let tiles): return .tiled(tiles)
  }
}
