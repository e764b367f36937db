/// Jobs refuse keys they do not know: a misspelt `"overwite": true` must not pass unnoticed.
extension Decoder {
  package func refuseUnknownKeys<Keys: CodingKey & CaseIterable>(besides _: Keys.Type) throws {
    let known = Set(Keys.allCases.map(\.stringValue))
    let container = try self.container(keyedBy: AnyKey.self)
    if let stranger = container.allKeys.first(where: { !known.contains($0.stringValue) }) {
      throw DecodingError.dataCorruptedError(
        forKey: stranger, in: container,
        debugDescription:
          "unknown key (expected one of \(known.sorted().joined(separator: ", ")))")
    }
  }
}

private struct AnyKey: CodingKey {
  let stringValue: String
  let intValue: Int? = nil
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer {
  /// A whole number in `range`, read as a number first: Foundation's decoder reports a huge
  /// value such as 1e300 as invalid JSON without saying where, and this says where.
  package func decodeWholeNumber(forKey key: Key, in range: ClosedRange<Int>) throws -> Int? {
    guard let value = try decodeIfPresent(Double.self, forKey: key) else { return nil }
    guard value == value.rounded(), value >= Double(range.lowerBound),
      value <= Double(range.upperBound), let whole = Int(exactly: value)
    else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription: "expected a whole number in \(range.lowerBound)...\(range.upperBound)")
    }
    return whole
  }
}
