/// `lumen looks ...` (being written for the looks issue).
enum LooksCommand {
  static func run(_ words: [String]) throws { throw UsageError("looks: not available in this build") }
}
