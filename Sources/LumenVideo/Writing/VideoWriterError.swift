/// Why a movie could not be written. Every case that concerns a file names it (the output, or
/// the audio source that failed), so a batch log says which of many exports went wrong.
public enum VideoWriterError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A setting or the picture size is out of range; says which and why.
  case invalidSettings(String)
  /// The output cannot be created there (missing or read-only directory, a directory in the
  /// way); raised before any encoding starts.
  case cannotCreateOutput(file: String, reason: String)
  /// The file name's extension names no container Lumen writes (.m4a, .avi, none).
  case unsupportedContainer(file: String, extension: String)
  /// This system's FFmpeg was built without the named encoder or muxer.
  case encoderUnavailable(String)
  /// A frame does not fit the writer: another size, or a pixel format it cannot encode.
  case unsupportedFrame(file: String, reason: String)
  /// Frame times must increase; `time` came after `previous`.
  case timestampOutOfOrder(file: String, previous: PresentationTime, time: PresentationTime)
  /// A frame time in seconds that is not a number or absurdly far from 0.
  case invalidTime(file: String, seconds: Double)
  /// An audio source cannot be used: missing, no audio stream, or a codec the container
  /// cannot carry when copying.
  case audioSource(file: String, reason: String)
  /// An FFmpeg call failed; `operation` says what Lumen was doing, `message` is FFmpeg's.
  case ffmpeg(file: String, operation: String, message: String)
  /// ``VideoWriter/finish(endingAt:)`` was called before any frame was appended.
  case noFrames(file: String)
  /// The writer has already finished or been cancelled.
  case notWriting(file: String)

  public var description: String {
    switch self {
    case .invalidSettings(let reason): "invalid video settings: \(reason)"
    case .cannotCreateOutput(let file, let reason): "\(file): cannot create the output: \(reason)"
    case .unsupportedContainer(let file, let name):
      "\(file): cannot write \(name.isEmpty ? "a file without an extension" : ".\(name.prefix(20)) files")"
        + " (write .mp4, .mov, .mkv or .webm)"
    case .encoderUnavailable(let name): "this system's FFmpeg has no \(name) encoder or muxer"
    case .unsupportedFrame(let file, let reason): "\(file): cannot encode this frame: \(reason)"
    case .timestampOutOfOrder(let file, let previous, let time):
      "\(file): frame times must increase, but \(time.seconds) s came after \(previous.seconds) s"
    case .invalidTime(let file, let seconds): "\(file): \(seconds) is not a frame time in seconds"
    case .audioSource(let file, let reason): "\(file): unusable audio source: \(reason)"
    case .ffmpeg(let file, let operation, let message): "\(file): \(operation) failed: \(message)"
    case .noFrames(let file): "\(file): no frames were appended, so there is no movie to write"
    case .notWriting(let file): "\(file): the writer has already finished or been cancelled"
    }
  }
}
