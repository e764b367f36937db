import LumenCore

/// Stops the fuzzer with `message` when an invariant fails: libFuzzer saves the input.
func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
  guard condition else { fatalError(message()) }
}

/// An error a user would see must be one line of bounded length (the project's error standard).
func expectReadable(_ error: any Error) {
  let text = "\(error)"
  expect(!text.contains("\n"), "an error of several lines: \(text.prefix(500))")
  expect(text.utf8.count <= 2000, "an error of \(text.utf8.count) bytes: \(text.prefix(500))")
}

/// Renders `filter` applied to a strip of extreme colours (black, white, primaries, a grey,
/// transparent), to 8-bit and to float pixels: what a parsed table does to real pixels.
func renderThrough(_ filter: (Image) -> Image) {
  let samples: [UInt8] = [
    0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 255, 0, 255, 0, 255,
    0, 0, 255, 255, 128, 128, 128, 128, 7, 250, 3, 0,
  ]
  let strip = Bitmap(width: samples.count / 4, height: 1, format: .rgba8) { bytes in
    bytes.copyBytes(from: samples)
  }
  let context = RenderContext(threadCount: 1, memoryBudget: 64 << 20)
  for format in [PixelFormat.rgba8, .rgbaFloat] {
    expect(
      (try? context.bitmap(of: filter(Image(bitmap: strip)), format: format)) != nil,
      "a one-row render failed")
  }
}
