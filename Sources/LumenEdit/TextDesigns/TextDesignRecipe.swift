/// The layouts a text design can take, each our own: words stacked at sizes that fill the
/// width, banners, badges and rings, dividers, frames and highlight bars. Choices a recipe
/// makes at random (how words group into lines, which word leads) come from the layer's seed.
public enum TextDesignRecipe: String, CaseIterable, Sendable {
  /// One word a line, each as wide as the design.
  case stacked
  /// Words grouped at random into lines of one to three, each as wide as the design.
  case mixed
  /// One word (chosen at random) large, the words before and after it small, with a rule.
  case headline
  /// The text on a ribbon with tabs at its ends.
  case banner
  /// The text in a filled circle.
  case badge
  /// The text in a double ring.
  case ring
  /// The text between two rules.
  case dividers
  /// The text inside a double frame.
  case framed
  /// Lines of words (grouped at random), each on its own rounded bar.
  case highlights

  /// Whether filled shapes carry the text (ribbons, badges, bars): an inverted design cuts the
  /// text out of them; others cut it out of a card behind everything.
  var carriesText: Bool { [.banner, .badge, .highlights].contains(self) }

  /// Lays `words` out on a drawing `width` pixels wide with `padding` pixels inside its
  /// edges; `measure` gives a line's drawn width and height at font size 100.
  func layout(
    _ words: [String], width: Double, padding: Double, random: inout SeededRandom,
    measure: (String) throws -> (width: Double, height: Double)
  ) rethrows -> DesignLayout {
    var layout = DesignLayout()
    let inner = max(width - 2 * padding, 1)
    let gap = 0.03 * width
    /// The size that makes `line` `target` wide, at most `cap`.
    func fit(_ line: String, _ target: Double, cap: Double) throws -> (Double, Double, Double) {
      let m = try measure(line)
      let size = min(100 * target / max(m.width, 1), cap)
      return (size, m.width * size / 100, m.height * size / 100)
    }
    /// Lines centred one under the other from `top`, each fitted to `target`; returns the
    /// bottom.
    func stack(_ lines: [String], from top: Double, target: Double, cap: Double) throws -> Double {
      var y = top
      for line in lines {
        let (size, w, h) = try fit(line, target, cap: cap)
        layout.elements.append(.text(line, size: size, x: (width - w) / 2, y: y))
        y += h + gap
      }
      return y - gap
    }
    func groups(maxPerLine: Int) -> [String] {
      var lines: [String] = []
      var index = 0
      while index < words.count {
        let count = min(random.number(in: 1...maxPerLine), words.count - index)
        lines.append(words[index..<(index + count)].joined(separator: " "))
        index += count
      }
      return lines
    }
    /// Words in at most `count` lines of similar length.
    func balanced(_ count: Int) -> [String] {
      let total = words.map(\.count).reduce(0, +) + words.count - 1
      var lines: [String] = []
      var current: [String] = []
      for word in words {
        let length = (current + [word]).joined(separator: " ").count
        if !current.isEmpty, lines.count < count - 1, length > (total + count - 1) / count {
          lines.append(current.joined(separator: " "))
          current = []
        }
        current.append(word)
      }
      if !current.isEmpty { lines.append(current.joined(separator: " ")) }
      return lines
    }
    let all = words.joined(separator: " ")
    switch self {
    case .stacked:
      layout.height = try stack(words, from: padding, target: inner, cap: 0.3 * width) + padding
    case .mixed:
      layout.height =
        try stack(groups(maxPerLine: 3), from: padding, target: inner, cap: 0.3 * width)
        + padding
    case .headline:
      let lead = random.number(in: 0...(words.count - 1))
      let (big, bigWidth, bigHeight) = try fit(words[lead], inner, cap: 0.35 * width)
      var y = padding
      let before = words[..<lead].joined(separator: " ")
      let after = words[(lead + 1)...].joined(separator: " ")
      if !before.isEmpty { y = try stack([before], from: y, target: inner, cap: 0.3 * big) + gap }
      layout.elements.append(.text(words[lead], size: big, x: (width - bigWidth) / 2, y: y))
      y += bigHeight + gap
      layout.elements.append(
        .shape(
          .rectangle, fill: true, strokeWidth: 0, x: padding, y: y, width: inner,
          height: max(1, 0.01 * width)))
      y += 0.01 * width + gap
      if !after.isEmpty { y = try stack([after], from: y, target: inner, cap: 0.3 * big) + gap }
      layout.height = y - gap + padding
    case .banner:
      let (size, w, h) = try fit(all, 0.72 * width, cap: 0.22 * width)
      let band = h * 1.6
      let top = padding + 0.25 * band
      for side in [0.0, 1.0] {
        layout.elements.append(
          .shape(
            .rectangle, fill: true, strokeWidth: 0, x: side * (width - 0.2 * width),
            y: top + 0.25 * band, width: 0.2 * width, height: band))
      }
      layout.elements.append(
        .shape(
          .roundedRectangle, fill: true, strokeWidth: 0, x: 0.08 * width, y: top,
          width: 0.84 * width, height: band))
      layout.elements.append(.text(all, size: size, x: (width - w) / 2, y: top + (band - h) / 2))
      layout.height = top + 1.25 * band + padding
    case .badge, .ring:
      let lines = balanced(min(3, words.count))
      layout.elements.append(
        .shape(
          .ellipse, fill: self == .badge, strokeWidth: 0.03 * width, x: 0, y: 0,
          width: width, height: width))
      if self == .ring {
        layout.elements.append(
          .shape(
            .ellipse, fill: false, strokeWidth: 0.012 * width, x: 0.07 * width,
            y: 0.07 * width, width: 0.86 * width, height: 0.86 * width))
      }
      // Fitted to the inner square, then moved to the middle.
      let start = layout.elements.count
      let bottom = try stack(lines, from: 0, target: 0.62 * width, cap: 0.3 * width)
      let shift = (width - bottom) / 2
      for index in start..<layout.elements.count {
        if case .text(let line, let size, let x, let y) = layout.elements[index] {
          layout.elements[index] = .text(line, size: size, x: x, y: y + shift)
        }
      }
      layout.height = width
    case .dividers:
      let rule = max(1, 0.012 * width)
      layout.elements.append(
        .shape(
          .rectangle, fill: true, strokeWidth: 0, x: padding, y: padding, width: inner,
          height: rule))
      let bottom = try stack(
        [all], from: padding + rule + 2 * gap, target: 0.84 * inner,
        cap: 0.3 * width)
      layout.elements.append(
        .shape(
          .rectangle, fill: true, strokeWidth: 0, x: padding, y: bottom + 2 * gap,
          width: inner, height: rule))
      layout.height = bottom + 2 * gap + rule + padding
    case .framed:
      let lines = balanced(min(2, words.count))
      let inset = padding + 0.06 * width
      let bottom = try stack(
        lines, from: inset + gap, target: width - 2 * inset - 2 * gap,
        cap: 0.3 * width)
      let height = bottom + gap + inset
      layout.elements.append(
        .shape(
          .rectangle, fill: false, strokeWidth: 0.015 * width, x: 0.01 * width,
          y: 0.01 * width, width: 0.98 * width, height: height - 0.02 * width))
      layout.elements.append(
        .shape(
          .rectangle, fill: false, strokeWidth: 0.006 * width, x: padding, y: padding,
          width: width - 2 * padding, height: height - 2 * padding))
      layout.height = height
    case .highlights:
      var y = padding
      let lines = groups(maxPerLine: 3)
      let (size, _, _) = try fit(
        lines.max { $0.count < $1.count } ?? all, 0.8 * inner,
        cap: 0.16 * width)
      for line in lines {
        let m = try measure(line)
        let (w, h) = (m.width * size / 100, m.height * size / 100)
        let bar = 0.25 * h
        layout.elements.append(
          .shape(
            .roundedRectangle, fill: true, strokeWidth: 0, x: padding, y: y,
            width: min(w + 2 * bar, inner), height: h + bar))
        layout.elements.append(.text(line, size: size, x: padding + bar, y: y + bar / 2))
        y += h + bar + 0.3 * gap
      }
      layout.height = y - 0.3 * gap + padding
    }
    return layout
  }
}
