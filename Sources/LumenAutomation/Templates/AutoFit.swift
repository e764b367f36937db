import LumenEdit
import LumenLayers

/// Shrinks a text layer's size until its drawing fits its box: the transform's width (where
/// lines wrap) and height (what the template's designer left for it). Sizes are found by
/// bisection on the drawn box (``Layer/drawnBox(resources:)``), so the fitted text is the
/// largest that fits to within a thousandth of its size.
struct AutoFit {
  /// The smallest size (of the shorter side) unless a variable says otherwise.
  static let smallestSize = 0.01
  var minimumSize: Double

  func fit(
    layer id: String, in document: inout EditDocument, resources: EditResources, variable: String
  )
    throws(TemplateError)
  {
    guard let index = document.layers.firstIndex(where: { $0.id == id }),
      var text = document.layers[index].content as? TextContent,
      let box = document.layers[index].transform
    else { return }
    var layer = document.layers[index]
    func fits(_ size: Double) throws(TemplateError) -> Bool {
      text.size = size
      layer.content = text
      let drawn: LayerTransform?
      do {
        drawn = try layer.drawnBox(resources: resources)
      } catch {
        throw .value(variable, "cannot lay out the text of layer \(id): \(error)")
      }
      guard let drawn else { return true }
      return drawn.width <= box.width * 1.0001 && drawn.height <= box.height * 1.0001
    }
    let original = text.size
    guard try !fits(original) else {
      text.size = original
      return
    }
    var (low, high) = (min(minimumSize, original), original)
    if try !fits(low) {
      throw .value(
        variable, "the text does not fit layer \(id)'s box even at size \(low) (its minSize)")
    }
    while high - low > original / 1000 {
      let middle = (low + high) / 2
      if try fits(middle) { low = middle } else { high = middle }
    }
    text.size = low
    document.layers[index].content = text
  }
}
