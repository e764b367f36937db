/// Time: one document for every frame of a clip. Keyframe tracks move parameters, time spans
/// show and hide layers, and ``EditDocument/resolved(at:clipDuration:)`` turns the document
/// into the static one of a single frame, which renders exactly like a photo's. Photos never
/// resolve: they render the static values.
extension EditDocument {
  /// Whether anything changes over time (a keyframe track or a layer's time span). When not,
  /// every instant resolves to the document itself and a video can render all its frames from
  /// one recipe.
  public var isAnimated: Bool { !animations.isEmpty || layers.contains { $0.timeSpan != nil } }

  /// The document at `time` in a clip `clipDuration` seconds long: every tracked parameter set
  /// to its track's value there, the layers whose time span does not include `time` removed,
  /// the others' spans dropped. The result has no time left in it (``isAnimated`` is false).
  ///
  /// Times outside the clip count as its start or end; a clip that is not a positive, finite
  /// length counts as one instant, its start.
  public func resolved(at time: EditTime, clipDuration: Double) -> EditDocument {
    guard isAnimated else { return self }
    let instant = ClipInstant(time, clipDuration: clipDuration)
    var still = self
    still.animations = [:]
    for (parameter, track) in animations {
      if let value = track.value(at: instant.position(in: track.base)) {
        parameter.set(value, in: &still)
      }
    }
    still.layers = still.layers.compactMap { layer in
      guard let span = layer.timeSpan else { return layer }
      guard span.contains(instant) else { return nil }
      var shown = layer
      shown.timeSpan = nil
      return shown
    }
    return still
  }
}
