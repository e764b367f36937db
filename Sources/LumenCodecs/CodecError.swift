import LumenCore

/// Why an image file could not be read or written, naming the file so that a message shown to
/// a user (or in a batch log) says which of many inputs failed.
public struct CodecError: Error, CustomStringConvertible, Equatable {
  /// What went wrong, independent of the file.
  public enum Problem: Error, Equatable, Sendable {
    /// The data ends before the image does.
    case truncated
    /// The data breaks the format's rules.
    case corrupt(String)
    /// The data is valid but uses something Lumen does not handle.
    case unsupported(String)
    /// The header declares more pixels than ``DecodeOptions/maxPixelCount`` allows.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// Reading or writing the file failed.
    case io(String)
    /// The installed libraries cannot write this format.
    case encoderUnavailable(ImageFormat)
    /// An encoding setting the output format does not take.
    case inapplicable(EncodeSetting, ImageFormat)
    /// The format's encoder would need more memory than the budget allows (bytes).
    case encodingOverBudget(ImageFormat, needed: Int, budget: Int)
    /// The embedded ICC profile cannot be used; the reason is lcms2's or ours.
    case invalidProfile(String)
  }

  /// The file's name or path as the caller gave it.
  public let file: String
  public let problem: Problem

  public init(file: String, problem: Problem) {
    self.file = file
    self.problem = problem
  }

  public var description: String {
    let text =
      switch problem {
      case .truncated: "the file is truncated (the data ends before the image does)"
      case .corrupt(let detail): "the file is corrupt: \(EchoedText.line(detail))"
      case .unsupported(let detail): "unsupported: \(EchoedText.line(detail))"
      case .tooLarge(let width, let height, let limit):
        "the image is \(width)x\(height) pixels, more than the limit of \(limit) pixels"
      case .io(let detail): EchoedText.line(detail)
      case .encoderUnavailable(let format):
        "this system's libraries cannot write \(format.name) files"
      case .inapplicable(let setting, let format):
        "\(setting.summary) does not apply to \(format.name) files, only to \(setting.formatNames)"
      case .encodingOverBudget(let format, let needed, let budget):
        "writing this image as \(format.name) needs about \(megabytes(needed)), more than the "
          + "memory budget of \(megabytes(budget)); write JPEG or PNG (encoded row by row) "
          + "or allow more memory"
      case .invalidProfile(let reason): "the embedded ICC profile is invalid: \(reason)"
      }
    return "\(file): \(text)"
  }
}

/// A byte count in whole megabytes, for messages.
private func megabytes(_ bytes: Int) -> String { "\(bytes >> 20) MB" }

extension CodecError.Problem {
  /// Runs a file operation, turning its failure into an I/O problem (the file is named by the
  /// ``CodecError`` that carries it).
  static func io<T>(_ body: () throws(FileError) -> T) throws(CodecError.Problem) -> T {
    do {
      return try body()
    } catch {
      throw .io(error.reason)
    }
  }
}

/// Runs `body`, attributing any problem to `file`.
func attributing<T>(to file: String, _ body: () throws(CodecError.Problem) -> T)
  throws(CodecError) -> T
{
  do {
    return try body()
  } catch {
    throw CodecError(file: file, problem: error)
  }
}
