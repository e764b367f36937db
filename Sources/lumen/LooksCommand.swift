import Foundation
import LumenCodecs
import LumenCore
import LumenFilters

/// `lumen looks ...`: the look library on the command line: a contact sheet of every look
/// applied to a photo, a listing, and the thumbnails the manifest refers to.
enum LooksCommand {
  static let usage = """
    lumen looks IN -o SHEET [--folder F] [--columns N] [--size PIXELS] [--manifest FILE]
                [--quality Q] [--overwrite]
      A contact sheet of every look (or one folder's) applied to IN, each labelled.
      --size is the long side of each cell (default 240), --columns the cells per row (6).
    lumen looks --list [--json] [--manifest FILE]
      The looks by folder (--json: the manifest itself).
    lumen looks thumbnails [--from IMAGE] [--size PIXELS] [--manifest FILE]
      Writes every look's thumbnail where the manifest says (default from samples/coffee.jpg,
      long side 128).
    The library is looks/manifest.json (or $LUMEN_LOOKS); --manifest uses another.
    """

  static func run(_ words: [String]) throws {
    if words.first == "thumbnails" {
      try LooksThumbnails.run(Array(words.dropFirst()))
      return
    }
    let args = try Arguments(
      words, valued: ["o", "output", "folder", "columns", "size", "manifest", "quality", "q"],
      switches: ["list", "json", "overwrite"])
    let library = try library(args)
    if args.has("list") {
      try list(library, json: args.has("json"))
    } else {
      try sheet(library, args)
    }
  }

  /// The library of `--manifest`, or the built-in one.
  static func library(_ args: Arguments) throws -> LookLibrary {
    guard let path = args.value("manifest") else { return try LookLibrary.builtIn }
    return try LookLibrary(contentsOf: URL(fileURLWithPath: path))
  }

  private static func list(_ library: LookLibrary, json: Bool) throws {
    if json {
      print(String(decoding: try library.manifest.json(), as: UTF8.self))
      return
    }
    for folder in library.folders {
      print("\(folder.name) (\(folder.id))")
      for look in folder.looks {
        print("  \(look.id.padding(toLength: 16, withPad: " ", startingAt: 0)) \(look.name)")
      }
    }
  }

  private static func sheet(_ library: LookLibrary, _ args: Arguments) throws {
    guard args.positional.count == 1, let input = args.positional.first else {
      throw UsageError("looks needs exactly one input file\n\(usage)")
    }
    guard let output = args.value("o") ?? args.value("output") else {
      throw UsageError("looks needs an output file: -o SHEET")
    }
    let size = try args.integer("size", in: 16...2048) ?? 240
    let columns = try args.integer("columns", in: 1...64) ?? 6
    let quality = try args.integer("quality", in: 1...100) ?? args.integer("q", in: 1...100) ?? 90
    let folders = try args.value("folder").map { [try library.folder($0)] } ?? library.folders
    let renderer = RenderContext().renderer()
    let picture = try LooksThumbnails.picture(input, longSide: size, renderer: renderer)
    let sheet = LooksSheet(picture: picture, folders: folders, columns: columns)
    let total = folders.reduce(0) { $0 + $1.looks.count }
    var done = 0
    let bitmap = try sheet.render(renderer: renderer) { _ in
      done += 1
      if ProgressBar.isUseful {
        FileHandle.standardError.write(Data("\rlooks: \(done)/\(total)".utf8))
      }
    }
    if ProgressBar.isUseful { FileHandle.standardError.write(Data("\n".utf8)) }
    try ImageFile.write(
      bitmap, to: URL(fileURLWithPath: output), options: EncodeOptions(quality: quality),
      overwrite: args.has("overwrite"))
  }
}
