import Foundation
import LumenCore
import LumenEdit

/// A composition checked against its files: where each clip's kept part sits on the output's
/// timeline, and the output's picture size, frame rate, frame count and sound.
///
/// Everything that can be wrong with the inputs (a missing or corrupt clip, a trim outside a
/// clip, a document whose look does not exist) fails here, before a frame is decoded.
struct CompositionPlan: Sendable {
  /// A clip's kept part placed on the output's timeline.
  struct Segment: Sendable {
    let url: URL
    let info: VideoInfo
    /// The kept part, in seconds of the clip's frame times.
    let source: Range<Double>
    /// Where it starts on the output's timeline, in seconds.
    let start: Double

    var duration: Double { source.upperBound - source.lowerBound }
    var end: Double { start + duration }

    /// The moment of the clip shown at `seconds` of the output.
    func sourceSeconds(atOutput seconds: Double) -> Double {
      source.lowerBound + (seconds - start)
    }
  }

  let segments: [Segment]
  let width: Int
  let height: Int
  let fitting: VideoComposition.FitMode
  let frameRate: VideoEncodeSettings.FrameRate
  /// Frames at ``frameRate`` from time 0: the content's length rounded to whole frames.
  let frameCount: Int
  /// The sound, as sources placed on the output's timeline (empty: a silent movie).
  let audioSources: [AudioTrackSource]
  /// True when the one clip's sound can be copied untouched (played whole, nothing mixed in).
  let copiesAudio: Bool

  init(
    _ composition: VideoComposition, document: EditDocument, resources: EditResources
  ) throws(VideoExportError) {
    guard !composition.clips.isEmpty else {
      throw .invalidComposition("there are no clips to export")
    }
    var segments: [Segment] = []
    var start = 0.0
    for clip in composition.clips {
      let info: VideoInfo
      do {
        info = try VideoAsset(contentsOf: clip.url).info
      } catch {
        throw .reading(error)
      }
      let source = try Self.keptPart(of: clip, info: info)
      segments.append(Segment(url: clip.url, info: info, source: source, start: start))
      start += source.upperBound - source.lowerBound
    }
    let content = start
    let untrimmed = segments.map(\.duration) == segments.map(\.info.duration.seconds)

    let rate = try Self.frameRate(composition.frameRate, first: segments[0].info)
    let (minimum, maximum) = try Self.limits(composition)
    if let minimum, content < minimum - 0.5 / rate.framesPerSecond {
      throw .shorterThanMinimum(duration: content, minimum: minimum)
    }
    var duration = content
    if let maximum, maximum < content {
      segments = Self.cut(segments, at: maximum)
      duration = maximum
    }
    frameCount = max(1, Int((duration * rate.framesPerSecond).rounded()))
    frameRate = rate
    self.segments = segments

    let natural = try Self.naturalSize(of: segments[0], document: document, resources: resources)
    (width, height) = try Self.size(composition.size, natural: natural)
    fitting = composition.fitting

    var sources: [AudioTrackSource] = []
    if composition.keepsClipAudio {
      for segment in segments where !segment.info.audio.isEmpty {
        // Audio timestamps count from the file's origin, frame times from the video's start.
        let offset = Double(segment.info.video.startTimestamp) * segment.info.video.timeBase.value
        sources.append(
          AudioTrackSource(
            url: segment.url,
            range: (segment.source.lowerBound + offset)..<(segment.source.upperBound + offset),
            start: segment.start))
      }
    }
    if let music = composition.music {
      sources.append(AudioTrackSource(url: music.url, range: music.trim, volume: music.volume))
    }
    audioSources = sources
    copiesAudio =
      segments.count == 1 && untrimmed && duration == content && composition.music == nil
      && sources.count == 1
  }

  /// The output's length: whole frames at the output's rate.
  var duration: PresentationTime { time(ofFrame: frameCount) }

  /// When output frame `index` is shown.
  func time(ofFrame index: Int) -> PresentationTime {
    PresentationTime(
      value: Int64(index) * Int64(frameRate.denominator), timescale: frameRate.numerator)
  }

  /// The writer's sound: a copy when ``copiesAudio`` and `copying`, else a mix cut to the
  /// output's length; `nil` for a silent movie.
  func audio(copying: Bool) -> VideoWriter.Audio? {
    guard let first = audioSources.first else { return nil }
    if copying && copiesAudio { return .copy(AudioCopy(url: first.url)) }
    return .mix(AudioMix(sources: audioSources, duration: duration.seconds))
  }

  /// The part of `clip` that plays, within the clip.
  private static func keptPart(of clip: VideoClip, info: VideoInfo) throws(VideoExportError)
    -> Range<Double>
  {
    let length = info.duration.seconds
    guard length > 0, length.isFinite else {
      throw .invalidComposition("\(clip.url.path): the clip's duration is unknown")
    }
    // Frame counts are the length times the rate: a claim beyond any movie would overflow.
    guard PresentationTime.accepts(length) else {
      throw .reading(.corrupt(file: clip.url.path, detail: "it claims to last \(length) s"))
    }
    if let problem = info.timingProblem {
      throw .reading(.corrupt(file: clip.url.path, detail: problem))
    }
    guard let trim = clip.trim else { return 0..<length }
    guard trim.lowerBound.isFinite, trim.lowerBound >= 0, !trim.upperBound.isNaN,
      trim.lowerBound < length, !trim.isEmpty
    else {
      throw .invalidComposition(
        "\(clip.url.path): the trim \(trim.lowerBound)..<\(trim.upperBound) s keeps nothing of"
          + " the clip, which lasts \(length) s")
    }
    return trim.lowerBound..<min(trim.upperBound, length)
  }

  /// The composition's rate, or the first clip's (30 fps when it does not say).
  private static func frameRate(
    _ rate: VideoEncodeSettings.FrameRate?, first: VideoInfo
  ) throws(VideoExportError) -> VideoEncodeSettings.FrameRate {
    if let rate {
      guard rate.numerator > 0, rate.denominator > 0,
        VideoEncodeSettings.frameRateRange.contains(rate.framesPerSecond)
      else { throw .invalidComposition("the frame rate \(rate) is not a rate in 1...1000 fps") }
      return rate
    }
    guard let own = first.video.averageFrameRate ?? first.video.nominalFrameRate,
      own.numerator > 0, own.denominator > 0,
      let numerator = Int32(exactly: own.numerator),
      let denominator = Int32(exactly: own.denominator),
      VideoEncodeSettings.frameRateRange.contains(own.value)
    else { return 30 }
    return VideoEncodeSettings.FrameRate(numerator: numerator, denominator: denominator)
  }

  private static func limits(_ composition: VideoComposition) throws(VideoExportError) -> (
    Double?, Double?
  ) {
    let (minimum, maximum) = (composition.minimumDuration, composition.maximumDuration)
    if let minimum, !(minimum.isFinite && minimum >= 0) {
      throw .invalidComposition("the minimum duration \(minimum) s is not a time >= 0")
    }
    if let maximum, !(maximum.isFinite && maximum > 0) {
      throw .invalidComposition("the maximum duration \(maximum) s is not a time > 0")
    }
    if let minimum, let maximum, minimum > maximum {
      throw .invalidComposition(
        "the minimum duration \(minimum) s is longer than the maximum \(maximum) s")
    }
    return (minimum, maximum)
  }

  /// The segments that start before `end`, the last one shortened to end there.
  private static func cut(_ segments: [Segment], at end: Double) -> [Segment] {
    segments.filter { $0.start < end }.map { segment in
      guard segment.end > end else { return segment }
      let kept = segment.source.lowerBound..<(segment.source.lowerBound + end - segment.start)
      return Segment(url: segment.url, info: segment.info, source: kept, start: segment.start)
    }
  }

  /// The first clip's upright size after the document's geometry. Applying the whole document
  /// to a blank picture also loads its look and overlay, so a missing one fails now.
  private static func naturalSize(
    of segment: Segment, document: EditDocument, resources: EditResources
  ) throws(VideoExportError) -> (width: Int, height: Int) {
    let video = segment.info.video
    var sizing = document
    // Magic measures pixels and never changes the size: a blank picture needs none of it.
    sizing.magic = false
    let blank = Image(color: .black).cropped(
      to: Rect(x: 0, y: 0, width: video.displayWidth, height: video.displayHeight))
    do {
      let extent = try sizing.apply(to: blank, resources: resources).extent
      return (extent.width, extent.height)
    } catch {
      throw .editing(file: segment.url.path, seconds: 0, message: "\(error)")
    }
  }

  /// The picture size asked for; natural sizes rounded down to even numbers, which 4:2:0
  /// video needs.
  private static func size(
    _ size: VideoComposition.OutputSize, natural: (width: Int, height: Int)
  ) throws(VideoExportError) -> (Int, Int) {
    func even(_ value: Double) -> Int { max(2, Int(value.rounded()) & ~1) }
    switch size {
    case .natural:
      return (even(Double(natural.width)), even(Double(natural.height)))
    case .longSide(let long):
      guard long >= 2 else { throw .invalidComposition("the long side \(long) is below 2 pixels") }
      let scale = min(1, Double(long) / Double(max(natural.width, natural.height)))
      return (even(Double(natural.width) * scale), even(Double(natural.height) * scale))
    case .exact(let width, let height):
      return (width, height)
    }
  }
}
