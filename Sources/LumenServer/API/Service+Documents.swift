import Foundation
import LumenAssets
import LumenCore
import LumenEdit

extension Service {
  /// The body of `POST` and `PUT /v1/documents`: `{"upload": UPLOAD_ID, "document": {...}}`, the
  /// document checked as `lumen edit` checks it and stored in its canonical form; a `PUT` may
  /// leave out the upload, which then stays `kept`.
  func documentBody(_ request: Request, keeping kept: String? = nil) throws -> (
    upload: String, json: Data
  ) {
    let object: [String: Any]
    do {
      guard let parsed = try JSONSerialization.jsonObject(with: request.body) as? [String: Any]
      else { throw RouteError(400, "the body must be a JSON object") }
      object = parsed
    } catch let error as RouteError {
      throw error
    } catch {
      throw RouteError(400, "the body is not JSON")
    }
    for key in object.keys where key != "upload" && key != "document" {
      throw RouteError(422, "unknown key \(key)", pointer: key)
    }
    guard let id = object["upload"] as? String ?? (object["upload"] == nil ? kept : nil) else {
      throw RouteError(422, "upload: the id of an upload is required", pointer: "upload")
    }
    let (upload, _) = try self.upload(id)
    guard let document = object["document"] else {
      throw RouteError(422, "document: required", pointer: "document")
    }
    let parsed: EditDocument
    do {
      parsed = try EditDocument(json: JSONSerialization.data(withJSONObject: document))
    } catch let error as EditDocumentError {
      switch error {
      case .invalid(let path, let problem):
        let pointer = path.isEmpty ? "document" : "document.\(path)"
        throw RouteError(422, "\(pointer): \(problem)", pointer: pointer)
      case .cannotHandle(let reason):
        throw RouteError(422, "document: \(reason)", pointer: "document")
      }
    }
    // Documents may name built-in assets and looks only: never a file of the server.
    do {
      try parsed.checkRendering(
        resources: resources, photo: Rect(width: upload.width, height: upload.height))
    } catch {
      throw RouteError(422, "document: \(error)", pointer: "document")
    }
    return (id, parsed.jsonData())
  }

  /// A document's answer: the revision's JSON, its ETag the revision.
  func documentResponse(_ saved: Store.Document, status: Int) throws -> Response {
    let document = try JSONSerialization.jsonObject(with: saved.json)
    let body: [String: Any] = [
      "id": saved.id, "upload": saved.upload, "revision": saved.revision, "created": saved.created,
      "updated": saved.updated, "document": document,
    ]
    return Response.json(
      data: try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]), status: status
    ).adding("ETag", "\"\(saved.revision)\"")
  }

  /// `PUT /v1/documents/{id}`: a new revision, only over the one the writer read (`If-Match`),
  /// so two editors cannot silently overwrite each other.
  func replaceDocument(_ request: Request, id: String) throws -> Response {
    guard let current = try store.document(id) else { throw Self.missing("document", id) }
    guard let match = request.header("if-match") else {
      throw RouteError(428, "If-Match with the document's ETag is required to replace it")
    }
    let expected: Int?
    if match.trimmingCharacters(in: .whitespaces) == "*" {
      expected = nil
    } else {
      let digits = match.trimmingCharacters(in: .whitespaces).trimmingPrefix("W/")
        .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      guard let n = Int(digits), n >= 1 else {
        throw RouteError(412, "If-Match \(match) names no revision of this document")
      }
      expected = n
    }
    // Without "upload", the revision edits the same upload as the one before.
    let (upload, json) = try documentBody(request, keeping: current.upload)
    switch try store.replaceDocument(id, upload: upload, json: json, expected: expected) {
    case .success(let saved): return try documentResponse(saved, status: 200)
    case .failure(.missing): throw Self.missing("document", id)
    case .failure(.conflict(let current)):
      throw RouteError(
        412, "the document is at revision \(current) now, not \(expected ?? 0): read it again")
    }
  }
}
