import LumenCore
import LumenFilters

/// libFuzzer entry for `.cube` text: any bytes either parse to a table that writes and reads
/// back as itself and renders, or are refused with a ``LUTError`` of one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCube(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let file: CubeFile
  do {
    file = try CubeFile(parsing: text, file: "fuzz.cube")
  } catch {
    expectReadable(error)
    return 0
  }
  let written = file.text
  guard let again = try? CubeFile(parsing: written) else {
    fatalError("a parsed table does not read back: \(written.prefix(500))")
  }
  expect(again.lut == file.lut, "a table changed when written and read back")
  renderThrough { $0.applying(file.lut) }
  return 0
}
