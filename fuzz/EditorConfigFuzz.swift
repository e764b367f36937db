import Foundation

@testable import LumenServer

/// libFuzzer entry for editor configurations (what `lumen serve --config` reads): any bytes
/// either read as a configuration that passes its checks and reads back the same from its own
/// JSON, or are refused with an error of one line that names where.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEditorConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  let configuration: EditorConfiguration
  do {
    configuration = try EditorConfiguration(json: bytes)
  } catch {
    expectReadable(error)
    return 0
  }
  do {
    try configuration.check()
  } catch {
    fatalError("a configuration read that fails its checks: \(error)")
  }
  guard let json = try? configuration.json(),
    let again = try? EditorConfiguration(json: json)
  else { fatalError("a configuration read does not read back from its JSON") }
  expect(again == configuration, "a configuration changed when written and read back")
  return 0
}
