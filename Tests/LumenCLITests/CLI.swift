import Foundation
import LumenTestSupport

/// Runs the built `lumen` executable (through ``Program``) in the checkout's root.
enum CLI {
  static let packageRoot = PackagePaths.root

  struct Result {
    let status: Int32
    let output: String
    let errors: String
  }

  /// `swift test` builds every product next to the test bundle.
  static var executable: URL { PackagePaths.builtProduct("lumen") }

  static func run(_ arguments: String...) throws -> Result { try run(arguments) }

  static func run(_ arguments: [String]) throws -> Result {
    let result = try Program.run(executable.path, arguments, in: packageRoot)
    return Result(status: result.status, output: result.text, errors: result.errors)
  }

  /// A fresh directory for one test's files (``Scratch``).
  static func scratch() throws -> URL { try Scratch.directory() }
}
