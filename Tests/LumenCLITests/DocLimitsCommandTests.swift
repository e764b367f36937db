import Foundation
import Testing

/// Validating a document takes bounded memory: one at the keyframe limits reads in about
/// 120 MB, one just over a text limit is refused before parsing. A million keyframes took
/// 3 GB before (ten million: the kernel's OOM killer).
@Suite struct DocLimitsCommandTests {
  /// `count` keyframes over as many tracks of 10,000 as needed.
  static func document(keyframes count: Int) -> String {
    let sliders = ["brightness", "contrast", "saturation", "exposure", "clarity", "tint"]
    var tracks: [String] = []
    var left = count
    for slider in sliders where left > 0 {
      let n = min(left, 10_000)
      left -= n
      let keyframes = (0..<n).map { #"{"time":\#($0),"value":0.5}"# }.joined(separator: ",")
      tracks.append(#""adjustments/\#(slider)":{"base":"seconds","keyframes":[\#(keyframes)]}"#)
    }
    let adjustments = sliders.map { "\"\($0)\":0.1" }.joined(separator: ",")
    return #"{"formatIdentifier":"org.lumen.edit","formatVersion":4,"operations":{"adjustments":{"#
      + adjustments + #"}},"animations":{"# + tracks.joined(separator: ",") + "}}"
  }

  @Test(.enabled(if: PeakMemory.isAvailable, "needs GNU time (/usr/bin/time, package time)"))
  func validatingStaysWithinAHundredAndFiftyMegabytes() throws {
    let dir = try CLI.scratch()
    for (keyframes, valid) in [(20_000, true), (20_001, false), (50_000, false)] {
      let doc = dir.appendingPathComponent("k\(keyframes).json")
      try Data(Self.document(keyframes: keyframes).utf8).write(to: doc)
      let (result, megabytes) = try PeakMemory.run("doc", "validate", doc.path)
      #expect((result.status == 0) == valid, "\(keyframes): \(result.errors)")
      #expect(megabytes > 0 && megabytes <= 150, "\(keyframes) keyframes: \(megabytes) MB")
    }
    // The costliest shape per JSON value: small objects of strings, up to the value limit.
    let strings = dir.appendingPathComponent("strings.json")
    let objects = Array(repeating: #"{"a":"b"}"#, count: 39_990).joined(separator: ",")
    try Data(
      #"{"formatIdentifier":"org.lumen.edit","formatVersion":4,"x":[\#(objects)]}"#.utf8
    ).write(to: strings)
    let (refused, peak) = try PeakMemory.run("doc", "validate", strings.path)
    #expect(refused.status == 1 && refused.errors.contains("x: unknown key"), "\(refused.errors)")
    #expect(peak <= 200, "40,000 objects of strings: \(peak) MB")
    let huge = dir.appendingPathComponent("huge.json")
    try Data(count: 64 << 20).write(to: huge)
    let (result, megabytes) = try PeakMemory.run("doc", "validate", huge.path)
    #expect(result.status == 1 && result.errors.contains("more than the limit of 4194304"))
    #expect(megabytes <= 80, "a 64 MB file: \(megabytes) MB")
  }
}
