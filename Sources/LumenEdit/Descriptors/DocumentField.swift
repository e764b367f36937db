import LumenFilters

/// One member of an operation's (or a layer's) JSON object: its ``ParameterDescriptor`` (name,
/// type, range, default, identity, unit, display name) and where it lives in the Swift value.
/// Reading, writing, validation, the JSON Schema and keyframe addressing all come from here, so
/// a field is declared once.
public struct DocumentField<Root>: Sendable {
  public let descriptor: ParameterDescriptor
  /// Whether the JSON must name it (a look's id); others fall back to the default.
  public let isRequired: Bool
  /// Sets the field from its JSON member, checked against the descriptor.
  let read: @Sendable (JSONValue, inout Root) throws(EditDocumentError) -> Void
  /// The field's JSON value, nil when it is absent (an optional colour that is nil).
  let write: @Sendable (Root) -> Any?
  /// The field's JSON Schema.
  let schema: @Sendable () -> [String: Any]
  /// The numbers inside the field that keyframes may drive ("x", or "transform/x").
  let leaves: [NumericLeaf<Root>]

  public var name: String { descriptor.name }

  init(
    _ descriptor: ParameterDescriptor, isRequired: Bool = false,
    read: @escaping @Sendable (JSONValue, inout Root) throws(EditDocumentError) -> Void,
    write: @escaping @Sendable (Root) -> Any?, schema: @escaping @Sendable () -> [String: Any],
    leaves: [NumericLeaf<Root>] = []
  ) {
    self.descriptor = descriptor
    self.isRequired = isRequired
    self.read = read
    self.write = write
    self.schema = schema
    self.leaves = leaves
  }
}

/// A number a keyframe track may drive: its path relative to its owner ("opacity",
/// "transform/x"), its range, and how to read and set it.
struct NumericLeaf<Root>: Sendable {
  let path: String
  let descriptor: ParameterDescriptor
  let range: ClosedRange<Double>
  let get: @Sendable (Root) -> Double?
  let set: @Sendable (inout Root, Double) -> Void

  /// The same leaf seen from a value that holds `Root` somewhere (optionally).
  func lifted<Outer>(
    prefix: String, get outer: @escaping @Sendable (Outer) -> Root?,
    set update: @escaping @Sendable (inout Outer, (inout Root) -> Void) -> Void
  ) -> NumericLeaf<Outer> {
    let (get, set) = (self.get, self.set)
    return NumericLeaf<Outer>(
      path: prefix.isEmpty ? path : "\(prefix)/\(path)", descriptor: descriptor, range: range,
      get: { outer($0).flatMap(get) },
      set: { value, number in update(&value) { set(&$0, number) } })
  }

  /// The same leaf seen through an optional member of `Outer` (a layer's transform, the
  /// look): setting it does nothing while the member is absent.
  func lifted<Outer>(
    prefix: String, through keyPath: any WritableKeyPath<Outer, Root?> & Sendable
  ) -> NumericLeaf<Outer> {
    lifted(
      prefix: prefix, get: { $0[keyPath: keyPath] },
      set: { outer, change in
        if var value = outer[keyPath: keyPath] {
          change(&value)
          outer[keyPath: keyPath] = value
        }
      })
  }
}

/// The kinds of field an operation or layer kind declares; their readers, writers and schemas
/// are written once, here.
extension DocumentField {
  /// A real number in the descriptor's range (`.scalar`); when `omittedAtDefault`, absent
  /// from the JSON while it has its default (a member most documents never set).
  public static func number(
    _ descriptor: ParameterDescriptor, _ keyPath: any WritableKeyPath<Root, Double> & Sendable,
    omittedAtDefault: Bool = false
  ) -> DocumentField {
    let range = descriptor.range
    let omitted = omittedAtDefault ? descriptor.defaultValue : nil
    return DocumentField(
      descriptor,
      read: { v, root throws(EditDocumentError) in root[keyPath: keyPath] = try v.number(in: range)
      },
      write: { root in
        let value = root[keyPath: keyPath]
        return omitted == .number(value) ? nil : value
      },
      schema: { ["type": "number", "minimum": range.lowerBound, "maximum": range.upperBound] },
      leaves: [
        NumericLeaf(
          path: descriptor.name, descriptor: descriptor, range: range,
          get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
      ])
  }

  /// A whole number in the descriptor's range (`.integer`); not keyframed (geometry).
  public static func integer(
    _ descriptor: ParameterDescriptor, _ keyPath: any WritableKeyPath<Root, Int> & Sendable
  ) -> DocumentField {
    let range = descriptor.integerRange
    return DocumentField(
      descriptor,
      read: { v, root throws(EditDocumentError) in
        root[keyPath: keyPath] = try v.integer(in: range)
      },
      write: { $0[keyPath: keyPath] },
      schema: { ["type": "integer", "minimum": range.lowerBound, "maximum": range.upperBound] })
  }

  public static func boolean(
    _ descriptor: ParameterDescriptor, _ keyPath: any WritableKeyPath<Root, Bool> & Sendable
  ) -> DocumentField {
    DocumentField(
      descriptor,
      read: { v, root throws(EditDocumentError) in root[keyPath: keyPath] = try v.bool() },
      write: { $0[keyPath: keyPath] }, schema: { ["type": "boolean"] })
  }

  /// One of an enumeration's raw values; the descriptor is made from its cases.
  public static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ name: String, _ displayName: String? = nil, default value: Choice, isRequired: Bool = false,
    doc: String = "", _ keyPath: any WritableKeyPath<Root, Choice> & Sendable,
    omittedAtDefault: Bool = false
  ) -> DocumentField where Choice.RawValue == String {
    let options = Choice.allCases.map(\.rawValue)
    return DocumentField(
      .choice(name, displayName, options: options, default: value.rawValue, doc: doc),
      isRequired: isRequired,
      read: { v, root throws(EditDocumentError) in
        root[keyPath: keyPath] = try v.choice(Choice.self)
      },
      write: { root in
        let choice = root[keyPath: keyPath].rawValue
        return omittedAtDefault && choice == value.rawValue ? nil : choice
      }, schema: { ["enum": options] })
  }

  /// A non-empty string of at most `maxLength` characters (a look id, a file path), always
  /// required. ``ParameterDescriptor`` has no text kind: it is described as a choice with no
  /// options.
  public static func text(
    _ name: String, _ displayName: String? = nil, maxLength: Int = 4096, doc: String = "",
    _ keyPath: any WritableKeyPath<Root, String> & Sendable
  ) -> DocumentField {
    text(
      name, displayName, maxLength: maxLength, doc: doc, isRequired: true,
      get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
  }

  /// An optional string of at most `maxLength` characters: absent from the JSON when nil.
  public static func optionalText(
    _ name: String, _ displayName: String? = nil, maxLength: Int = 4096, doc: String = "",
    _ keyPath: any WritableKeyPath<Root, String?> & Sendable
  ) -> DocumentField {
    text(
      name, displayName, maxLength: maxLength, doc: doc, isRequired: false,
      get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
  }

  private static func text(
    _ name: String, _ displayName: String?, maxLength: Int, doc: String, isRequired: Bool,
    get: @escaping @Sendable (Root) -> String?,
    set: @escaping @Sendable (inout Root, String) -> Void
  ) -> DocumentField {
    DocumentField(
      .choice(name, displayName, options: [], default: "", doc: doc), isRequired: isRequired,
      read: { v, root throws(EditDocumentError) in set(&root, try v.string(maxLength: maxLength)) },
      write: get,
      schema: { ["type": "string", "minLength": 1, "maxLength": maxLength] })
  }

  /// An optional sRGB colour with straight alpha, written `[red, green, blue, alpha]` (0...1).
  public static func color(
    _ descriptor: ParameterDescriptor,
    _ get: @escaping @Sendable (Root) -> [Double]?,
    _ set: @escaping @Sendable (inout Root, [Double]?) -> Void
  ) -> DocumentField {
    DocumentField(
      descriptor,
      read: { v, root throws(EditDocumentError) in
        let items = try v.array(maxCount: 4)
        guard items.count == 4 else { throw v.fail("expected [red, green, blue, alpha]") }
        var components: [Double] = []
        for item in items { components.append(try item.number(in: 0...1)) }
        set(&root, components)
      },
      write: { get($0) },
      schema: {
        [
          "type": "array", "minItems": 4, "maxItems": 4,
          "items": ["type": "number", "minimum": 0, "maximum": 1],
        ]
      })
  }

  /// An optional nested object of its own fields (a layer's transform).
  public static func object<Value: DocumentSettings>(
    _ descriptor: ParameterDescriptor, _ keyPath: any WritableKeyPath<Root, Value?> & Sendable
  ) -> DocumentField {
    DocumentField(
      descriptor,
      read: { v, root throws(EditDocumentError) in root[keyPath: keyPath] = try Value(json: v) },
      write: { $0[keyPath: keyPath]?.jsonObject(omittingDefaults: false) },
      schema: { Value.schema() },
      leaves: Value.leaves.map {
        $0.lifted(prefix: descriptor.name, through: keyPath)
      })
  }
}

extension ParameterDescriptor {
  /// The range of a `.scalar` (an integer's as reals; others: empty at 0).
  var range: ClosedRange<Double> {
    switch kind {
    case .scalar(let lo, let hi, _, _): lo...hi
    case .integer(let lo, let hi, _, _): Double(lo)...Double(hi)
    default: 0...0
    }
  }

  var integerRange: ClosedRange<Int> {
    if case .integer(let lo, let hi, _, _) = kind { return lo...hi }
    return 0...0
  }
}
