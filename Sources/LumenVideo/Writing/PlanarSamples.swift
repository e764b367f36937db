/// A reusable block of planar `Float` samples (one plane per channel), with the arrays of
/// plane pointers that libswresample and the audio FIFO take. Grows when a larger block is
/// needed and otherwise allocates nothing, so steady decoding allocates no memory.
final class PlanarSamples {
  let channels: Int
  private(set) var capacity = 0
  /// The planes as `uint8_t **`, for libswresample.
  let bytePlanes: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>
  /// The same planes as `void **`, for `AVAudioFifo`.
  let rawPlanes: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  /// The same planes, typed.
  private(set) var planes: [UnsafeMutablePointer<Float>] = []

  init(channels: Int, capacity: Int) {
    self.channels = channels
    bytePlanes = .allocate(capacity: channels)
    bytePlanes.initialize(repeating: nil, count: channels)
    rawPlanes = .allocate(capacity: channels)
    rawPlanes.initialize(repeating: nil, count: channels)
    reserve(max(capacity, 1))
  }

  deinit {
    for plane in planes { plane.deallocate() }
    bytePlanes.deallocate()
    rawPlanes.deallocate()
  }

  /// Makes room for `count` samples per channel (the contents are not kept).
  func reserve(_ count: Int) {
    guard count > capacity else { return }
    capacity = max(count, capacity * 2)
    for plane in planes { plane.deallocate() }
    planes = (0..<channels).map { _ in .allocate(capacity: capacity) }
    for (channel, plane) in planes.enumerated() {
      rawPlanes[channel] = UnsafeMutableRawPointer(plane)
      bytePlanes[channel] = UnsafeMutableRawPointer(plane).assumingMemoryBound(to: UInt8.self)
    }
  }
}
