/// The video commands, in `lumen-video` (see ``Companion``).
package enum VideoTool {
  package static let info = Companion.Listing(
    name: "info", summary: "What movies hold: container, duration, streams, colour.")
  package static let frame = Companion.Listing(
    name: "frame", summary: "The exact frame at a moment, upright, optionally edited.")
  package static let thumbs = Companion.Listing(
    name: "thumbs", summary: "A strip of evenly spaced frames side by side.")

  package static let companion = Companion(
    word: "video", summary: "Joins, trims, edits and encodes movies (export).",
    executableName: "lumen-video", listings: [info, frame, thumbs])

  package static var name: String { companion.word }
  package static var summary: String { companion.summary }
}

/// The HTTP service, in `lumen-server` (see ``Companion``).
package enum ServeTool {
  package static let companion = Companion(
    word: "serve", summary: "The HTTP service: photo and video uploads, documents, previews, jobs.",
    executableName: "lumen-server")
}
