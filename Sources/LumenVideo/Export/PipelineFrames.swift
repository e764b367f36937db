import LumenCore

/// A decoded frame chosen for an output frame, on its way to the editing thread.
struct PickedFrame: Sendable {
  /// The output frame's number, from 0.
  let index: Int
  /// The clip it comes from (its index among the plan's segments).
  let segment: Int
  let frame: VideoFrame
}

/// An output frame's pixels, on their way to the encoding thread.
struct EditedFrame: Sendable {
  let index: Int
  let bitmap: Bitmap
}
