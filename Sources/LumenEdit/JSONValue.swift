import Foundation

/// A parsed JSON value with its path, for reading documents strictly: every problem is
/// reported with the path where it is, and unknown keys are refused rather than ignored.
struct JSONValue {
  let value: Any
  let path: String

  static func parse(_ data: Data) throws(EditDocumentError) -> JSONValue {
    do {
      return JSONValue(value: try JSONSerialization.jsonObject(with: data), path: "")
    } catch {
      throw .invalid(path: "", problem: "not valid JSON (\(error.localizedDescription))")
    }
  }

  private func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  func fail(_ problem: String) -> EditDocumentError { .invalid(path: path, problem: problem) }

  /// The members of an object, refusing keys other than `allowed`.
  func object(allowing allowed: Set<String>) throws(EditDocumentError) -> [String: JSONValue] {
    guard let dictionary = value as? [String: Any] else { throw fail("expected an object") }
    var members: [String: JSONValue] = [:]
    for (key, member) in dictionary {
      guard allowed.contains(key) else {
        throw .invalid(
          path: child(key),
          problem: "unknown key (expected one of \(allowed.sorted().joined(separator: ", ")))")
      }
      members[key] = JSONValue(value: member, path: child(key))
    }
    return members
  }

  /// The member `key` of `members` (this object's), which must be there.
  func required(_ key: String, in members: [String: JSONValue]) throws(EditDocumentError)
    -> JSONValue
  {
    guard let member = members[key] else { throw .invalid(path: child(key), problem: "missing") }
    return member
  }

  /// The elements of an array, each with its path (`keyframes[2]`).
  func array() throws(EditDocumentError) -> [JSONValue] {
    guard let elements = value as? [Any] else { throw fail("expected an array") }
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

  func integer(in range: ClosedRange<Int>) throws(EditDocumentError) -> Int {
    let v = try number(in: Double(range.lowerBound)...Double(range.upperBound))
    guard v == v.rounded() else { throw fail("expected a whole number, not \(v)") }
    return Int(v)
  }

  func bool() throws(EditDocumentError) -> Bool {
    guard let n = value as? NSNumber, Self.isBoolean(n) else {
      throw fail("expected true or false")
    }
    return n.boolValue
  }

  /// JSON booleans arrive as NSNumbers of C type `char`, which no JSON number produces.
  private static func isBoolean(_ n: NSNumber) -> Bool { String(cString: n.objCType) == "c" }

  func string() throws(EditDocumentError) -> String {
    guard let s = value as? String, !s.isEmpty else { throw fail("expected a non-empty string") }
    return s
  }

  func choice<T: RawRepresentable & CaseIterable>(_: T.Type) throws(EditDocumentError) -> T
  where T.RawValue == String {
    let s = try string()
    guard let v = T(rawValue: s) else {
      throw fail("\"\(s)\" is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return v
  }
}
