import LumenCore
import LumenLayers
import Testing

@Suite struct PlacementMathTests {
  @Test func unitSquareCornersLandOnTheBox() {
    let canvas = Rect(width: 400, height: 200)
    let map = LayerTransform(x: 0.25, y: 0.5, width: 0.5, height: 0.25).placement(on: canvas)
    // Box 100 x 50 pixels centred on (100, 100).
    #expect(map.apply(to: Point(x: 0, y: 0)) == Point(x: 50, y: 75))
    #expect(map.apply(to: Point(x: 1, y: 1)) == Point(x: 150, y: 125))
  }
}
