import Foundation
import Testing

@testable import LumenJobs
@testable import LumenVideoJobs

/// Hostile job files: seeds cut, spliced and filled with boundary numbers must be read or
/// refused with a `JobError`, never crash (a short, seeded stand-in for a fuzzing session).
@Suite struct JobMutationTests {
  static let seeds = [
    #"{"input": "a.jpg", "output": "b.jpg", "previewLongSide": 640, "encoding": {"quality": 80, "lossless": true}, "document": {"formatIdentifier": "org.lumen.edit", "formatVersion": 4, "operations": {"adjustments": {"contrast": 0.2}}, "layers": [{"id": "s", "kind": "shape", "shape": "ellipse", "transform": {"x": 0.5}}]}}"#,
    #"{"clips": [{"path": "a.mp4", "trim": {"from": 1, "to": 2}}], "output": "o.mp4", "longSide": 720, "frameRate": "30000/1001", "music": {"path": "m.wav", "volume": 0.5}, "maximumDuration": 5, "encoding": {"crf": 20, "preset": "fast"}}"#,
  ]

  static let boundaries = [
    "0", "-1", "1e308", "-1e308", "1e-320", "9223372036854775807", "9223372036854775808",
    "-9223372036854775809", "4294967296", "2147483648", "NaN", "\"\"", "null", "true", "[]", "{}",
    "\"\\u0000\"", "1.5", "65537", "[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]",
  ]

  /// SplitMix64: reproducible mutations.
  struct Random {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(max(1, bound)))
    }
  }

  static func mutate(_ text: String, _ random: inout Random) -> String {
    var bytes = Array(text.utf8)
    switch random.next(4) {
    case 0:
      // A number or value replaced by a boundary value.
      let starts = bytes.indices.filter { bytes[$0] == UInt8(ascii: ":") }
      guard let start = starts.isEmpty ? nil : starts[random.next(starts.count)] else { break }
      var end = start + 1
      while end < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}")].contains(bytes[end]) {
        end += 1
      }
      bytes.replaceSubrange(
        (start + 1)..<end, with: Array(boundaries[random.next(boundaries.count)].utf8))
    case 1:
      bytes = Array(bytes.prefix(random.next(bytes.count)))
    case 2:
      let at = random.next(bytes.count)
      bytes[at] = UInt8(truncatingIfNeeded: random.next(256))
    default:
      let at = random.next(bytes.count)
      bytes.insert(contentsOf: Array(boundaries[random.next(boundaries.count)].utf8), at: at)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func mutatedJobsAreReadOrRefusedInOneLine() throws {
    var random = Random(state: 42)
    var refused = 0
    for round in 0..<3000 {
      let seed = Self.seeds[round % 2]
      var text = seed
      for _ in 0..<(1 + random.next(3)) { text = Self.mutate(text, &random) }
      do {
        if round % 2 == 0 {
          _ = try JSONDecoder().decode(RenderJob.self, from: Data(text.utf8))
        } else {
          _ = try JSONDecoder().decode(VideoJob.self, from: Data(text.utf8))
        }
      } catch let error as DecodingError {
        refused += 1
        let line = JobFile.describe(error, file: "job.json").description
        #expect(!line.contains("\n"), "round \(round): \(line)")
      }
    }
    #expect(refused > 1000, "the mutations should break most jobs")
  }
}
