/// The events of one export, as ``VideoExport/start()`` returns them.
///
/// Cancelling the task that iterates only asks the export to stop: the stop handler runs
/// while the task's status is locked, and the encoding thread needs that lock to deliver its
/// last events, so waiting there would deadlock. The wait happens here instead, in the
/// iterating task once the events have ended: when a cancelled loop ends, the unfinished file
/// is already gone.
public struct VideoExportEvents: AsyncSequence, Sendable {
  public typealias Element = VideoExportEvent
  public typealias Failure = any Error

  let events: AsyncThrowingStream<VideoExportEvent, any Error>
  let control: ExportControl

  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(events: events.makeAsyncIterator(), control: control)
  }

  public struct AsyncIterator: AsyncIteratorProtocol {
    var events: AsyncThrowingStream<VideoExportEvent, any Error>.AsyncIterator
    let control: ExportControl

    /// The next event; after the last one (or the error), waits until the output is settled.
    public mutating func next() async throws -> VideoExportEvent? {
      let event: VideoExportEvent?
      do {
        event = try await events.next()
      } catch {
        await control.stopped()
        throw error
      }
      if event == nil { await control.stopped() }
      return event
    }
  }
}
