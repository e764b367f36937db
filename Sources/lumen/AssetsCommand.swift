import Foundation
import LumenAssets
import LumenCommandLine

/// `lumen assets list [--source ID] [--asset-source MANIFEST] [--json]`: the assets documents
/// may name as `asset:SOURCE/ID`, from the built-in sources and any registered by manifest.
enum AssetsCommand {
  static let command = Command(
    name: "assets",
    summary: "Asset sources: stickers, frames, overlays, fonts, looks and your own.",
    subcommands: [list, AssetsThumbnails.command])

  static let list = Command(
    name: "list", summary: "Lists the assets of every source (or one), by group.",
    positionals: .none,
    options: [
      .value("source", "ID", .text, help: "only this source (lumen.sticker, lumen.font, ...)"),
      JobOptions.assetSource,
      .value("locale", "CODE", .text, help: "the labels' language (default en)"),
      .flag("json", help: "one JSON object per asset"),
    ],
    run: run)

  static func run(_ args: ParsedArguments) throws {
    let library = try AssetLibrary.builtIn.adding(
      manifests: JobOptions.assetSources(args) ?? [])
    let sources = try args.string("source").map { [try library.source($0)] } ?? library.sources
    let locale = args.string("locale") ?? "en"
    let width =
      sources.flatMap { source in
        source.assets.map { AssetReference(source: source.id, id: $0.id).description.count }
      }.max() ?? 0
    for source in sources {
      if !args.has("json") { print("\(source.id) (\(source.assets.count) assets)") }
      for group in source.groups + [""] {
        let members = source.assets.filter {
          group.isEmpty ? $0.groups.isEmpty : $0.groups.first == group
        }
        if !args.has("json"), !members.isEmpty, !group.isEmpty { print("  \(group)") }
        for asset in members {
          try show(asset, of: source, locale: locale, width: width, json: args.has("json"))
        }
      }
    }
  }

  /// One asset: its reference (padded to `width`) and label, or a JSON object.
  private static func show(
    _ asset: Asset, of source: AssetSource, locale: String, width: Int, json: Bool
  ) throws {
    let reference = AssetReference(source: source.id, id: asset.id).description
    guard json else {
      let padded = reference.padding(toLength: width, withPad: " ", startingAt: 0)
      print("    \(padded)  \(asset.label(in: locale))")
      return
    }
    let object = try asset.summary(in: source, locale: locale)
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    print(String(decoding: data, as: UTF8.self))
  }
}
