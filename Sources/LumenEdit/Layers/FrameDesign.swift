import Foundation
import LumenCodecs
import LumenCore
import LumenLayers

/// A frame as its asset's payload describes it (PE.SDK's layout):
///
///     {"layout": "horizontalInside", "thickness": 0.07,
///      "top": {"start": "wood/top-start.svg", "middle": "wood/top-middle.svg",
///              "end": "wood/top-end.svg", "mode": "repeat"},
///      "left": {"middle": "wood/left-middle.svg", "mode": "stretch"}, "right": ..., "bottom": ...}
///
/// Pieces are SVG drawings, named relative to the source's folder and read only inside it.
public struct FrameDesign: Sendable {
  public var arrangement: FrameLayout.Arrangement
  /// The bands' thickness the frame was drawn for, a fraction of the shorter side.
  public var thickness: Double
  public var top, left, right, bottom: FrameLayout.Group<SVGImage>

  /// Reads `payload`, naming `reference` in messages.
  public init(_ payload: AssetPayload, reference: String) throws {
    func fail(_ reason: String) -> EditRenderError {
      .invalidAsset(reference, reason)
    }
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(payload.json.utf8))
        as? [String: Any]
    else { throw fail("the payload is not an object") }
    let layout = object["layout"] as? String ?? FrameLayout.Arrangement.horizontalInside.rawValue
    guard let arrangement = FrameLayout.Arrangement(rawValue: layout) else {
      throw fail("layout \(EchoedText.quoted(layout)) is not horizontalInside or verticalInside")
    }
    self.arrangement = arrangement
    let thickness = (object["thickness"] as? NSNumber)?.doubleValue ?? 0.07
    guard thickness.isFinite, (0.001...0.5).contains(thickness) else {
      throw fail("thickness must be 0.001...0.5")
    }
    self.thickness = thickness
    let root = FileIdentity.canonical(payload.folder.path) ?? payload.folder.path
    func group(_ name: String) throws -> FrameLayout.Group<SVGImage> {
      guard let members = object[name] else { return FrameLayout.Group(mode: .stretch) }
      guard let members = members as? [String: Any] else { throw fail("\(name) is not an object") }
      let modeName = members["mode"] as? String ?? FrameLayout.MiddleMode.stretch.rawValue
      guard let mode = FrameLayout.MiddleMode(rawValue: modeName) else {
        throw fail("\(name).mode \(EchoedText.quoted(modeName)) is not repeat or stretch")
      }
      func piece(_ key: String) throws -> SVGImage? {
        guard let value = members[key] else { return nil }
        guard let path = value as? String, !path.isEmpty, path.utf8.count <= 4096 else {
          throw fail("\(name).\(key) is not a file name")
        }
        let named = payload.folder.appendingPathComponent(path).path
        guard let file = FileIdentity.canonical(named), file.hasPrefix(root + "/") else {
          throw fail("\(name).\(key) \(EchoedText.quoted(path)) is not a file in the source")
        }
        return try SVGImage(contentsOf: file)
      }
      return FrameLayout.Group(
        start: try piece("start"), middle: try piece("middle"), end: try piece("end"), mode: mode)
    }
    top = try group("top")
    left = try group("left")
    right = try group("right")
    bottom = try group("bottom")
  }
}
