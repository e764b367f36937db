import Foundation
import LumenCodecs
import LumenCore

@testable import LumenServer

/// libFuzzer entry for the HTTP service's request handling (what any client may send): the
/// first line is `METHOD PATH`, the second the query (`k=v&k=v`), the third `Header: value`
/// pairs separated by `;`, the rest the body. Every request gets an answer of a known status;
/// none is a server error (but 503, a full job queue) and every error is problem+json.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  var lines = bytes.split(
    separator: UInt8(ascii: "\n"), maxSplits: 3, omittingEmptySubsequences: false)
  while lines.count < 4 { lines.append(Data()[...]) }
  let first = String(decoding: lines[0], as: UTF8.self).split(separator: " ", maxSplits: 1)
  let method = first.first.map(String.init) ?? "GET"
  let path = first.count > 1 ? String(first[1]) : "/"
  let query = String(decoding: lines[1], as: UTF8.self).split(separator: "&").map { pair in
    let parts = pair.split(separator: "=", maxSplits: 1)
    return (key: String(parts.first ?? ""), value: parts.count > 1 ? String(parts[1]) : "")
  }
  var headers: [String: String] = [:]
  for pair in String(decoding: lines[2], as: UTF8.self).split(separator: ";") {
    let parts = pair.split(separator: ":", maxSplits: 1)
    if parts.count == 2 {
      headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
    }
  }
  // Ids of the fixture's upload and document, where the input says so.
  func filled(_ text: String) -> String {
    text.replacingOccurrences(of: "UPLOAD", with: Fixture.shared.upload)
      .replacingOccurrences(of: "DOCUMENT", with: Fixture.shared.document)
  }
  let request = Request(
    method: method, path: filled(path), headers: headers,
    query: query.map { ($0.key, filled($0.value)) },
    body: Data(filled(String(decoding: lines[3], as: UTF8.self)).utf8))
  let response = Fixture.shared.service.handle(request)
  expect((200..<600).contains(response.status), "status \(response.status)")
  expect(
    response.status < 500 || response.status == 503,
    "a server error for \(method) \(path): \(body(response).prefix(500))")
  if response.status >= 400 {
    expect(
      response.headers.contains {
        $0.name == "Content-Type" && $0.value == "application/problem+json"
      },
      "an error that is not problem+json")
    let problem =
      try? JSONSerialization.jsonObject(with: Data(body(response).utf8)) as? [String: Any]
    expect(problem?["status"] as? Int == response.status, "a problem without its status")
    let detail = problem?["detail"] as? String ?? ""
    expect(!detail.contains("\n") && detail.utf8.count <= 2000, "a detail of several lines or long")
  }
  return 0
}

private func body(_ response: Response) -> String {
  if case .bytes(let data) = response.body { return String(decoding: data, as: UTF8.self) }
  return ""
}

/// One service over a fresh store, with an upload (a small photo) and a document on it. It has
/// no video worker (videos go to `lumen-video` processes, too slow to start per input): video
/// uploads get their 415 answer.
private final class Fixture: @unchecked Sendable {
  static let shared = Fixture()
  let service: Service
  let upload: String
  let document: String

  init() {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lumen-server-fuzz-\(getpid())")
    guard let store = try? Store(folder: folder) else { fatalError("no store in \(folder.path)") }
    service = Service(
      store: store, configuration: Service.Configuration(),
      context: RenderContext(threadCount: 1, memoryBudget: 256 << 20))
    let photo = folder.appendingPathComponent("photo.png")
    let bitmap = Bitmap(width: 64, height: 48, format: .rgb8) { bytes in
      for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: i &* 7) }
    }
    try? ImageFile.write(bitmap, to: photo, overwrite: true)
    upload = Self.add((try? Data(contentsOf: photo)) ?? Data(), to: service)
    document = Self.document(on: upload, in: service)
    expect(!upload.isEmpty && !document.isEmpty, "the fixture could not be made")
  }

  static func add(_ bytes: Data, to service: Service) -> String {
    id(service.handle(Request(method: "POST", path: "/v1/uploads", body: bytes)))
  }

  static func document(on upload: String, in service: Service) -> String {
    let body =
      "{\"upload\":\"\(upload)\",\"document\":{\"formatIdentifier\":\"org.lumen.edit\",\"formatVersion\":4}}"
    return id(service.handle(Request(method: "POST", path: "/v1/documents", body: Data(body.utf8))))
  }

  static func id(_ response: Response) -> String {
    let object =
      try? JSONSerialization.jsonObject(with: Data(body(response).utf8)) as? [String: Any]
    return object?["id"] as? String ?? ""
  }
}
