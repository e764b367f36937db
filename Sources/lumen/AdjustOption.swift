import Foundation
import LumenCommandLine
import LumenCore
import LumenEdit

/// `--adjust 'contrast=0.2 saturation=-0.1'`: the edit document's adjustment sliders on the
/// command line, with the document's names, ranges and scales (0 leaves the image unchanged,
/// gamma 1), so that `contrast` means one thing wherever it is written. The values are read
/// as a document's `adjustments` would be, by the same reader.
enum AdjustOption {
  static let option = Option.value(
    "adjust", "'NAME=VALUE ...'", .text, repeatable: true,
    help: "edit-document sliders, 0 = unchanged (e.g. 'contrast=0.2 saturation=-0.1'): "
      + Adjustments.fields.map(\.name).joined(separator: ", "))

  /// The sliders `--adjust` sets (nil without it); a mistake is a usage error.
  static func adjustments(_ args: ParsedArguments) throws(UsageError) -> Adjustments? {
    let words = args.strings("adjust").flatMap { $0.split(whereSeparator: \.isWhitespace) }
    guard !words.isEmpty else { return nil }
    let names = Set(Adjustments.fields.map(\.name))
    var members: [String: String] = [:]
    for word in words {
      let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, names.contains(parts[0]) else {
        throw UsageError(
          "--adjust \(UsageError.quoted(String(word))): write NAME=NUMBER with NAME one of "
            + names.sorted().joined(separator: ", "))
      }
      guard members[parts[0]] == nil else {
        throw UsageError("--adjust: \(parts[0]) is given twice")
      }
      guard let value = Double(parts[1]), value.isFinite else {
        throw UsageError("--adjust \(UsageError.quoted(String(word))): not a finite number")
      }
      members[parts[0]] = "\(value)"
    }
    let object = members.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",")
    let json =
      #"{"formatIdentifier":"org.lumen.edit","formatVersion":4,"operations":{"adjustments":{"#
      + object + "}}}"
    do {
      return try EditDocument(json: Data(json.utf8)).adjustments
    } catch {
      throw UsageError("--adjust: \(error)")
    }
  }

  /// `image` through the sliders, exactly as a document with these adjustments renders them.
  static func apply(_ adjustments: Adjustments, to image: Image) throws -> Image {
    var document = EditDocument()
    document.adjustments = adjustments
    return try document.applyEffects(to: image)
  }
}
