/// Writes the JSON of a document: keys sorted, two-space indentation, and numbers in Swift's
/// shortest form that reads back to the same `Double` (Foundation's JSONSerialization rounds
/// to 15 digits on Linux, so a document would not reproduce itself exactly).
enum JSONWriter {
  static func string(_ value: Any, indent: String = "") -> String {
    switch value {
    case let object as [String: Any]:
      if object.isEmpty { return "{}" }
      let inner = indent + "  "
      let members = object.keys.sorted().map { key in
        "\(inner)\(quoted(key)): \(string(object[key] ?? "", indent: inner))"
      }
      return "{\n" + members.joined(separator: ",\n") + "\n\(indent)}"
    case let array as [Any]:
      if array.isEmpty { return "[]" }
      let inner = indent + "  "
      let elements = array.map { "\(inner)\(string($0, indent: inner))" }
      return "[\n" + elements.joined(separator: ",\n") + "\n\(indent)]"
    case let flag as Bool:
      return flag ? "true" : "false"
    case let integer as Int:
      return String(integer)
    case let number as Double:
      return number == number.rounded() && abs(number) < 1e15
        ? String(Int(number)) : number.description
    case let text as String:
      return quoted(text)
    default:
      return "null"
    }
  }

  private static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      // Short forms, so that no string is written longer than it can be read.
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case _ where scalar.value < 0x20:
        out +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
