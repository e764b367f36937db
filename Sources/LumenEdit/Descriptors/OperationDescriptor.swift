import LumenCore
import LumenFilters

/// One operation of the develop stage: its key in `operations`, its parameters, where it lives
/// in ``EditDocument`` and how it renders. The document's reader, writer, schema, keyframe
/// paths and renderer walk ``EditDocument/operationDescriptors``; adding an operation means
/// adding its settings type (a ``DocumentSettings``), its descriptor and its apply function.
public struct OperationDescriptor: Sendable {
  /// Which rendering stage the operation belongs to: geometry decides which pixels are kept
  /// (and cannot change over a clip, so it has no keyframes), effects change their colours.
  public enum Stage: Sendable { case geometry, effects }

  /// The key in the document's `operations` ("adjustments").
  public let name: String
  public let displayName: String
  public let doc: String
  public let stage: Stage
  public let parameters: [ParameterDescriptor]
  let isPresent: @Sendable (EditDocument) -> Bool

  /// Whether `document` uses the operation (it is in its JSON and changes the image).
  public func isApplied(in document: EditDocument) -> Bool { isPresent(document) }
  let read: @Sendable (JSONValue, inout EditDocument) throws(EditDocumentError) -> Void
  /// The operation's JSON, or nil when the document does not have it.
  let write: @Sendable (EditDocument) -> Any?
  let schema: @Sendable () -> [String: Any]
  /// The numbers keyframes may drive, with paths relative to the operation.
  let leaves: [NumericLeaf<EditDocument>]
  /// Copies the operation from one document into another (the geometry key of previews).
  let copy: @Sendable (EditDocument, inout EditDocument) -> Void
  let apply: @Sendable (EditDocument, Image, RenderInputs) throws -> Image

  /// An operation the document has or not (`look`): absent from the JSON when nil.
  static func optional<Settings: DocumentSettings>(
    _ name: String, _ displayName: String, stage: Stage = .effects, doc: String,
    _ keyPath: any WritableKeyPath<EditDocument, Settings?> & Sendable,
    apply: @escaping @Sendable (Settings, Image, RenderInputs) throws -> Image
  ) -> OperationDescriptor {
    OperationDescriptor(
      name: name, displayName: displayName, doc: doc, stage: stage,
      parameters: Settings.parameters, isPresent: { $0[keyPath: keyPath] != nil },
      read: { v, document throws(EditDocumentError) in
        document[keyPath: keyPath] = try Settings(json: v)
      },
      write: { $0[keyPath: keyPath]?.jsonObject(omittingDefaults: false) },
      schema: { Settings.schema() },
      leaves: stage == .geometry
        ? []
        : Settings.leaves.map { $0.lifted(prefix: name, through: keyPath) },
      copy: { $1[keyPath: keyPath] = $0[keyPath: keyPath] },
      apply: { document, image, inputs in
        guard let settings = document[keyPath: keyPath] else { return image }
        return try apply(settings, image, inputs)
      })
  }

  /// An operation every document has (`adjustments`): only the members away from their
  /// defaults are written, and none at all leaves the operation out.
  static func always<Settings: DocumentSettings>(
    _ name: String, _ displayName: String, stage: Stage = .effects, doc: String,
    _ keyPath: any WritableKeyPath<EditDocument, Settings> & Sendable,
    apply: @escaping @Sendable (Settings, Image, RenderInputs) throws -> Image
  ) -> OperationDescriptor {
    OperationDescriptor(
      name: name, displayName: displayName, doc: doc, stage: stage,
      parameters: Settings.parameters, isPresent: { $0[keyPath: keyPath] != Settings.blank },
      read: { v, document throws(EditDocumentError) in
        document[keyPath: keyPath] = try Settings(json: v)
      },
      write: {
        let object = $0[keyPath: keyPath].jsonObject(omittingDefaults: true)
        return object.isEmpty ? nil : object
      },
      schema: { Settings.schema() },
      leaves: stage == .geometry
        ? []
        : Settings.leaves.map {
          $0.lifted(
            prefix: name, get: { $0[keyPath: keyPath] },
            set: { document, change in change(&document[keyPath: keyPath]) })
        },
      copy: { $1[keyPath: keyPath] = $0[keyPath: keyPath] },
      apply: { document, image, inputs in
        let settings = document[keyPath: keyPath]
        return settings == Settings.blank ? image : try apply(settings, image, inputs)
      })
  }

  /// An operation that is on or off (`magic`): `true`, or absent.
  static func flag(
    _ name: String, _ displayName: String, stage: Stage = .effects, doc: String,
    _ keyPath: any WritableKeyPath<EditDocument, Bool> & Sendable,
    apply: @escaping @Sendable (Image, RenderInputs) throws -> Image
  ) -> OperationDescriptor {
    OperationDescriptor(
      name: name, displayName: displayName, doc: doc, stage: stage,
      parameters: [.boolean(name, displayName, default: false, doc: doc)],
      isPresent: { $0[keyPath: keyPath] },
      read: { v, document throws(EditDocumentError) in document[keyPath: keyPath] = try v.bool() },
      write: { $0[keyPath: keyPath] ? true : nil }, schema: { ["type": "boolean"] }, leaves: [],
      copy: { $1[keyPath: keyPath] = $0[keyPath: keyPath] },
      apply: { document, image, inputs in
        document[keyPath: keyPath] ? try apply(image, inputs) : image
      })
  }
}
