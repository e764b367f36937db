import Foundation
import LumenCodecs
import LumenCommandLine
import LumenCore
import LumenFilters

/// `lumen looks ...`: the look library on the command line: a contact sheet of every look
/// applied to a photo, a listing, and the thumbnails the manifest refers to.
enum LooksCommand {
  static let manifest = Option.value(
    "manifest", "FILE", .path,
    help: "another look library (default looks/manifest.json, or $LUMEN_LOOKS)")

  static let command = Command(
    name: "looks", summary: "A contact sheet of every look applied to a photo; --list.",
    positionals: Positionals(
      placeholder: "IN", count: 0...1, help: "the photo for the sheet (not with --list)"),
    options: [
      .value(
        "output", short: "o", "SHEET", .path, help: "the sheet to write; needed unless --list"),
      .value("folder", "F", .text, help: "only this folder's looks; by default every look"),
      .value("columns", "N", .integer(1...64), default: "6", help: "cells per row"),
      .value(
        "size", "PIXELS", .integer(16...2048), default: "240", help: "the long side of each cell"),
      manifest,
      EncodingOptions.quality,
      .flag("overwrite", help: "replaces SHEET when it exists"),
      .flag("list", help: "lists the looks by folder instead of drawing a sheet"),
      .flag("json", help: "with --list: the manifest itself"),
    ],
    notes: "Each cell is labelled with the look's name, under a heading per folder.",
    subcommands: [LooksThumbnails.command],
    run: run)

  static func run(_ args: ParsedArguments) throws {
    if args.has("list") {
      guard args.positional.isEmpty, !args.has("output") else {
        throw UsageError("looks --list takes no IN and no -o")
      }
      try list(try library(args), json: args.has("json"))
    } else {
      try sheet(args)
    }
  }

  /// The library of `--manifest`, or the built-in one.
  static func library(_ args: ParsedArguments) throws -> LookLibrary {
    guard let path = args.string("manifest") else { return try LookLibrary.builtIn }
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

  private static func sheet(_ args: ParsedArguments) throws {
    guard args.positional.count == 1, let input = args.positional.first else {
      throw UsageError("looks needs exactly one IN for a sheet (or --list)")
    }
    guard let output = args.string("output") else { throw UsageError("looks needs -o SHEET") }
    let size = args.integer("size") ?? 240
    let columns = args.integer("columns") ?? 6
    let quality = args.integer("quality")
    let library = try library(args)
    var folders = library.folders
    if let name = args.string("folder") {
      do {
        folders = [try library.folder(name)]
      } catch {
        throw UsageError("--folder \(UsageError.quoted(name)): \(error)")
      }
    }
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
