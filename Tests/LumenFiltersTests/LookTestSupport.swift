import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenFilters

/// Scratch manifests and a test picture for the look library tests.
enum LookFixtures {
  /// A smooth picture with every hue, dark to light (sRGB-encoded float RGBA).
  static let picture: [[Float]] = {
    var out: [[Float]] = []
    for y in 0..<24 {
      for x in 0..<32 {
        let h = Float(x) / 32 * 6
        let v = 0.05 + 0.9 * Float(y) / 23
        let r = min(max(abs(h - 3) - 1, 0), 1)
        let g = min(max(2 - abs(h - 2), 0), 1)
        let b = min(max(2 - abs(h - 4), 0), 1)
        // Half the colours desaturated so that greys and pastels are covered too.
        let s: Float = x % 2 == 0 ? 1 : 0.3
        out.append([v * (1 - s + s * r), v * (1 - s + s * g), v * (1 - s + s * b), 1])
      }
    }
    return out
  }()

  static var image: Image { Pixels.image(picture, width: 32) }

  /// Writes `json` as `manifest.json` in a new directory (with `files` beside it).
  static func manifest(_ json: String, files: [String: String] = [:]) throws -> URL {
    let dir = try Scratch.directory()
    for (name, text) in files {
      try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let url = dir.appendingPathComponent("manifest.json")
    try json.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  /// The error loading `json` gives.
  static func error(loading json: String) throws -> LookError? {
    do {
      _ = try LookLibrary(contentsOf: manifest(json))
      return nil
    } catch let error as LookError {
      return error
    }
  }
}
