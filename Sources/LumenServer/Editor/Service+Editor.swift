import Foundation
import LumenCore

extension Service {
  /// The browser editor's files: `GET /` is its page, `GET /editor/PATH` the rest. They are
  /// public (a browser cannot send a token with a page load); the editor asks for the token
  /// and sends it on its API calls. nil: not an editor path.
  func editorFile(_ request: Request) -> Response? {
    guard request.method == "GET", request.path == "/" || request.path.hasPrefix("/editor/")
    else { return nil }
    let missing = Response.problem(404, detail: "no such file: \(EchoedText.quoted(request.path))")
    let relative = request.path == "/" ? ["index.html"] : Array(request.segments.dropFirst())
    guard !relative.isEmpty, relative.allSatisfy(Self.isPlainName),
      let mediaType = Self.editorTypes[
        (relative.last ?? "").split(separator: ".").last.map(String.init) ?? ""],
      let folder = configuration.editorFolder
        ?? Bundle.module.url(forResource: "editor", withExtension: nil)
    else { return missing }
    let file = relative.reduce(folder) { $0.appendingPathComponent(String($1)) }
    // A link could lead out of the folder: only the folder's own files are served.
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
      attributes[.type] as? FileAttributeType == .typeRegular
    else { return missing }
    // The file's size and time stand for its bytes: a browser revalidating (no-cache) gets
    // 304 without the file being read while it is unchanged.
    let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    let tag = "\"\(size)-\(modified)\""
    if request.header("if-none-match") == tag {
      return Response(status: 304, headers: [("ETag", tag), ("Cache-Control", "no-cache")])
    }
    guard let body = try? RegularFile.contents(of: file.path, limit: 4 << 20) else {
      return missing
    }
    return Response(
      status: 200,
      headers: [
        ("Content-Type", mediaType), ("Cache-Control", "no-cache"), ("ETag", tag),
        ("X-Content-Type-Options", "nosniff"),
        // Only this server's scripts run; icons and previews may be data: and blob: URLs.
        (
          "Content-Security-Policy",
          "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
            + "object-src 'none'; base-uri 'none'; frame-ancestors 'self'"
        ),
      ],
      body: body)
  }

  /// The media types of the editor's files, by extension (other files are not served).
  static let editorTypes = [
    "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
    "js": "text/javascript; charset=utf-8", "json": "application/json",
    "svg": "image/svg+xml", "png": "image/png",
  ]

  /// A file or folder name with no way out of the editor's folder (no `..`, no hidden file).
  private static func isPlainName(_ name: Substring) -> Bool {
    guard let first = name.first, first.isLetter || first.isNumber, name.count <= 128 else {
      return false
    }
    return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
  }

  /// `GET /v1/editor/config`: what the editor shows and allows (see ``EditorConfiguration``).
  func editorConfiguration() throws -> Response {
    .json(data: try configuration.editor.json())
  }
}
