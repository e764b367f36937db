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
  private let cubes = Locked<[String: ColorCube]>([:])
  private let images = Locked<[String: Image]>([:])
  private let opened = Locked<[String]>([])
  /// The file being written, which no reference may name; nil when overwriting is allowed.
  public let output: String?

  /// A resolver for a document in `base` that may read files only inside `allowedRoots`
  /// (by default `base` itself) and never `output`; looks by id come from `library` (the
  /// built-in one).
  public init(
    base: URL, allowedRoots: [URL]? = nil, output: String? = nil,
    library: @escaping @Sendable () throws -> LookLibrary = { try LookLibrary.builtIn }
  ) {
    self.base = base.standardizedFileURL
    self.output = output
    self.roots = AllowedRoots(allowedRoots ?? [base])
    self.library = library
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

  /// The font file `reference` names (a path; font asset ids come with the asset sources).
  public func fontFile(_ reference: String) throws -> URL { try url(for: reference) }

  /// The canonical paths of the files references have named so far, in order, each once.
  public var files: [String] { opened.withLock { $0 } }

  /// The file `reference` names: relative to ``base`` unless absolute, links followed, and
  /// checked to be a regular file inside the allowed roots other than ``output``.
  public func url(for reference: String) throws(ResourceError) -> URL {
    guard !reference.isEmpty, reference.utf8.count <= 4096, !reference.contains("\0") else {
      throw .invalidReference(reference)
    }
    let named =
      reference.hasPrefix("/")
      ? URL(fileURLWithPath: reference) : base.appendingPathComponent(reference)
    guard let path = FileIdentity.canonical(named.path) else {
      throw .notFound(reference: reference, path: named.standardizedFileURL.path)
    }
    guard roots.contain(path) else { throw .outsideAllowedRoots(reference: reference, path: path) }
    var status = stat()
    guard stat(path, &status) == 0 else { throw .notFound(reference: reference, path: path) }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw .notRegularFile(reference: reference, path: path)
    }
    if let output, FileIdentity.same(path, output) {
      throw .isOutput(reference: reference, path: path)
    }
    opened.withLock { if !$0.contains(path) { $0.append(path) } }
    return URL(fileURLWithPath: path)
  }
}
