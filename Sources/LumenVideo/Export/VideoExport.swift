import Foundation
import LumenCore
import LumenEdit

/// Exports a composition through an edit document to a movie file, reporting progress.
///
/// ```swift
/// let export = VideoExport(
///   composition: VideoComposition(input), document: document, resources: resources,
///   settings: VideoEncodeSettings(rateControl: .crf(20), preset: "veryfast"), output: output)
/// for try await event in try export.start() {
///   switch event {
///   case .progress(let progress): print(progress.fraction, progress.estimatedTimeRemaining ?? 0)
///   case .finished(let url): print("wrote", url.path)
///   }
/// }
/// ```
///
/// Decoding, editing and encoding run on three threads joined by queues two frames deep, so
/// the stages overlap and memory stays at a few frames whatever the length. The same inputs
/// give the same bytes. Cancelling the task that reads the events stops every stage within a
/// frame and removes the unfinished file before the cancelled loop ends: the movie appears at
/// ``output`` only when complete.
public struct VideoExport: Sendable {
  public var composition: VideoComposition
  /// Applied to every frame; animated documents are resolved at each frame's moment of the
  /// output (keyframe times count from the output's start, over its whole length).
  public var document: EditDocument
  /// Where the document's looks and overlay images come from.
  public var resources: EditResources
  /// Codec, container, quality and preset. Its frame rate is replaced by the composition's.
  public var settings: VideoEncodeSettings
  public var output: URL
  /// Which of the first clip's tags (creation time, location) the output keeps.
  public var metadata: MovieMetadata.Policy
  public var threads: Threads
  /// Where the frames render (and magic analyses each clip); nil: a context of its own with
  /// ``Threads/rendering`` threads.
  public var context: RenderContext?

  public init(
    composition: VideoComposition, document: EditDocument = EditDocument(),
    resources: EditResources = EditResources(),
    settings: VideoEncodeSettings = VideoEncodeSettings(),
    output: URL, metadata: MovieMetadata.Policy = .keep, threads: Threads = .automatic,
    context: RenderContext? = nil
  ) {
    self.composition = composition
    self.document = document
    self.resources = resources
    self.settings = settings
    self.output = output
    self.metadata = metadata
    self.threads = threads
    self.context = context
  }

  /// How many threads each stage may use besides its own. The encoder's count is
  /// ``VideoEncodeSettings/threads``.
  public struct Threads: Sendable, Hashable {
    /// libavcodec's threads for decoding a clip.
    public var decoding: Int
    /// The renderer's threads for each frame's edit (unless the export is given a context).
    public var rendering: Int

    public init(decoding: Int, rendering: Int) {
      self.decoding = max(1, decoding)
      self.rendering = max(1, rendering)
    }

    /// Half the cores each for decoding and rendering: the encoder takes the rest, and the
    /// three stages run at once, so more would only make them take turns.
    public static var automatic: Threads {
      let half = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)
      return Threads(decoding: half, rendering: half)
    }
  }

  /// Checks the composition against its files, creates the output (an unwritable path fails
  /// here, before any decoding) and starts the export. The stream reports progress after
  /// each frame and ends with ``VideoExportEvent/finished(_:)``, or throws a
  /// ``VideoExportError``.
  public func start() throws(VideoExportError) -> VideoExportEvents {
    let plan = try CompositionPlan(composition, document: document, resources: resources)
    // Passed to the encoding thread, which alone uses it from here on.
    nonisolated(unsafe) let writer = try makeWriter(plan)
    let editor = FrameEditor(
      plan: plan, document: document, resources: resources,
      context: context ?? RenderContext(threadCount: threads.rendering))
    let control = ExportControl(depth: 2)
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: VideoExportEvent.self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(8))
    continuation.onTermination = { termination in
      // Runs inside the reader task's cancel, under its status lock: only ask the stages to
      // stop here; the events wait for the output to be settled (VideoExportEvents).
      guard case .cancelled = termination else { return }
      control.cancel()
    }
    let decoderThreads = threads.decoding
    Self.spawn("decode") { Self.decode(plan, decoderThreads: decoderThreads, control) }
    Self.spawn("edit") { Self.edit(with: editor, control) }
    Self.spawn("encode") { Self.encode(plan, writer, control, continuation) }
    return VideoExportEvents(events: stream, control: control)
  }

  /// The writer for the plan's size, rate and sound. Sound that cannot be copied into the
  /// container (Vorbis into MP4, say) is re-encoded as AAC instead.
  private func makeWriter(_ plan: CompositionPlan) throws(VideoExportError) -> VideoWriter {
    var settings = self.settings
    settings.frameRate = plan.frameRate
    let tags = MovieMetadata.kept(from: plan.segments[0].info.tags, policy: metadata)
    do {
      return try VideoWriter(
        url: output, width: plan.width, height: plan.height, settings: settings,
        audio: plan.audio(copying: true), tags: tags)
    } catch .audioSource where plan.copiesAudio {
      do {
        return try VideoWriter(
          url: output, width: plan.width, height: plan.height, settings: settings,
          audio: plan.audio(copying: false), tags: tags)
      } catch {
        throw .writing(error)
      }
    } catch {
      throw .writing(error)
    }
  }

  private static func spawn(_ stage: String, _ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.name = "lumen.export.\(stage)"
    // Renders recurse through the image recipe; give them the main thread's room.
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// Decodes the frame for every output frame, in order.
  private static func decode(
    _ plan: CompositionPlan, decoderThreads: Int, _ control: ExportControl
  ) {
    let picker = FramePicker(plan: plan, decoderThreads: decoderThreads)
    do throws(VideoError) {
      for index in 0..<plan.frameCount {
        guard control.decoded.put(try picker.frame(index)) else { return }
      }
      control.decoded.close()
    } catch {
      control.fail(.reading(error))
    }
  }

  /// Edits each decoded frame.
  private static func edit(with editor: FrameEditor, _ control: ExportControl) {
    do throws(VideoExportError) {
      while let picked = control.decoded.take() {
        guard control.edited.put(try editor.edit(picked)) else { return }
      }
      control.edited.close()
    } catch {
      control.fail(error)
    }
  }

  /// Encodes each edited frame and reports progress; at the end, completes the movie, or
  /// removes it when another stage failed or the export was cancelled.
  private static func encode(
    _ plan: CompositionPlan, _ writer: VideoWriter, _ control: ExportControl,
    _ continuation: AsyncThrowingStream<VideoExportEvent, any Error>.Continuation
  ) {
    defer { control.markStopped() }
    let clock = ContinuousClock()
    let started = clock.now
    var done = 0
    do throws(VideoWriterError) {
      while let frame = control.edited.take() {
        try writer.append(frame.bitmap, at: plan.time(ofFrame: frame.index))
        done += 1
        let elapsed = started.duration(to: clock.now)
        continuation.yield(
          .progress(
            .measured(
              framesDone: done, frameCount: plan.frameCount,
              elapsed: Double(elapsed.components.seconds)
                + Double(elapsed.components.attoseconds) * 1e-18)))
      }
      let outcome = control.outcome
      if let failure = outcome.failure {
        writer.cancel()
        continuation.finish(throwing: failure)
      } else if outcome.cancelled {
        writer.cancel()
        continuation.finish()
      } else {
        try writer.finish(endingAt: plan.duration)
        continuation.yield(.finished(writer.url))
        continuation.finish()
      }
    } catch {
      writer.cancel()
      control.fail(.writing(error))
      continuation.finish(throwing: VideoExportError.writing(error))
    }
  }
}
