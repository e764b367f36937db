import Foundation
import LumenCodecs
import LumenCore
import LumenFilters

#if canImport(Glibc)
  import Glibc
#endif

/// Turns the names a document uses into pixels and colour tables: looks (a built-in id, a
/// `.cube` file, or a Hald or tiled LUT image with its declared layout), layer images and
/// fonts. One
/// resolver serves every command and the library, so a document renders the same picture
/// whichever interface runs it.
///
/// Relative paths resolve against ``base`` (the document's folder). Whatever a reference
/// names must lie inside one of the allowed roots once links are followed, so a document
/// from elsewhere cannot read `../../secret.jpg` or `/etc/passwd`. What was loaded is kept:
/// a look or an image used by every frame of a video is read once.
///
/// Every file a reference named is recorded (``files``), and none may be the ``output`` being
/// written: references resolve while the picture is built, before the output is committed, so
/// the refusal comes in time even for references resolved late.
public final class ResourceResolver: ResourceResolving {
  /// The folder relative references start from.
  public let base: URL
  private let roots: AllowedRoots
  private let library: @Sendable () throws -> LookLibrary
  private let loadAssets: @Sendable () throws -> AssetLibrary
  private let loadedAssets = Locked<AssetLibrary?>(nil)
  private let cubes = Locked<[String: ColorCube]>([:])
  private let images = Locked<[String: Image]>([:])
  private let opened = Locked<[String]>([])
  /// The file being written, which no reference may name; nil when overwriting is allowed.
  public let output: String?

  /// A resolver for a document in `base` that may read files only inside `allowedRoots`
  /// (by default `base` itself) and never `output`; looks by id come from `library` (the
  /// built-in one), `asset:` references from `assets` (the built-in sources), whose files
  /// may lie in their sources' folders.
  public init(
    base: URL, allowedRoots: [URL]? = nil, output: String? = nil,
    library: @escaping @Sendable () throws -> LookLibrary = { try LookLibrary.builtIn },
    assets: @escaping @Sendable () throws -> AssetLibrary = { try AssetLibrary.builtIn }
  ) {
    self.base = base.standardizedFileURL
    self.output = output
    self.roots = AllowedRoots(allowedRoots ?? [base])
    self.library = library
    self.loadAssets = assets
  }

  /// A resolver as above whose `asset:` references come from the built-in sources and the
  /// manifests at `assetSources` (CE.SDK-style `content.json` files, absolute paths), read when
  /// a reference first needs them: what a job's `assetSources` and `--asset-source` give.
  public convenience init(
    base: URL, allowedRoots: [URL]? = nil, output: String? = nil, assetSources: [String]
  ) {
    self.init(
      base: base, allowedRoots: allowedRoots, output: output,
      assets: { try AssetLibrary.builtIn.adding(manifests: assetSources) })
  }

  /// The asset sources, loaded when a reference first needs them.
  public func assets() throws -> AssetLibrary {
    if let known = loadedAssets.withLock({ $0 }) { return known }
    let library = try loadAssets()
    loadedAssets.withLock { $0 = library }
    return library
  }

  /// Whether `reference` names a file rather than a look of the library: library ids are
  /// plain words (`noir`), files have an extension or a folder (`grade.cube`, `luts/a.png`).
  public static func namesFile(_ reference: String) -> Bool {
    reference.contains("/") || reference.contains(".")
  }

  /// The colour cube of a look: a library id, a `.cube` file, or a LUT image stored in
  /// `layout` (`hald`, `tiled8x8`, `tiled:TILESxLEVELS`; required for images).
  public func colorCube(forLook reference: String, layout: String? = nil) throws -> ColorCube {
    let layout = try layout.map { try LUTLayout(parsing: $0) }
    guard Self.namesFile(reference) else {
      if let known = cubes.withLock({ $0[reference] }) { return known }
      let cube = try library().look(reference).cube()
      cubes.withLock { $0[reference] = cube }
      return cube
    }
    let url = try self.url(for: reference)
    let implied = LUTFile.impliedLayout(of: url)
    guard let layout = layout ?? implied else {
      throw ResourceError.undeclaredLayout(reference: reference)
    }
    let key = "\(url.path)\u{0}\(layout)"
    if let known = cubes.withLock({ $0[key] }) { return known }
    let lut = try LUTFile.read(url, layout: layout) { try ImageFile.read($0).bitmap }.lut
    let cube: ColorCube
    if case .cube(let table) = lut {
      cube = table
    } else {
      cube = lut.cube(size: LookRecipe.cubeSize)
    }
    cubes.withLock { $0[key] = cube }
    return cube
  }

  /// The upright image in the file `reference` names (PNG, WebP, JPEG or HEIC; alpha kept).
  public func image(_ reference: String) throws -> Image {
    let url = try self.url(for: reference)
    if let known = images.withLock({ $0[url.path] }) { return known }
    let image = try Photo(contentsOf: url, options: DecodeOptions()).image
    images.withLock { $0[url.path] = image }
    return image
  }

  /// The file `reference` names (an SVG, which its layer opens).
  public func file(_ reference: String) throws -> URL { try url(for: reference) }

  /// A font asset's installed family or file, a file (`fonts/Title.otf`: it has a folder or an
  /// extension), else an installed family (`Noto Sans:style=Bold`).
  public func font(_ reference: String) throws -> FontSource {
    if let asset = AssetReference(parsing: reference) {
      let (_, found) = try assets().asset(asset)
      if let family = found.payloadString("family") { return .family(family) }
      return .file(try url(for: reference))
    }
    return Self.namesFile(reference) ? .file(try url(for: reference)) : .family(reference)
  }

  /// The payload of the asset `reference` names, with its source's folder.
  public func assetPayload(_ reference: String) throws -> AssetPayload {
    guard let asset = AssetReference(parsing: reference) else {
      throw AssetError.invalidReference(reference)
    }
    let (source, found) = try assets().asset(asset)
    return AssetPayload(json: found.payload ?? "{}", folder: source.folder)
  }

  /// The canonical paths of the files references have named so far, in order, each once.
  public var files: [String] { opened.withLock { $0 } }

  /// The file `reference` names: an asset's file (`asset:SOURCE/ID`, inside its source's
  /// folder), or a path relative to ``base`` unless absolute, links followed, inside the
  /// allowed roots; either way a regular file other than ``output``.
  public func url(for reference: String) throws -> URL {
    guard !reference.isEmpty, reference.utf8.count <= 4096, !reference.contains("\0") else {
      throw ResourceError.invalidReference(reference)
    }
    let path: String
    if reference.hasPrefix(AssetReference.prefix) {
      guard let asset = AssetReference(parsing: reference) else {
        throw AssetError.invalidReference(reference)
      }
      let (source, found) = try assets().asset(asset)
      path = try source.file(of: found).path
    } else {
      let named =
        reference.hasPrefix("/")
        ? URL(fileURLWithPath: reference) : base.appendingPathComponent(reference)
      guard let canonical = FileIdentity.canonical(named.path) else {
        throw ResourceError.notFound(reference: reference, path: named.standardizedFileURL.path)
      }
      guard roots.contain(canonical) else {
        throw ResourceError.outsideAllowedRoots(reference: reference, path: canonical)
      }
      path = canonical
    }
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw ResourceError.notFound(reference: reference, path: path)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw ResourceError.notRegularFile(reference: reference, path: path)
    }
    if let output, FileIdentity.same(path, output) {
      throw ResourceError.isOutput(reference: reference, path: path)
    }
    opened.withLock { if !$0.contains(path) { $0.append(path) } }
    return URL(fileURLWithPath: path)
  }
}
