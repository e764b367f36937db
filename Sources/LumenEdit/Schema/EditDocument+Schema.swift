import Foundation
import LumenFilters

/// The JSON Schema (draft 2020-12) of format 4, generated from the same descriptors as the
/// reader, so the two cannot drift. The schema checks what a schema can say (types, ranges,
/// enumerations, required and unknown keys, layer kinds, keyframe paths and value ranges);
/// the reader also checks what it cannot (crop inside the image, unique layer ids, keyframe
/// times increasing, tracks of parameters the document has, a normalised span inside the clip).
extension EditDocument {
  public static func jsonSchema() -> Data {
    Data((JSONWriter.string(schemaObject) + "\n").utf8)
  }

  static var schemaObject: [String: Any] {
    var operations: [String: Any] = [:]
    for operation in operationDescriptors { operations[operation.name] = operation.schema() }
    return [
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "Lumen edit document, format version \(formatVersion)",
      "description": "Limits: \(EditDocumentLimits.standard.summary).",
      "type": "object",
      "properties": [
        "formatIdentifier": ["const": formatIdentifier],
        "formatVersion": ["const": formatVersion],
        "operations": [
          "type": "object", "properties": operations, "additionalProperties": false,
        ],
        "layers": [
          "type": "array", "maxItems": EditDocumentLimits.standard.layers,
          "items": ["oneOf": LayerKinds.all.map { layerSchema(of: $0) }],
        ],
        "animations": [
          "type": "object", "maxProperties": EditDocumentLimits.standard.tracks,
          "patternProperties": animationPatterns, "additionalProperties": false,
        ],
      ],
      "required": ["formatIdentifier", "formatVersion"],
      "additionalProperties": false,
    ]
  }

  /// One layer kind: the common members and the kind's, flat, `kind` fixed.
  private static func layerSchema<Content: LayerContent>(of _: Content.Type) -> [String: Any] {
    var own: [String: Any] = ["kind": ["const": Content.kind]]
    for field in Content.fields { own[field.name] = field.schema() }
    return Layer.schema(
      extraProperties: own,
      extraRequired: ["kind"] + Content.fields.filter(\.isRequired).map(\.name))
  }

  /// A pattern per parameter path, each with its track's value range: the operations' paths
  /// literally, layers' with any valid id.
  private static var animationPatterns: [String: Any] {
    var patterns: [String: Any] = [:]
    for parameter in EditParameter.all {
      patterns["^\(parameter.path)$"] = trackSchema(parameter.range)
    }
    var layerRanges: [String: ClosedRange<Double>] = [:]
    let layerLeaves =
      Layer.leaves + LayerKinds.all.flatMap { kind in Layer.contentLeaves(of: kind) }
    for leaf in layerLeaves {
      let known = layerRanges[leaf.path] ?? leaf.range
      layerRanges[leaf.path] =
        min(known.lowerBound, leaf.range.lowerBound)...max(known.upperBound, leaf.range.upperBound)
    }
    let id = String(Layer.identifierPattern.dropFirst().dropLast())
    for (path, range) in layerRanges {
      patterns["^layers/\(id)/\(path)$"] = trackSchema(range)
    }
    return patterns
  }

  private static func trackSchema(_ range: ClosedRange<Double>) -> [String: Any] {
    [
      "type": "object",
      "properties": [
        "base": ["enum": TimeBase.allCases.map(\.rawValue)],
        "interpolation": ["enum": KeyframeTrack.Interpolation.allCases.map(\.rawValue)],
        "keyframes": [
          "type": "array", "minItems": 1, "maxItems": EditDocumentLimits.standard.keyframesPerTrack,
          "items": [
            "type": "object",
            "properties": [
              "time": ["type": "number", "minimum": 0],
              "value": [
                "type": "number", "minimum": range.lowerBound, "maximum": range.upperBound,
              ],
            ],
            "required": ["time", "value"], "additionalProperties": false,
          ],
        ],
      ],
      "required": ["base", "keyframes"], "additionalProperties": false,
    ]
  }
}
