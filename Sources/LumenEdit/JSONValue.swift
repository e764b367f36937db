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

  /// The path of the member `key` ("operations.look" -> "operations.look.id").
  func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

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

  func integer(in range: ClosedRange<Int>) throws(EditDocumentError) -> Int {
    let v = try number(in: Double(range.lowerBound)...Double(range.upperBound))
    // Int(exactly:) rather than Int(_:): the largest bounds round up to 2^63 as doubles.
    guard v == v.rounded(), let whole = Int(exactly: v) else {
      throw fail("expected a whole number in \(range.lowerBound)...\(range.upperBound), not \(v)")
    }
    guard range.contains(whole) else {
      throw fail("\(whole) is outside \(range.lowerBound)...\(range.upperBound)")
    }
    return whole
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
      throw fail("\"\(s)\" is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return v
  }
}
