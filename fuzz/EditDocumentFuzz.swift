import Foundation

@testable import LumenEdit

/// libFuzzer entry: any bytes must either decode to a document that round-trips through its
/// own JSON, or be refused with an `EditDocumentError`; never crash or hang. A document with
/// time must also resolve, at any instant, to a static document that is itself valid (every
/// interpolated value inside its parameter's range) and round-trips. Layer ids are unique and
/// every track names a number the document has.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEditDocument(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  guard let document = try? EditDocument(json: bytes) else { return 0 }
  expectRoundTrip(document)
  guard Set(document.layers.map(\.id)).count == document.layers.count else {
    fatalError("two layers share an id")
  }
  for parameter in document.animations.keys {
    guard let found = EditParameter(path: parameter.path, in: document),
      found.value(in: document) != nil
    else { fatalError("a track of a number the document lacks: \(parameter.path)") }
  }
  guard document.isAnimated else { return 0 }
  // Clip lengths from the input's size: 0 (a degenerate clip) up to 12 s in eighths.
  let clipDuration = Double(size % 97) / 8
  for time in [EditTime.normalized(0), .normalized(0.37), .seconds(2.5), .normalized(1)] {
    let still = document.resolved(at: time, clipDuration: clipDuration)
    guard !still.isAnimated else { fatalError("a resolved document still has time") }
    expectRoundTrip(still)
  }
  return 0
}

private func expectRoundTrip(_ document: EditDocument) {
  let written = document.jsonData()
  guard let again = try? EditDocument(json: written), again == document else {
    fatalError("a document did not round-trip: \(String(decoding: written, as: UTF8.self))")
  }
}
