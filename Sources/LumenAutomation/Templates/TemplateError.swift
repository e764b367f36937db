import LumenCore

/// Why a template cannot be read or applied, as one line.
public enum TemplateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The template file itself is wrong (`file: path: problem`).
  case invalid(file: String, path: String, problem: String)
  /// A value given for a variable is missing, of the wrong type or out of its limits.
  case value(String, String)
  /// A name given with no such variable in the template.
  case unknownVariable(String, known: [String])

  public var problem: String {
    switch self {
    case .invalid(_, let path, let problem): path.isEmpty ? problem : "\(path): \(problem)"
    case .value(let name, let problem): "\(name): \(problem)"
    case .unknownVariable(let name, let known):
      "no variable \(name) (the template has \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
    }
  }

  public var description: String {
    switch self {
    case .invalid(let file, _, _): "\(file): \(EchoedText.line(problem))"
    default: EchoedText.line(problem)
    }
  }
}
