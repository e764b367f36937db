/// The JSON of time: the `animations` section, keyframe tracks and layer time spans, read as
/// strictly as the operations and written so they read back exactly.
extension EditDocument {
  /// Reads `animations`: a track per parameter path (``EditParameter``), each for a number
  /// `document` has.
  static func animations(_ v: JSONValue, of document: EditDocument) throws(EditDocumentError)
    -> [EditParameter: KeyframeTrack]
  {
    guard let raw = v.value as? [String: Any] else { throw v.fail("expected an object") }
    let limits = EditDocumentLimits.standard
    guard raw.count <= limits.tracks else {
      throw v.fail("\(raw.count) tracks, more than the \(limits.tracks) allowed")
    }
    var keyframes = 0
    var tracks: [EditParameter: KeyframeTrack] = [:]
    // In sorted order, so that of several problems the same one is reported every time.
    for key in raw.keys.sorted() {
      let track = JSONValue(value: raw[key] as Any, path: v.childPath(key))
      guard let parameter = EditParameter(path: key, in: document) else {
        if let known = EditParameter(path: key) {
          throw track.fail("animates \(known.path), which the document does not have")
        }
        throw track.fail(
          "unknown key (expected a parameter path such as adjustments/contrast, look/intensity "
            + "or layers/<id>/opacity)")
      }
      guard parameter.value(in: document) != nil else {
        throw track.fail("animates \(parameter.path), which the document does not have")
      }
      let read = try KeyframeTrack(json: track, range: parameter.range)
      keyframes += read.keyframes.count
      guard keyframes <= limits.keyframes else {
        throw v.fail("more than \(limits.keyframes) keyframes in all tracks")
      }
      tracks[parameter] = read
    }
    return tracks
  }

  func animationsObject() -> [String: Any] {
    Dictionary(uniqueKeysWithValues: animations.map { ($0.key.path, $0.value.jsonObject) })
  }
}

extension KeyframeTrack {
  /// `{"base", "interpolation" (default linear), "keyframes": [{"time", "value"}, ...]}`:
  /// at least one keyframe, times strictly increasing and valid in the base, values in `range`.
  init(json v: JSONValue, range: ClosedRange<Double>) throws(EditDocumentError) {
    let m = try v.object(allowing: ["base", "interpolation", "keyframes"])
    let base = try v.required("base", in: m).choice(TimeBase.self)
    let list = try v.required("keyframes", in: m)
    let items = try list.array(maxCount: EditDocumentLimits.standard.keyframesPerTrack)
    guard !items.isEmpty else { throw list.fail("expected at least one keyframe") }
    var keyframes: [Keyframe] = []
    for item in items {
      let k = try item.object(allowing: ["time", "value"])
      let timeValue = try item.required("time", in: k)
      let time = try timeValue.number(in: base.times)
      if let previous = keyframes.last?.time, time <= previous {
        throw timeValue.fail(
          time == previous
            ? "two keyframes at time \(time)" : "times must increase (\(time) follows \(previous))")
      }
      keyframes.append(
        Keyframe(time: time, value: try item.required("value", in: k).number(in: range)))
    }
    self.init(
      base: base, keyframes: keyframes,
      interpolation: try m["interpolation"]?.choice(Interpolation.self) ?? .linear)
  }

  var jsonObject: [String: Any] {
    [
      "base": base.rawValue, "interpolation": interpolation.rawValue,
      "keyframes": keyframes.map { ["time": $0.time, "value": $0.value] },
    ]
  }
}

extension TimeSpan {
  /// `{"base", "start" (default 0), "duration" (absent: to the end)}`: a positive duration,
  /// and in the normalised base a span that ends within the clip.
  init(json v: JSONValue) throws(EditDocumentError) {
    let m = try v.object(allowing: ["base", "start", "duration"])
    let base = try v.required("base", in: m).choice(TimeBase.self)
    self.init(base: base, start: try m["start"]?.number(in: base.times) ?? 0)
    if let value = m["duration"] {
      let duration = try value.number(in: base.times)
      guard duration > 0 else { throw value.fail("the duration must be positive") }
      self.duration = duration
    }
    if base == .normalized, let duration, start + duration > 1 + 1e-9 {
      throw v.fail("the span must end within the clip (start + duration at most 1)")
    }
  }

  var jsonObject: [String: Any] {
    var object: [String: Any] = ["base": base.rawValue, "start": start]
    if let duration { object["duration"] = duration }
    return object
  }
}

extension TimeBase {
  /// The times a document may name: within the clip for fractions, any length in seconds.
  fileprivate var times: ClosedRange<Double> {
    switch self {
    case .normalized: 0...1
    case .seconds: 0...Double.greatestFiniteMagnitude
    }
  }
}
