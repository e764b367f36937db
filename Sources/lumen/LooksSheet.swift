import LumenCommandLine
import LumenCore
import LumenFilters

/// A contact sheet: one cell per look, the same picture through each, labelled with the look's
/// name, under a heading per folder. Folders start on a new row.
struct LooksSheet {
  /// The picture every look is applied to, already at cell size.
  let picture: Image
  let folders: [LookFolder]
  let columns: Int

  static let margin = 12
  static let background: SIMD3<UInt8> = [32, 32, 32]
  static let labelColor: SIMD3<UInt8> = [230, 230, 230]
  static let headingColor: SIMD3<UInt8> = [255, 200, 120]

  private var cellWidth: Int { picture.extent.width }
  private var cellHeight: Int { picture.extent.height }
  /// Labels grow with the cells: 1x up to 199 px wide, 2x to 399 px, and so on.
  private var labelScale: Int { max(1, cellWidth / 200 + 1) }
  private var headingScale: Int { labelScale + 1 }
  private var labelHeight: Int { (SheetFont.glyphHeight + 3) * labelScale }
  private var headingHeight: Int { (SheetFont.glyphHeight + 2) * headingScale + Self.margin / 2 }

  /// The size of the sheet in pixels.
  var size: (width: Int, height: Int) {
    let width = columns * (cellWidth + Self.margin) + Self.margin
    let rows = folders.reduce(0) { height, folder in
      let rows = (folder.looks.count + columns - 1) / columns
      return height + headingHeight + rows * (cellHeight + labelHeight + Self.margin)
    }
    return (width, rows + Self.margin)
  }

  /// Renders every cell and assembles the sheet; `progress` hears each look as it is done.
  func render(renderer: Renderer, progress: (Look) -> Void = { _ in }) throws -> Bitmap {
    let (width, height) = size
    var canvas = SheetCanvas(width: width, height: height, background: Self.background)
    var y = Self.margin
    for folder in folders {
      canvas.draw(
        text: SheetCanvas.fitting(
          folder.name, maxWidth: width - 2 * Self.margin, scale: headingScale),
        x: Self.margin, y: y, scale: headingScale, color: Self.headingColor)
      y += headingHeight
      for (index, look) in folder.looks.enumerated() {
        let x = Self.margin + (index % columns) * (cellWidth + Self.margin)
        let top = y + (index / columns) * (cellHeight + labelHeight + Self.margin)
        let cell = try renderer.bitmap(
          of: picture.applying(try look.cube()), format: .rgb8)
        canvas.draw(cell, x: x, y: top)
        canvas.draw(
          text: SheetCanvas.fitting(look.name, maxWidth: cellWidth, scale: labelScale),
          x: x, y: top + cellHeight + 2 * labelScale, scale: labelScale, color: Self.labelColor)
        progress(look)
      }
      let rows = (folder.looks.count + columns - 1) / columns
      y += rows * (cellHeight + labelHeight + Self.margin)
    }
    return canvas.bitmap
  }
}
