import Foundation
import LumenCore
import LumenFilters

/// A parsed JSON value with its path, for reading documents strictly: every problem is
/// reported with the path where it is, and unknown keys are refused rather than ignored.
struct JSONValue {
  let value: Any
  let path: String

  /// Parses `data` after checking it against `limits` (size, values, nesting), so that no
  /// text makes parsing unbounded.
  static func parse(_ data: Data, limits: EditDocumentLimits = .standard)
    throws(EditDocumentError) -> JSONValue
  {
    try limits.checkText(data)
    do {
      return JSONValue(value: try JSONSerialization.jsonObject(with: data), path: "")
    } catch {
      throw .invalid(path: "", problem: "not valid JSON (\(error.localizedDescription))")
    }
  }

  /// Swift values as ``EditDocument/jsonObject()`` gives them (dictionaries, arrays, strings,
  /// `Int`, `Double`, `Bool`), as ``parse(_:limits:)`` would read the text ``JSONWriter``
  /// writes of them, without the text: numbers and booleans become the NSNumbers
  /// JSONSerialization makes (whole doubles below 10^15 integers, as the text has them), and
  /// the limits' values and nesting are checked as the text's would be (its size from its
  /// strings, the one part of it that can be long).
  static func native(_ object: Any, limits: EditDocumentLimits = .standard)
    throws(EditDocumentError) -> JSONValue
  {
    var values = 0
    var bytes = 0
    func convert(_ value: Any, depth: Int) throws(EditDocumentError) -> Any {
      values += 1
      guard values <= limits.values else {
        throw .invalid(path: "", problem: "more than \(limits.values) JSON values")
      }
      // Collections and strings first, then the exact Swift number types: asking an `Any`
      // holding a dictionary whether it is an NSNumber bridges the whole dictionary.
      switch value {
      case let object as [String: Any]:
        guard depth < limits.depth else {
          throw .invalid(path: "", problem: "nested more than \(limits.depth) deep")
        }
        var converted: [String: Any] = [:]
        for (key, member) in object {
          values += 1
          bytes += key.utf8.count
          converted[key] = try convert(member, depth: depth + 1)
        }
        return converted
      case let array as [Any]:
        guard depth < limits.depth else {
          throw .invalid(path: "", problem: "nested more than \(limits.depth) deep")
        }
        var converted: [Any] = []
        converted.reserveCapacity(array.count)
        for element in array { converted.append(try convert(element, depth: depth + 1)) }
        return converted
      case let text as String:
        bytes += text.utf8.count
        guard bytes <= limits.bytes else {
          throw .invalid(path: "", problem: "more than the \(limits.bytes) bytes allowed")
        }
        return text
      case let flag as Bool where type(of: value) == Bool.self:
        return NSNumber(value: flag)
      case let integer as Int where type(of: value) == Int.self:
        return NSNumber(value: integer)
      case let number as Double where type(of: value) == Double.self:
        if let whole = Int(exactly: number), whole.magnitude < 1_000_000_000_000_000 {
          return NSNumber(value: whole)
        }
        return NSNumber(value: number)
      case let number as NSNumber:
        return number
      default:
        return NSNull()
      }
    }
    return JSONValue(value: try convert(object, depth: 0), path: "")
  }

  /// The path of the member `key` ("operations.look" -> "operations.look.id"), for messages:
  /// a key longer than ``EchoedText/limit`` is shown cut and quoted.
  func childPath(_ key: String) -> String {
    let shown = key.utf8.count <= EchoedText.limit ? key : EchoedText.quoted(key)
    return path.isEmpty ? shown : "\(path).\(shown)"
  }

  func fail(_ problem: String) -> EditDocumentError { .invalid(path: path, problem: problem) }

  /// The members of an object, refusing keys other than `allowed`.
  func object(allowing allowed: Set<String>) throws(EditDocumentError) -> [String: JSONValue] {
    guard let dictionary = value as? [String: Any] else { throw fail("expected an object") }
    var members: [String: JSONValue] = [:]
    for (key, member) in dictionary {
      guard allowed.contains(key) else {
        throw .invalid(
          path: childPath(key),
          problem: "unknown key (expected one of \(allowed.sorted().joined(separator: ", ")))")
      }
      members[key] = JSONValue(value: member, path: childPath(key))
    }
    return members
  }

  /// The member `key` of `members` (this object's), which must be there.
  func required(_ key: String, in members: [String: JSONValue]) throws(EditDocumentError)
    -> JSONValue
  {
    guard let member = members[key] else {
      throw .invalid(path: childPath(key), problem: "missing")
    }
    return member
  }

  /// The elements of an array, each with its path (`keyframes[2]`); at most `maxCount`, so
  /// that a document cannot make reading it unbounded.
  func array(maxCount: Int) throws(EditDocumentError) -> [JSONValue] {
    guard let elements = value as? [Any] else { throw fail("expected an array") }
    guard elements.count <= maxCount else {
      throw fail("\(elements.count) elements, more than the \(maxCount) allowed")
    }
    return elements.enumerated().map { JSONValue(value: $1, path: "\(path)[\($0)]") }
  }

  func number(in range: ClosedRange<Double>) throws(EditDocumentError) -> Double {
    guard let n = value as? NSNumber, !Self.isBoolean(n) else { throw fail("expected a number") }
    // Foundation parses long fractions as decimals whose doubleValue is not the nearest
    // double: read their digits instead, so values round-trip (found by the fuzzer).
    let v = (n as? NSDecimalNumber).flatMap { Double($0.stringValue) } ?? n.doubleValue
    guard v.isFinite else { throw fail("expected a finite number") }
    guard range.contains(v) else {
      throw fail("\(v) is outside \(range.lowerBound)...\(range.upperBound)")
    }
    return v
  }

  /// A whole number in `range`, read exactly: JSON integers beyond 2^53 are not rounded to a
  /// nearby double (2^53 + 1 stays itself), and numbers beyond Int's range are refused, never
  /// converted (Int.max as a double is 2^63, which no Int holds).
  func integer(in range: ClosedRange<Int>) throws(EditDocumentError) -> Int {
    let expected = "expected a whole number in \(range.lowerBound)...\(range.upperBound)"
    guard let n = value as? NSNumber, !Self.isBoolean(n) else { throw fail(expected) }
    let whole: Int?
    switch String(cString: n.objCType) {
    case "q", "l", "i", "s": whole = Int(exactly: n.int64Value)
    // Unsigned: JSON digits above Int64.max.
    case "Q", "L", "I", "S": whole = Int(exactly: n.uint64Value)
    default:
      if let decimal = n as? NSDecimalNumber {
        // Digits beyond a double's precision: whole only when they are plain digits in range.
        whole = Int(decimal.stringValue)
      } else {
        let v = n.doubleValue
        whole = v == v.rounded() ? Int(exactly: v) : nil
      }
    }
    guard let whole else { throw fail("\(expected), not \(Self.text(of: n))") }
    guard range.contains(whole) else {
      throw fail("\(whole) is outside \(range.lowerBound)...\(range.upperBound)")
    }
    return whole
  }

  /// A number as the document wrote it, shortened for messages.
  private static func text(of n: NSNumber) -> String {
    let digits = (n as? NSDecimalNumber)?.stringValue ?? n.stringValue
    return digits.count <= 40 ? digits : "\(digits.prefix(40))… (\(digits.count) digits)"
  }

  func bool() throws(EditDocumentError) -> Bool {
    guard let n = value as? NSNumber, Self.isBoolean(n) else {
      throw fail("expected true or false")
    }
    return n.boolValue
  }

  /// JSON booleans arrive as NSNumbers of C type `char`, which no JSON number produces.
  private static func isBoolean(_ n: NSNumber) -> Bool { String(cString: n.objCType) == "c" }

  /// A non-empty string of at most `maxLength` characters.
  func string(maxLength: Int = 4096) throws(EditDocumentError) -> String {
    guard let s = value as? String, !s.isEmpty else { throw fail("expected a non-empty string") }
    guard s.count <= maxLength else { throw fail("longer than \(maxLength) characters") }
    return s
  }

  func choice<T: RawRepresentable & CaseIterable>(_: T.Type) throws(EditDocumentError) -> T
  where T.RawValue == String {
    let s = try string()
    guard let v = T(rawValue: s) else {
      throw fail(
        "\(EchoedText.quoted(s)) is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    return v
  }
}
