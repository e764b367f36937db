import LumenCore
import LumenEdit
import LumenLayers

/// Shrinks a text layer's size until its drawing fits its box: the transform's width (where
/// lines wrap) and height (what the template's designer left for it). The fitted size is the
/// largest that fits, to within 1/200 of the original size.
///
/// The search rests on one fact: at a smaller size a text never has more lines (its wrap width
/// stays), so shrinking it by the box's share of its drawn height and width always fits. From
/// there it grows by the room left until it gains a line (then a few bisection steps end it),
/// usually in three or four layouts, sketched at a quarter of the measuring size and checked at
/// the full one.
struct AutoFit {
  /// The smallest size (of the shorter side) unless a variable says otherwise.
  static let smallestSize = 0.01
  /// Texts are measured laid out upright on a canvas this many pixels across its shorter side
  /// (as an editor's handles measure them), and sketched during the search on one of this
  /// many, where a layout costs a sixteenth.
  static let measuringSide = 2000
  static let sketchSide = 500
  var minimumSize: Double

  func fit(
    layer id: String, in document: inout EditDocument, resources: EditResources, variable: String
  ) throws(TemplateError) {
    guard let index = document.layers.firstIndex(where: { $0.id == id }),
      var text = document.layers[index].content as? TextContent,
      let box = document.layers[index].transform
    else { return }
    /// How much the text at `size` could grow and still fit (below 1: it does not fit).
    func room(_ size: Double, side: Int = Self.sketchSide) throws(TemplateError) -> Double {
      text.size = size
      let drawn: (width: Double, height: Double)
      do {
        drawn = try Self.measure(text, in: box, side: side, resources: resources)
      } catch {
        throw .value(variable, "cannot lay out the text of layer \(id): \(error)")
      }
      return min(box.width / max(drawn.width, 1e-9), box.height / max(drawn.height, 1e-9))
    }
    let original = text.size
    let fitting = 1 / 1.0001
    // A sketch with a clear margin settles it; a close one is measured in full.
    var first = try room(original)
    if first < 1.02 { first = try room(original, side: Self.measuringSide) }
    guard first < fitting else { return }
    let floor = min(minimumSize, original)
    let step = original / 200
    // Shrunk by its room, a text fits (it has no more lines than before); grown by the room it
    // then has, it fits again unless it gained a line, which brackets the size.
    var low = max(floor, original * first * 0.995)
    var lowRoom = try room(low)
    if lowRoom < fitting {
      guard try room(floor, side: Self.measuringSide) >= fitting else {
        throw .value(
          variable, "the text does not fit layer \(id)'s box even at size \(floor) (its minSize)")
      }
      (low, lowRoom) = (floor, try room(floor))
    }
    var high = original
    while high - low > step {
      let grown = min(high, low * lowRoom * 0.999)
      guard grown - low > step else { break }
      let grownRoom = try room(grown)
      guard grownRoom >= fitting else {
        high = grown
        break
      }
      (low, lowRoom) = (grown, grownRoom)
      if lowRoom < 1 + 1 / 200 { high = low }
    }
    while high - low > step {
      let middle = (low + high) / 2
      if try room(middle) >= fitting { low = middle } else { high = middle }
    }
    // Sketched small, checked at the measuring size: a pixel of the sketch is four of that.
    while low > floor, try room(low, side: Self.measuringSide) < fitting {
      low = max(floor, low - step)
    }
    text.size = low
    document.layers[index].content = text
  }

  /// The drawing's width and height in shorter sides, laid out once, upright: on a canvas
  /// `side` pixels wide and twelve times as tall, so that its height is never cut
  /// and a width cut by the canvas (one shorter side) is still wider than a box narrower than
  /// that; a wider box is measured as an editor measures it (``Layer/drawnBox(resources:)``).
  static func measure(
    _ text: TextContent, in box: LayerTransform, side: Int, resources: EditResources
  ) throws -> (width: Double, height: Double) {
    var upright = box
    (upright.x, upright.y, upright.rotation) = (0.5, 0.5, 0)
    guard box.width < 1 else {
      let drawn = try Layer(id: "", content: text, transform: upright).drawnBox(
        resources: resources)
      return (drawn?.width ?? 0, drawn?.height ?? 0)
    }
    let canvas = Rect(x: 0, y: 0, width: side, height: side * 12)
    let drawing = try text.image(on: canvas, transform: upright, resources: resources)
    guard !drawing.extent.isEmpty, !drawing.extent.isInfinite else { return (0, 0) }
    return (
      Double(drawing.extent.width) / Double(side), Double(drawing.extent.height) / Double(side)
    )
  }
}
