/// Time: one document for every frame of a clip. Keyframe tracks move parameters, time spans
/// show and hide layers, animated stickers play, and ``EditDocument/resolved(at:clipDuration:)``
/// turns the document into the static one of a single frame, which renders exactly like a
/// photo's. Photos never resolve: they render the static values (an animation's first frame).
extension EditDocument {
  /// Whether the document's own values change over time (a keyframe track or a layer's time
  /// span). Animated stickers play whether or not it does: their files say whether they move.
  public var isAnimated: Bool { !animations.isEmpty || layers.contains { $0.timeSpan != nil } }

  /// The document at `time` in a clip `clipDuration` seconds long: every tracked parameter set
  /// to its track's value there, the layers whose time span does not include `time` removed,
  /// the others' spans dropped, and each layer's content playing at the seconds since its
  /// layer appeared. The result has no time left in it (``isAnimated`` is false).
  ///
  /// Times outside the clip count as its start or end; a clip that is not a positive, finite
  /// length counts as one instant, its start.
  public func resolved(at time: EditTime, clipDuration: Double) -> EditDocument {
    let instant = ClipInstant(time, clipDuration: clipDuration)
    var still = self
    still.animations = [:]
    for (parameter, track) in animations {
      if let value = track.value(at: instant.position(in: track.base)) {
        parameter.set(value, in: &still)
      }
    }
    still.layers = still.layers.compactMap { layer in
      var shown = layer
      if let span = layer.timeSpan {
        guard span.contains(instant) else { return nil }
        shown.timeSpan = nil
      }
      let start = layer.timeSpan.map { instant.seconds(at: $0.start, in: $0.base) } ?? 0
      shown.content = layer.content.playing(at: instant.position(in: .seconds) - start)
      return shown
    }
    return still
  }
}
