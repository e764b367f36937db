import Foundation

/// libFuzzer entry: any bytes must either decode to a document that round-trips through its
/// own JSON, or be refused with an `EditDocumentError`; never crash or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEditDocument(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  guard let document = try? EditDocument(json: bytes) else { return 0 }
  let written = document.jsonData()
  guard let again = try? EditDocument(json: written), again == document else {
    fatalError("a decoded document did not round-trip: \(String(decoding: written, as: UTF8.self))")
  }
  return 0
}
