import LumenCore

/// Vignette: darkens (or, with negative intensity, lightens) the image towards its corners.
///
/// With `d` the distance of a pixel centre from the centre of the image's extent divided by
/// the half-diagonal (0 at the centre, 1 in the corners), the mask is
/// `m = smoothstep(radius, radius + falloff, d)` and, in linear light (like a lens's fall-off):
///
///     out = c * (1 - |intensity| * m)                       intensity >= 0 (towards black)
///     out = c + |intensity| * m * (1 - c)                   intensity <  0 (towards white)
///
/// One pass over the image: a kernel that knows pixel positions computes the mask row by row
/// and darkens only where it is above 0 (outside the untouched disc around the centre).
public struct Vignette: Filter {
  public static let descriptor = FilterDescriptor(
    name: "vignette", displayName: "Vignette", folder: .stylize,
    summary:
      "Linear-light darkening by smoothstep(radius, radius + falloff, distance from centre).",
    parameters: [
      .scalar(
        "intensity", range: -1...1, default: 0.5, identity: 0,
        doc: "Darkening at full mask: 1 black corners, negative values lighten towards white."),
      .scalar(
        "radius", range: 0...1.5, default: 0.5,
        doc: "Where the effect starts, as a fraction of the half-diagonal (1 = the corners)."),
      .scalar(
        "falloff", range: 0...2, default: 0.5,
        doc: "Width of the transition, as a fraction of the half-diagonal (0 = hard edge)."),
    ])

  public var intensity: Double
  public var radius: Double
  public var falloff: Double

  public init(intensity: Double = 0.5, radius: Double = 0.5, falloff: Double = 0.5) {
    self.intensity = intensity
    self.radius = radius
    self.falloff = falloff
  }

  public init(_ values: ParameterValues) throws(FilterError) {
    let v = try values.resolved(for: Self.descriptor)
    try self.init(
      intensity: v.double("intensity"), radius: v.double("radius"), falloff: v.double("falloff"))
  }

  public func apply(to image: Image) throws(FilterError) -> Image {
    try Self.descriptor.check("intensity", intensity)
    try Self.descriptor.check("radius", radius)
    try Self.descriptor.check("falloff", falloff)
    if intensity == 0 || image.extent.isEmpty { return image }
    guard !image.extent.isInfinite else {
      throw .invalidGeometry(filter: Self.descriptor.name, reason: "the image has no finite extent")
    }
    // Darkening an opaque image works on encoded values directly (see `darkenEncoded`): the
    // same result without decoding and re-encoding every pixel.
    return image.applying(
      Kernel(
        bounds: image.extent, radius: Float(radius), falloff: Float(falloff),
        intensity: Float(intensity), encoded: intensity > 0 && image.isOpaque))
  }

  struct Kernel: GeneralKernel {
    let bounds: Rect
    let radius: Float
    let falloff: Float
    let intensity: Float
    /// Whether the kernel works on sRGB-encoded values (opaque images, darkening).
    let encoded: Bool
    var transfer: Transfer { encoded ? .sRGB : .linear }

    func extent(forInputExtents extents: [Rect]) -> Rect { extents[0] }

    func regionOfInterest(for rect: Rect, input index: Int) -> Rect { rect }

    var runsInPlace: Bool { true }

    func apply(inputs: [Tile], output: Tile) {
      let rect = output.rect
      output.copy(from: inputs[0])
      let cx = Float(bounds.minX) + Float(bounds.width) / 2
      let cy = Float(bounds.minY) + Float(bounds.height) / 2
      let w = Float(bounds.width)
      let h = Float(bounds.height)
      let scale = 2 / (w * w + h * h).squareRoot()  // 1 / half-diagonal
      let sharpness = 1 / max(falloff, 1e-6)
      let mask = UnsafeMutablePointer<Float>.allocate(capacity: rect.width)
      defer { mask.deallocate() }
      for y in rect.minY..<rect.maxY {
        let dy = Float(y) + 0.5 - cy
        let dy2 = dy * dy
        // Pixels nearer the centre than `radius` keep their colour: |dx| < reach. One pixel of
        // margin each side, so rounding never skips a pixel the mask reaches.
        var (start, end) = (rect.width, rect.width)
        let reach2 = (radius / scale) * (radius / scale) - dy2
        if reach2 > 0 {
          let reach = reach2.squareRoot()
          let x0 = Float(rect.minX) + 0.5 - cx
          start = min(max(Int((-reach - x0).rounded(.up)) + 1, 0), rect.width)
          end = max(min(Int((reach - x0).rounded(.down)), rect.width), start)
        }
        func darken(_ run: Range<Int>) {
          if run.isEmpty { return }
          let x0 = Float(rect.minX + run.lowerBound) + 0.5 - cx
          for i in 0..<run.count {
            let dx = x0 + Float(i)
            let t = min(max(((dx * dx + dy2).squareRoot() * scale - radius) * sharpness, 0), 1)
            mask[i] = t * t * (3 - 2 * t)
          }
          let row = output.row(y, from: rect.minX + run.lowerBound, count: run.count)
          if encoded {
            Self.darkenEncoded(row, by: mask, intensity: intensity)
          } else {
            Self.darken(row, by: mask, intensity: intensity)
          }
        }
        darken(0..<start)
        darken(end..<rect.width)
      }
    }

    /// `rgb * (1 - |i| m) + max(-i, 0) * m * alpha`, premultiplied linear.
    static func darken(_ b: PixelSpan, by m: UnsafePointer<Float>, intensity: Float) {
      let strength = abs(intensity)
      let lighten = max(-intensity, 0)
      for i in 0..<b.count {
        let keep = 1 - strength * m[i]
        let add = lighten * m[i] * b.alpha[i]
        b.red[i] = b.red[i] * keep + add
        b.green[i] = b.green[i] * keep + add
        b.blue[i] = b.blue[i] * keep + add
      }
    }

    /// ``darken(_:by:intensity:)`` for opaque pixels and intensity > 0, on sRGB-encoded
    /// values. Scaling linear light by `s` maps an encoded value `e` on the curve's power
    /// segment to `(e + 0.055) * s^(1/2.4) - 0.055`, and one on its linear segment to `e * s`:
    /// one power per pixel instead of six. Values pushed from the power segment onto the
    /// linear one (dark pixels in a vignette) are computed exactly.
    static func darkenEncoded(_ b: PixelSpan, by m: UnsafePointer<Float>, intensity k: Float) {
      let knee: Float = 0.040_45
      // The mask's factors first, then one plane at a time, eight values at once.
      let n = b.count
      let parked = withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * n) { scratch in
        let (scale, root) = (scratch.baseAddress!, scratch.baseAddress! + n)
        for i in 0..<n { scale[i] = 1 - k * m[i] }
        for i in 0..<n { root[i] = FastMath.pow(scale[i], 1 / 2.4) }
        // Values that leave the power segment are parked as -(e + 10), which no result can be
        // (results are >= -0.055), and redone exactly below.
        typealias V = SIMD8<Float>
        @inline(__always) func darkened(_ e: V, _ s: V, _ root: V) -> V {
          let scaled = (e + 0.055) * root - 0.055
          var out = (-(e + 10)).replacing(with: scaled, where: scaled .> knee)
          out.replace(with: e * s, where: e .<= knee)
          return out
        }
        func darken(_ plane: UnsafeMutablePointer<Float>) -> Bool {
          var parked = SIMDMask<SIMD8<Int32>>()
          var i = 0
          while i + 8 <= n {
            let out = darkened(
              UnsafeRawPointer(plane + i).loadUnaligned(as: V.self),
              UnsafeRawPointer(scale + i).loadUnaligned(as: V.self),
              UnsafeRawPointer(root + i).loadUnaligned(as: V.self))
            UnsafeMutableRawPointer(plane + i).storeBytes(of: out, as: V.self)
            parked .|= out .< -5
            i += 8
          }
          var tail = false
          while i < n {
            plane[i] =
              darkened(V(repeating: plane[i]), V(repeating: scale[i]), V(repeating: root[i]))[0]
            tail = tail || plane[i] < -5
            i += 1
          }
          return any(parked) || tail
        }
        let (red, green, blue) = (darken(b.red), darken(b.green), darken(b.blue))
        return red || green || blue
      }
      guard parked else { return }
      @inline(__always) func exact(_ v: Float, _ s: Float) -> Float {
        v < -5 ? SRGB.encode(SRGB.decode(-v - 10) * s) : v
      }
      // The parked pixels' indices first: a loop that tested each pixel before the powers
      // would be vectorised into computing them for every pixel.
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { buffer in
        let parked = buffer.baseAddress!
        var count = 0
        for i in 0..<n {
          parked[count] = Int32(truncatingIfNeeded: i)
          count &+= min(b.red[i], b.green[i], b.blue[i]) < -5 ? 1 : 0
        }
        for j in 0..<count {
          let i = Int(parked[j])
          let s = 1 - k * m[i]
          b.red[i] = exact(b.red[i], s)
          b.green[i] = exact(b.green[i], s)
          b.blue[i] = exact(b.blue[i], s)
        }
      }
    }
  }
}
