/// `lumen lut ...` (being written for the looks issue).
enum LutCommand {
  static func run(_ words: [String]) throws { throw UsageError("lut: not available in this build") }
}
