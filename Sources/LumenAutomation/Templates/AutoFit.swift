import LumenCore
import LumenEdit
import LumenLayers
import LumenText

/// Shrinks a text layer's size until its drawing fits its box: the transform's width (where
/// lines wrap) and height (what the template's designer left for it). The fitted size is the
/// largest that fits, to within 1/100 of the original size (a pixel of a 100-pixel font).
///
/// The search rests on one fact: at a smaller size a text never has more lines (its wrap width
/// stays), so shrinking it by the box's share of its drawn height and width always fits. From
/// a guess above that it grows by the room left until it gains a line (then a few bisection
/// steps end it), usually in four or five layouts. Texts are laid out on a canvas of ``measuringSide``
/// pixels with a pixel to spare above and below, so that what fits there fits at any size.
/// A plain text (no outline, shadow or background) is shaped once and measured without being
/// drawn (``TextMeasure``: never smaller than its drawing), so a search costs little more
/// than its shaping.
struct AutoFit {
  /// The smallest size (of the shorter side) unless a variable says otherwise.
  static let smallestSize = 0.01
  /// Texts are measured laid out upright on a canvas this many pixels across its shorter side.
  static let measuringSide = 1000
  var minimumSize: Double

  func fit(
    layer id: String, in document: inout EditDocument, resources: EditResources, variable: String
  ) throws(TemplateError) {
    guard let index = document.layers.firstIndex(where: { $0.id == id }),
      var text = document.layers[index].content as? TextContent,
      let box = document.layers[index].transform
    else { return }
    // Shaped once for a plain text; nil: every size is measured drawn.
    let quick: TextMeasure? = text.isPlain ? try? text.measure(resources: resources) : nil
    /// How much the text at `size` could grow and still fit (below 1: it does not fit).
    func room(_ size: Double) throws(TemplateError) -> Double {
      text.size = size
      let extent: (width: Double, height: Double)
      do {
        extent = try Self.measure(text, in: box, resources: resources, quick: quick)
      } catch {
        throw .value(variable, "cannot lay out the text of layer \(id): \(error)")
      }
      // A text block is as wide as its wrap width (or a word too long for it); its height
      // is its lines', given a pixel to spare at either end.
      let width = extent.width <= box.width * 1.0001 ? Double.infinity : box.width / extent.width
      return min(width, box.height / (extent.height + 2 / Double(Self.measuringSide)))
    }
    let original = text.size
    let first = try room(original)
    guard first < 1 else { return }
    let floor = min(minimumSize, original)
    let step = original / 100
    // Shrunk by its room a text fits: it has no more lines than before. A wrapped text's
    // height goes with the square of its size, so the square root of that room is a close
    // guess; grown by the room it then has, it fits again unless it gains a line.
    var low = max(floor, original * first * 0.995)
    var lowRoom: Double?
    var high = original
    let estimate = original * first.squareRoot()
    if estimate - low > step {
      let estimateRoom = try room(estimate)
      if estimateRoom >= 1 { (low, lowRoom) = (estimate, estimateRoom) } else { high = estimate }
    }
    while let grownFrom = lowRoom, grownFrom > 1 + 1 / 100, high - low > step {
      let grown = min(high, low * grownFrom)
      let grownRoom = try room(grown)
      guard grownRoom >= 1 else {
        high = grown
        break
      }
      (low, lowRoom) = (grown, grownRoom)
      if grown == high { break }
    }
    if let lowRoom, lowRoom <= 1 + 1 / 100 { high = low }
    while high - low > step {
      let middle = (low + high) / 2
      let middleRoom = try room(middle)
      if middleRoom >= 1 { (low, lowRoom) = (middle, middleRoom) } else { high = middle }
    }
    // The shrunk size was never laid out: it fits but for rounding, which a step takes back.
    if lowRoom == nil {
      while try room(low) < 1 {
        guard low > floor else {
          throw .value(
            variable,
            "the text does not fit layer \(id)'s box even at size \(floor) (its minSize)")
        }
        low = max(floor, low - step)
      }
    }
    text.size = low
    document.layers[index].content = text
  }

  /// The drawing's width and height in shorter sides, laid out once, upright: on a canvas
  /// ``measuringSide`` pixels wide and twelve times as tall, so that its height is never cut
  /// and a width cut by the canvas (one shorter side) is still wider than a box narrower than
  /// that; a wider box is measured as an editor measures it (``Layer/drawnBox(resources:)``).
  static func measure(
    _ text: TextContent, in box: LayerTransform, resources: EditResources, quick: TextMeasure?
  ) throws -> (width: Double, height: Double) {
    let side = measuringSide
    var upright = box
    (upright.x, upright.y, upright.rotation) = (0.5, 0.5, 0)
    guard box.width < 1 else {
      let drawn = try Layer(id: "", content: text, transform: upright).drawnBox(
        resources: resources)
      return (drawn?.width ?? 0, drawn?.height ?? 0)
    }
    let canvas = Rect(x: 0, y: 0, width: side, height: side * 12)
    if let quick, let size = try text.measuredSize(on: canvas, box: upright, measure: quick) {
      // As placed on the canvas: cut at its sides.
      return (
        Double(min(size.width, canvas.width)) / Double(side),
        Double(min(size.height, canvas.height)) / Double(side)
      )
    }
    let drawing = try text.image(on: canvas, transform: upright, resources: resources)
    guard !drawing.extent.isEmpty, !drawing.extent.isInfinite else { return (0, 0) }
    return (
      Double(drawing.extent.width) / Double(side), Double(drawing.extent.height) / Double(side)
    )
  }
}
