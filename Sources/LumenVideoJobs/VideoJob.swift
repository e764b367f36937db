import Foundation
import LumenAssets
import LumenCodecs
import LumenCore
import LumenEdit
import LumenJobs
import LumenVideo

/// One video export as plain data: the clips with their trims, the edit document applied to
/// every frame, sound, size and rate, encoder settings and the output. `lumen video` builds
/// one from its options and runs it; `lumen video --job` reads one from a file:
///
///     {"clips": [{"path": "a.mp4", "trim": {"from": 1.5, "to": 8}}, {"path": "b.mov"}],
///      "output": "joined.mp4", "longSide": 1280, "frameRate": "30000/1001",
///      "music": {"path": "song.m4a", "volume": 0.5},
///      "encoding": {"codec": "h264", "crf": 20, "preset": "veryfast"}}
public struct VideoJob: Codable, Hashable, Sendable {
  public struct Clip: Codable, Hashable, Sendable {
    public var path: String
    public var trim: Span?

    public init(path: String, trim: Span? = nil) {
      self.path = path
      self.trim = trim
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case path, trim }

    public init(from decoder: any Decoder) throws {
      try decoder.refuseUnknownKeys(besides: CodingKeys.self)
      let c = try decoder.container(keyedBy: CodingKeys.self)
      path = try c.decode(String.self, forKey: .path)
      trim = try c.decodeIfPresent(Span.self, forKey: .trim)
    }
  }

  /// A part of a file's timeline in seconds; `to` absent: to the end.
  public struct Span: Codable, Hashable, Sendable {
    public var from: Double
    public var to: Double?

    public init(from: Double = 0, to: Double? = nil) {
      self.from = from
      self.to = to
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case from, to }

    public init(from decoder: any Decoder) throws {
      try decoder.refuseUnknownKeys(besides: CodingKeys.self)
      let c = try decoder.container(keyedBy: CodingKeys.self)
      from = try c.decodeIfPresent(Double.self, forKey: .from) ?? 0
      to = try c.decodeIfPresent(Double.self, forKey: .to)
      let accepted = PresentationTime.accepts
      guard accepted(from), to.map({ accepted($0) && $0 > from }) ?? true else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription:
              "a span needs 0 <= from < to <= \(Int(PresentationTime.longestSeconds)) seconds"))
      }
    }

    var range: Range<Double> { from..<(to ?? .infinity) }
  }

  public struct Music: Codable, Hashable, Sendable {
    public var path: String
    public var volume: Double
    public var trim: Span?

    public init(path: String, volume: Double = 1, trim: Span? = nil) {
      self.path = path
      self.volume = volume
      self.trim = trim
    }

    public static let volumeRange = 0.0...16.0

    private enum CodingKeys: String, CodingKey, CaseIterable { case path, volume, trim }

    public init(from decoder: any Decoder) throws {
      try decoder.refuseUnknownKeys(besides: CodingKeys.self)
      let c = try decoder.container(keyedBy: CodingKeys.self)
      path = try c.decode(String.self, forKey: .path)
      volume = try c.decodeIfPresent(Double.self, forKey: .volume) ?? 1
      trim = try c.decodeIfPresent(Span.self, forKey: .trim)
      guard Self.volumeRange.contains(volume) else {
        throw DecodingError.dataCorruptedError(
          forKey: .volume, in: c, debugDescription: "\(volume) is outside 0...16")
      }
    }
  }

  /// Encoder choices; the container comes from the output's extension.
  public struct Encoding: Codable, Hashable, Sendable {
    /// nil: the container's first (H.264; VP9 for WebM).
    public var codec: VideoEncodeSettings.Codec?
    /// Constant quality (0...51; VP9 0...63); ignored when ``bitrate`` is set.
    public var crf: Int
    /// Average bits per second.
    public var bitrate: Int?
    /// An x264/x265 preset; nil: "veryfast" for them, none for VP9 (which refuses one).
    public var preset: String?

    public init(
      codec: VideoEncodeSettings.Codec? = nil, crf: Int = 20, bitrate: Int? = nil,
      preset: String? = nil
    ) {
      self.codec = codec
      self.crf = crf
      self.bitrate = bitrate
      self.preset = preset
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case codec, crf, bitrate, preset }

    public init(from decoder: any Decoder) throws {
      try decoder.refuseUnknownKeys(besides: CodingKeys.self)
      let c = try decoder.container(keyedBy: CodingKeys.self)
      let names = VideoEncodeSettings.Codec.allCases.map(\.rawValue)
      codec = try c.decodeIfPresent(String.self, forKey: .codec).map { name in
        guard let codec = VideoEncodeSettings.Codec(rawValue: name) else {
          throw DecodingError.dataCorruptedError(
            forKey: .codec, in: c,
            debugDescription: "\"\(name.prefix(40))\" is not \(names.joined(separator: ", "))")
        }
        return codec
      }
      crf = try c.decodeWholeNumber(forKey: .crf, in: Self.crfRange) ?? Encoding().crf
      bitrate = try c.decodeWholeNumber(forKey: .bitrate, in: VideoEncodeSettings.bitrateRange)
      preset = try c.decodeIfPresent(String.self, forKey: .preset)
      do {
        // The container is checked with the output (export()); the codec's own ranges here.
        try settings(container: codec == .vp9 ? .webm : .mkv).validate()
      } catch {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "\(error)"))
      }
    }

    /// Any codec's constant rate factors.
    public static let crfRange = VideoEncodeSettings.Codec.allCases.map(\.crfRange).reduce(
      VideoEncodeSettings.crfRange
    ) { min($0.lowerBound, $1.lowerBound)...max($0.upperBound, $1.upperBound) }

    /// The settings for `container`: the codec, or the container's first one, with the
    /// preset, or "veryfast" for a codec that takes presets.
    public func settings(container: VideoEncodeSettings.Container) -> VideoEncodeSettings {
      let codec = codec ?? container.codecs[0]
      return VideoEncodeSettings(
        codec: codec, container: container,
        rateControl: bitrate.map { .bitrate($0) } ?? .crf(crf),
        preset: preset ?? (codec.takesPresets ? "veryfast" : nil))
    }
  }

  public var clips: [Clip]
  public var document: EditDocument
  /// The folder the document's relative references start from; nil: the first clip's folder.
  public var resourceFolder: String?
  /// The folders the document may read from; nil: only ``resourceFolder``.
  public var allowedRoots: [String]?
  /// Further asset sources (`content.json` manifests) the document may name assets from.
  public var assetSources: [String]?
  public var output: String
  /// The output's long side in pixels (never enlarged); nil: the first clip's size.
  public var longSide: Int?
  /// Crop clips of another shape to fill the picture instead of letterboxing them.
  public var fills: Bool
  /// `30`, `29.97` or `30000/1001`; nil: the first clip's rate.
  public var frameRate: String?
  public var keepsClipAudio: Bool
  public var music: Music?
  public var minimumDuration: Double?
  public var maximumDuration: Double?
  public var encoding: Encoding
  /// Which of the first clip's tags the output keeps: creation time and location (`keep`,
  /// the default), the time only (`stripLocation`), or none (`stripAll`).
  public var metadata: MovieMetadata.Policy
  public var overwrite: Bool

  public static let longSideRange = 2...16_384

  public init(
    clips: [Clip], document: EditDocument = EditDocument(), output: String,
    resourceFolder: String? = nil, allowedRoots: [String]? = nil, assetSources: [String]? = nil,
    longSide: Int? = nil,
    fills: Bool = false, frameRate: String? = nil, keepsClipAudio: Bool = true,
    music: Music? = nil, minimumDuration: Double? = nil, maximumDuration: Double? = nil,
    encoding: Encoding = Encoding(), metadata: MovieMetadata.Policy = .keep,
    overwrite: Bool = false
  ) {
    self.clips = clips
    self.document = document
    self.resourceFolder = resourceFolder
    self.allowedRoots = allowedRoots
    self.assetSources = assetSources
    self.output = output
    self.longSide = longSide
    self.fills = fills
    self.frameRate = frameRate
    self.keepsClipAudio = keepsClipAudio
    self.music = music
    self.minimumDuration = minimumDuration
    self.maximumDuration = maximumDuration
    self.encoding = encoding
    self.metadata = metadata
    self.overwrite = overwrite
  }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case clips, document, resourceFolder, allowedRoots, assetSources, output, longSide, fills
    case frameRate
    case keepsClipAudio, music, minimumDuration, maximumDuration, encoding, metadata, overwrite
  }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(besides: CodingKeys.self)
    let c = try decoder.container(keyedBy: CodingKeys.self)
    clips = try c.decode([Clip].self, forKey: .clips)
    document = try c.decodeIfPresent(EditDocument.self, forKey: .document) ?? EditDocument()
    resourceFolder = try c.decodeIfPresent(String.self, forKey: .resourceFolder)
    allowedRoots = try c.decodeIfPresent([String].self, forKey: .allowedRoots)
    assetSources = try c.decodeIfPresent([String].self, forKey: .assetSources)
    output = try c.decode(String.self, forKey: .output)
    longSide = try c.decodeWholeNumber(forKey: .longSide, in: Self.longSideRange)
    fills = try c.decodeIfPresent(Bool.self, forKey: .fills) ?? false
    frameRate = try c.decodeIfPresent(String.self, forKey: .frameRate)
    keepsClipAudio = try c.decodeIfPresent(Bool.self, forKey: .keepsClipAudio) ?? true
    music = try c.decodeIfPresent(Music.self, forKey: .music)
    minimumDuration = try c.decodeIfPresent(Double.self, forKey: .minimumDuration)
    maximumDuration = try c.decodeIfPresent(Double.self, forKey: .maximumDuration)
    encoding = try c.decodeIfPresent(Encoding.self, forKey: .encoding) ?? Encoding()
    metadata = try c.decodeIfPresent(MovieMetadata.Policy.self, forKey: .metadata) ?? .keep
    overwrite = try c.decodeIfPresent(Bool.self, forKey: .overwrite) ?? false
    func fail(_ key: CodingKeys, _ reason: String) -> DecodingError {
      .dataCorruptedError(forKey: key, in: c, debugDescription: reason)
    }
    guard !clips.isEmpty else { throw fail(.clips, "a video job needs at least one clip") }
    let container: VideoEncodeSettings.Container
    do {
      container = try Self.container(of: output)
    } catch {
      throw fail(.output, "\(error)")
    }
    do {
      try encoding.settings(container: container).validate()
    } catch {
      throw fail(.encoding, "\(error)")
    }
    if let frameRate, (try? VideoEncodeSettings.FrameRate(parsing: frameRate)) == nil {
      throw fail(.frameRate, "\"\(frameRate)\" is not a rate such as 30, 29.97 or 30000/1001")
    }
    for (key, seconds) in [
      (CodingKeys.minimumDuration, minimumDuration), (.maximumDuration, maximumDuration),
    ] {
      if let seconds, !(seconds.isFinite && seconds > 0 && seconds <= 86_400) {
        throw fail(key, "\(seconds) is not a duration in 0...86400 seconds")
      }
    }
  }

  /// The job with every relative path made absolute against `folder` (a job file's folder).
  public func resolvingPaths(against folder: URL) -> VideoJob {
    var job = self
    let absolute = JobPaths(folder: folder)
    job.clips = clips.map { Clip(path: absolute($0.path), trim: $0.trim) }
    job.output = absolute(output)
    job.music = music.map { Music(path: absolute($0.path), volume: $0.volume, trim: $0.trim) }
    job.resourceFolder = resourceFolder.map(absolute.callAsFunction)
    job.allowedRoots = allowedRoots?.map(absolute.callAsFunction)
    job.assetSources = assetSources?.map(absolute.callAsFunction)
    return job
  }

  /// The resolver of the document's references.
  public var resources: ResourceResolver {
    let first = URL(fileURLWithPath: clips.first?.path ?? ".")
    let base = resourceFolder.map(URL.init(fileURLWithPath:)) ?? first.deletingLastPathComponent()
    return ResourceResolver(
      base: base, allowedRoots: allowedRoots?.map(URL.init(fileURLWithPath:)),
      output: overwrite ? nil : output, assetSources: assetSources ?? [])
  }

  /// The container the output's extension names; other extensions (.m4a, .avi) are refused
  /// rather than given MP4 bytes under a name that promises something else.
  public static func container(of output: String) throws(VideoWriterError)
    -> VideoEncodeSettings.Container
  {
    let name = URL(fileURLWithPath: output).pathExtension
    guard let container = VideoEncodeSettings.Container(pathExtension: name) else {
      throw .unsupportedContainer(file: output, extension: name)
    }
    return container
  }

  /// The export this job describes, ready to ``VideoExport/start()``, in `context` (nil: one
  /// of its own) with the job's own resolver. Refuses an output that is one of the files the
  /// job reads unless ``overwrite`` is set.
  public func export(context: RenderContext? = nil) throws -> VideoExport {
    let reads = clips.map(\.path) + (music.map { [$0.path] } ?? [])
    if !overwrite, let input = reads.first(where: { FileIdentity.same($0, output) }) {
      throw JobError.outputIsInput(input)
    }
    var composition = VideoComposition(
      clips: clips.map { VideoClip(url: URL(fileURLWithPath: $0.path), trim: $0.trim?.range) })
    if let longSide { composition.size = .longSide(longSide) }
    composition.fitting = fills ? .fill : .fit
    composition.frameRate = try frameRate.map { try VideoEncodeSettings.FrameRate(parsing: $0) }
    composition.keepsClipAudio = keepsClipAudio
    composition.music = music.map {
      MusicTrack(url: URL(fileURLWithPath: $0.path), volume: $0.volume, trim: $0.trim?.range)
    }
    composition.minimumDuration = minimumDuration
    composition.maximumDuration = maximumDuration
    let outputURL = URL(fileURLWithPath: output)
    let container = try Self.container(of: output)
    let resolver = resources
    return VideoExport(
      composition: composition, document: document, resources: EditResources(resolver),
      settings: encoding.settings(container: container), output: outputURL, metadata: metadata,
      context: context?.resolving(with: resolver))
  }
}

extension VideoJob: PathResolving {}
