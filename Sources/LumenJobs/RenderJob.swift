import Foundation
import LumenAssets
import LumenCodecs
import LumenCore
import LumenEdit

/// One photo edit as plain data: the original, the edit document, where its resources may
/// come from, the output and how to encode it. `lumen edit` builds one from its options and
/// runs it; `lumen edit --job` reads one from a file; the HTTP service and the batch worker
/// accept the same JSON:
///
///     {"input": "/photos/a.jpg", "output": "/out/a.jpg",
///      "document": {"formatIdentifier": "org.lumen.edit", "formatVersion": 4, ...},
///      "encoding": {"quality": 85}, "previewLongSide": 1280}
///
/// Paths in a job file are relative to the file's folder (``resolvingPaths(against:)``);
/// `--print-job` writes them absolute.
public struct RenderJob: Codable, Hashable, Sendable {
  /// The photo to edit; it is never modified. nil: the document is drawn on ``canvas``.
  public var input: String?
  /// A blank picture to draw on instead of a photo (a template's story or certificate).
  public var canvas: Canvas?
  public var document: EditDocument
  /// The file ``document`` was read from, if any, which the output must not replace.
  public var documentFile: String?
  /// The folder the document's relative references (looks, layer images) start from;
  /// nil: the input's folder.
  public var resourceFolder: String?
  /// The folders the document may read from; nil: only ``resourceFolder``.
  public var allowedRoots: [String]?
  /// Manifests of asset sources the document may name assets from (`asset:SOURCE/ID`),
  /// besides the built-in ones.
  public var assetSources: [String]?
  public var output: String
  /// Renders a preview whose long side is this many pixels instead of the full image.
  public var previewLongSide: Int?
  public var encoding: PhotoEncoding
  /// Allow ``output`` to be a file the job reads: the photo, the document file, a look or a
  /// layer image. A reader of the old file keeps it (the output is renamed into place).
  public var overwrite: Bool

  public static let previewRange = 16...65_536

  public init(
    input: String?, canvas: Canvas? = nil, document: EditDocument, documentFile: String? = nil,
    output: String,
    resourceFolder: String? = nil, allowedRoots: [String]? = nil,
    assetSources: [String]? = nil, previewLongSide: Int? = nil,
    encoding: PhotoEncoding = PhotoEncoding(), overwrite: Bool = false
  ) {
    self.input = input
    self.canvas = canvas
    self.document = document
    self.documentFile = documentFile
    self.resourceFolder = resourceFolder
    self.allowedRoots = allowedRoots
    self.assetSources = assetSources
    self.output = output
    self.previewLongSide = previewLongSide
    self.encoding = encoding
    self.overwrite = overwrite
  }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case input, canvas, document, documentFile, resourceFolder, allowedRoots, assetSources, output
    case previewLongSide
    case encoding, overwrite
  }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(besides: CodingKeys.self)
    let c = try decoder.container(keyedBy: CodingKeys.self)
    input = try c.decodeIfPresent(String.self, forKey: .input)
    canvas = try c.decodeIfPresent(Canvas.self, forKey: .canvas)
    guard (input == nil) != (canvas == nil) else {
      throw DecodingError.dataCorruptedError(
        forKey: .input, in: c, debugDescription: "give either input (a photo) or canvas")
    }
    document = try c.decodeIfPresent(EditDocument.self, forKey: .document) ?? EditDocument()
    documentFile = try c.decodeIfPresent(String.self, forKey: .documentFile)
    resourceFolder = try c.decodeIfPresent(String.self, forKey: .resourceFolder)
    allowedRoots = try c.decodeIfPresent([String].self, forKey: .allowedRoots)
    assetSources = try c.decodeIfPresent([String].self, forKey: .assetSources)
    output = try c.decode(String.self, forKey: .output)
    previewLongSide = try c.decodeWholeNumber(forKey: .previewLongSide, in: Self.previewRange)
    encoding = try c.decodeIfPresent(PhotoEncoding.self, forKey: .encoding) ?? PhotoEncoding()
    overwrite = try c.decodeIfPresent(Bool.self, forKey: .overwrite) ?? false
  }

  /// The job with every relative path made absolute against `folder` (a job file's folder).
  public func resolvingPaths(against folder: URL) -> RenderJob {
    var job = self
    let absolute = JobPaths(folder: folder)
    job.input = input.map(absolute.callAsFunction)
    job.output = absolute(output)
    job.documentFile = documentFile.map(absolute.callAsFunction)
    job.resourceFolder = resourceFolder.map(absolute.callAsFunction)
    job.allowedRoots = allowedRoots?.map(absolute.callAsFunction)
    job.assetSources = assetSources?.map(absolute.callAsFunction)
    return job
  }

  /// The resolver of the document's references, which refuses the output unless
  /// ``overwrite`` is set.
  public var resources: ResourceResolver {
    let base =
      (resourceFolder ?? input).map {
        resourceFolder == nil
          ? URL(fileURLWithPath: $0).deletingLastPathComponent() : URL(fileURLWithPath: $0)
      } ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    return ResourceResolver(
      base: base, allowedRoots: allowedRoots?.map(URL.init(fileURLWithPath:)),
      output: overwrite ? nil : output, assetSources: assetSources ?? [])
  }

  /// Renders the document over the input into the output, atomically, in `context` (its
  /// threads, budget and pools) with the job's own resolver. Unless ``overwrite`` is set,
  /// refuses an output that is the photo or the document file before reading anything, and
  /// one that a look or layer image of the document names as the resolver meets it, before
  /// anything is written.
  public func run(context: RenderContext = RenderContext(), progress: (any RowSink)? = nil)
    throws
  {
    guard let input else {
      guard let canvas else {
        throw JobError.invalid(file: output, path: "input", problem: "give a photo or a canvas")
      }
      return try draw(on: canvas, context: context, progress: progress)
    }
    if !overwrite {
      try FileIdentity.refuseOverwriting([input] + (documentFile.map { [$0] } ?? []), with: output)
    }
    let session = EditSession(
      contentsOf: URL(fileURLWithPath: input), previewLongSide: previewLongSide ?? 1280,
      context: context.resolving(with: resources))
    try session.export(
      document, to: URL(fileURLWithPath: output), atPreviewSize: previewLongSide != nil,
      options: encoding.options, overwrite: overwrite,
      progress: progress)
  }

  /// Renders the document over a blank canvas (a preview: the canvas reduced to the preview's
  /// long side first, so that the layers are drawn at that size).
  private func draw(on canvas: Canvas, context: RenderContext, progress: (any RowSink)?) throws {
    if !overwrite, let documentFile {
      try FileIdentity.refuseOverwriting([documentFile], with: output)
    }
    var canvas = canvas
    if let previewLongSide, previewLongSide < max(canvas.width, canvas.height) {
      let scale = Double(previewLongSide) / Double(max(canvas.width, canvas.height))
      canvas.width = max(1, Int((Double(canvas.width) * scale).rounded()))
      canvas.height = max(1, Int((Double(canvas.height) * scale).rounded()))
    }
    let edited = try document.apply(
      to: canvas.image, resources: EditResources(resources), context: context)
    var options = encoding.options
    if options.memoryBudget == nil { options.memoryBudget = context.memoryBudget }
    try ImageWriter(url: URL(fileURLWithPath: output), options: options, overwrite: overwrite)
      .render(edited, context: context, progress: progress)
  }

}
