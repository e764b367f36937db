/// Why an export failed. Reading and writing failures keep the reader's and writer's own
/// errors, which name the file concerned; the other cases name it themselves.
public enum VideoExportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A clip could not be read: missing, not a movie, corrupt, without video...
  case reading(VideoError)
  /// The output could not be written: unwritable path, invalid settings, an audio source...
  case writing(VideoWriterError)
  /// The composition does not fit its files or is out of range; says which setting and why.
  case invalidComposition(String)
  /// The clips together are shorter than the composition's minimum duration.
  case shorterThanMinimum(duration: Double, minimum: Double)
  /// The edit document could not be applied to a frame of `file` (a missing look or
  /// overlay image, a crop that leaves nothing); `message` is the renderer's or document's.
  case editing(file: String, seconds: Double, message: String)

  public var description: String {
    switch self {
    case .reading(let error): "\(error)"
    case .writing(let error): "\(error)"
    case .invalidComposition(let reason): "invalid composition: \(reason)"
    case .shorterThanMinimum(let duration, let minimum):
      "the clips last \(Self.seconds(duration)) s, shorter than the minimum of"
        + " \(Self.seconds(minimum)) s"
    case .editing(let file, let seconds, let message):
      "\(file): cannot edit the frame at \(Self.seconds(seconds)) s: \(message)"
    }
  }

  /// Seconds to the millisecond, without trailing zeros.
  private static func seconds(_ value: Double) -> String { "\((value * 1000).rounded() / 1000)" }
}
