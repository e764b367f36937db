import LumenFilters

/// A value stored as one JSON object of ``DocumentField``s: an operation's settings, a layer's
/// transform or content. Its reader, writer and schema are generic over the fields.
public protocol DocumentSettings: Hashable, Sendable {
  /// The members of the JSON object, in display order.
  static var fields: [DocumentField<Self>] { get }
  /// The value before any member is read: every field at its default.
  static var blank: Self { get }
  /// Checks that involve several fields (a crop inside the image), after they are read.
  func validate() -> String?
}

extension DocumentSettings {
  public func validate() -> String? { nil }

  /// The fields' descriptors, for a user interface.
  public static var parameters: [ParameterDescriptor] { fields.map(\.descriptor) }

  static var leaves: [NumericLeaf<Self>] { fields.flatMap(\.leaves) }

  /// Reads the object `v`, refusing unknown members.
  init(json v: JSONValue) throws(EditDocumentError) {
    try self.init(members: v.object(allowing: Set(Self.fields.map(\.name))), of: v)
  }

  /// Reads the members of `v` that are fields (the caller has refused the unknown ones).
  init(members: [String: JSONValue], of v: JSONValue) throws(EditDocumentError) {
    var value = Self.blank
    for field in Self.fields {
      if let member = members[field.name] {
        try field.read(member, &value)
      } else if field.isRequired {
        _ = try v.required(field.name, in: members)
      }
    }
    if let problem = value.validate() { throw v.fail(problem) }
    self = value
  }

  /// The JSON object; with `omittingDefaults`, only the members that differ from ``blank``.
  func jsonObject(omittingDefaults: Bool) -> [String: Any] {
    var object: [String: Any] = [:]
    let blank = Self.blank
    for field in Self.fields {
      guard let value = field.write(self) else { continue }
      if omittingDefaults, let original = field.write(blank),
        JSONWriter.string(value) == JSONWriter.string(original)
      {
        continue
      }
      object[field.name] = value
    }
    return object
  }

  /// `{"type": "object", "properties": ..., "required": ..., "additionalProperties": false}`.
  static func schema(extraProperties: [String: Any] = [:], extraRequired: [String] = [])
    -> [String: Any]
  {
    var properties = extraProperties
    for field in fields { properties[field.name] = field.schema() }
    return [
      "type": "object", "properties": properties,
      "required": extraRequired + fields.filter(\.isRequired).map(\.name),
      "additionalProperties": false,
    ]
  }
}
