import Foundation
import LumenCore

extension Service {
  /// The browser editor's files: `GET /` is its page, `GET /editor/PATH` the rest. They are
  /// public (a browser cannot send a token with a page load); the editor asks for the token
  /// and sends it on its API calls. nil: not an editor path.
  func editorFile(_ request: Request) -> Response? {
    guard request.method == "GET", request.path == "/" || request.path.hasPrefix("/editor/")
    else { return nil }
    let relative = request.path == "/" ? ["index.html"] : Array(request.segments.dropFirst())
    guard !relative.isEmpty, relative.allSatisfy(Self.isPlainName),
      let mediaType = Self.editorTypes[
        (relative.last ?? "").split(separator: ".").last.map(String.init) ?? ""],
      let folder = configuration.editorFolder
        ?? Bundle.module.url(forResource: "editor", withExtension: nil)
    else { return .problem(404, detail: "no such file: \(EchoedText.quoted(request.path))") }
    let file = relative.reduce(folder) { $0.appendingPathComponent(String($1)) }
    // A link could lead out of the folder: only the folder's own files are served.
    let type = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.type]
    guard type as? FileAttributeType != .typeSymbolicLink,
      let body = try? RegularFile.contents(of: file.path, limit: 4 << 20)
    else {
      return .problem(404, detail: "no such file: \(EchoedText.quoted(request.path))")
    }
    // Browsers ask again on every load (no-cache) and get 304 while the file is the same.
    let tag = "\"\(SHA256.hex(of: body).prefix(32))\""
    if request.header("if-none-match") == tag {
      return Response(status: 304, headers: [("ETag", tag), ("Cache-Control", "no-cache")])
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
