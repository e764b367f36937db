import Dispatch
import Foundation
import LumenCore

/// A folder of symbols checked together: every symbol template (`*.svg`) in it and every
/// folder in it holding `Ultralight.svg`, `Regular.svg` and `Black.svg`, by name.
public struct SymbolLibrary: Sendable {
  public struct Symbol: Sendable {
    public let name: String
    public let files: [URL]
  }

  /// One symbol's verdict: its compatibility, or why it could not be read.
  public struct Verdict: Sendable {
    public let symbol: Symbol
    public let result: Result<Compatibility, SymbolError>
  }

  public let folder: URL
  public let symbols: [Symbol]

  /// The symbols in `folder`; other files are passed over.
  public init(folder: URL) throws(SymbolError) {
    self.folder = folder
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    } catch {
      throw .unreadable("\(folder.path): not a folder that can be listed")
    }
    let weights = Master.Weight.allCases.map { "\($0.rawValue).svg" }
    symbols = names.compactMap { name in
      let url = folder.appendingPathComponent(name)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
        return nil
      }
      if isFolder.boolValue {
        let files = weights.map { url.appendingPathComponent($0) }
        guard files.allSatisfy({ FileManager.default.fileExists(atPath: $0.path) }) else {
          return nil
        }
        return Symbol(name: name, files: files)
      }
      return name.lowercased().hasSuffix(".svg") ? Symbol(name: name, files: [url]) : nil
    }
  }

  /// Every symbol read and checked, on every core; in the library's order.
  public func check() -> [Verdict] {
    symbols.concurrentMap { symbol in
      let result = Result { () throws(SymbolError) in
        Compatibility(masters: try Master.read(symbol.files))
      }
      return Verdict(symbol: symbol, result: result)
    }
  }
}
