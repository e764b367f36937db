import LumenCore

/// Why a LUT could not be read, written or built: names the file and, for `.cube` text, the
/// line, so that a user can open the file at the faulty line.
public struct LUTError: Error, CustomStringConvertible, Equatable, Sendable {
  /// What is wrong, independent of where.
  public enum Problem: Error, Equatable, Sendable {
    /// The file cannot be read or written (the system's reason).
    case io(String)
    /// A line starts with a word that is not a `.cube` keyword.
    case unknownKeyword(String)
    /// A keyword appears twice.
    case repeatedKeyword(String)
    /// A keyword's argument or a table entry is not a number.
    case notANumber(String)
    /// A number is NaN or infinite.
    case notFinite(String)
    /// A line has the wrong number of values (`expected` for its keyword or for an entry).
    case wrongValueCount(expected: Int, found: Int)
    /// `LUT_3D_SIZE` / `LUT_1D_SIZE` outside what Lumen accepts.
    case sizeOutOfRange(keyword: String, size: Int, range: ClosedRange<Int>)
    /// Table entries come before any `LUT_3D_SIZE` or `LUT_1D_SIZE`, or neither is given.
    case missingSize
    /// The table does not hold as many entries as the size declares.
    case wrongEntryCount(expected: Int, found: Int)
    /// A domain minimum is not below its maximum.
    case emptyDomain
    /// Valid but not handled (said what).
    case unsupported(String)
    /// An image's size does not fit the declared layout (said how).
    case imageSize(String)
    /// A layout description that cannot be parsed (said why).
    case badLayout(String)
  }

  /// The file, when known (errors from in-memory bitmaps have none until a caller adds it).
  public var file: String?
  /// The 1-based line of a `.cube` file.
  public var line: Int?
  public var problem: Problem

  public init(file: String? = nil, line: Int? = nil, problem: Problem) {
    self.file = file
    self.line = line
    self.problem = problem
  }

  /// The error attributed to `file` (kept if it already names one).
  func naming(_ file: String) -> LUTError {
    LUTError(file: self.file ?? file, line: line, problem: problem)
  }

  public var description: String {
    let place = [file, line.map { "line \($0)" }].compactMap { $0 }.joined(separator: ":")
    return place.isEmpty ? problem.description : "\(place): \(problem)"
  }
}

extension LUTError.Problem: CustomStringConvertible {
  public var description: String {
    switch self {
    case .io(let reason): reason
    case .unknownKeyword(let word): "unknown keyword \(EchoedText.quoted(word))"
    case .repeatedKeyword(let word): "\(word) appears twice"
    case .notANumber(let text): "\(EchoedText.quoted(text)) is not a number"
    case .notFinite(let text): "\(EchoedText.quoted(text)) is not a finite number"
    case .wrongValueCount(let expected, let found):
      "expected \(expected) value\(expected == 1 ? "" : "s"), found \(found)"
    case .sizeOutOfRange(let keyword, let size, let range):
      "\(keyword) \(size) is outside \(range.lowerBound)...\(range.upperBound)"
    case .missingSize: "table entries before any LUT_3D_SIZE or LUT_1D_SIZE"
    case .wrongEntryCount(let expected, let found):
      "the size declares \(expected) entries, the table holds \(found)"
    case .emptyDomain: "DOMAIN_MIN must be below DOMAIN_MAX in every channel"
    case .unsupported(let what): what
    case .imageSize(let what): what
    case .badLayout(let what): what
    }
  }
}
