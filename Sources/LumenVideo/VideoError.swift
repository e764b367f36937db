/// Why a movie could not be read. Every case names the file, so that a message shown to a user
/// (or a line in a batch log) says which of many inputs failed and what to do about it.
public enum VideoError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing exists at the path.
  case fileNotFound(file: String)
  /// The path exists but cannot be read: permissions, a directory, an I/O error.
  case unreadable(file: String, reason: String)
  /// The data is not in any container format FFmpeg knows (a text file, a photo in disguise).
  case notAMovie(file: String)
  /// The container breaks its format's rules; `detail` says where.
  case corrupt(file: String, detail: String)
  /// The data ends before the movie does (an interrupted copy or download).
  case truncated(file: String, detail: String)
  /// The container holds no video, e.g. an audio file; `detail` lists what it does hold.
  case noVideoStream(file: String, detail: String)
  /// The video is compressed with a codec this system's libavcodec cannot decode.
  case unsupportedCodec(file: String, codec: String)
  /// A time asked for lies outside the movie.
  case timeOutOfRange(file: String, seconds: Double, duration: Double)
  /// An FFmpeg call failed unexpectedly; `operation` says what Lumen was doing, `message` is
  /// FFmpeg's wording.
  case ffmpeg(file: String, operation: String, message: String)

  /// The file the error is about, as the caller named it.
  public var file: String {
    switch self {
    case .fileNotFound(let file), .unreadable(let file, _), .notAMovie(let file),
      .corrupt(let file, _), .truncated(let file, _), .noVideoStream(let file, _),
      .unsupportedCodec(let file, _), .timeOutOfRange(let file, _, _), .ffmpeg(let file, _, _):
      file
    }
  }

  public var description: String { "\(file): \(reason)" }

  /// What went wrong, without the file's name.
  public var reason: String {
    switch self {
    case .fileNotFound: "no such file"
    case .unreadable(_, let reason): "cannot read the file: \(reason)"
    case .notAMovie: "not a movie file (no container format FFmpeg knows)"
    case .corrupt(_, let detail): "the file is corrupt: \(detail)"
    case .truncated(_, let detail):
      "the file is truncated (the data ends before the movie does): \(detail)"
    case .noVideoStream(_, let detail): "the file has no video stream (\(detail))"
    case .unsupportedCodec(_, let codec):
      "unsupported: this system's FFmpeg cannot decode \(codec) video"
    case .timeOutOfRange(_, let seconds, let duration):
      "\(seconds) s is outside the movie, which lasts \(duration) s"
    case .ffmpeg(_, let operation, let message): "\(operation) failed: \(message)"
    }
  }
}
