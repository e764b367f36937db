import LumenCore

/// A colour lookup table of either kind a `.cube` file holds.
public enum ColorLUT: Sendable, Hashable {
  /// A 3-D table: any colour to any colour.
  case cube(ColorCube)
  /// A 1-D table per channel.
  case channels(ChannelLUT)

  /// The table sampled on a `size`^3 grid over 0...1: the table itself when it already is such
  /// a cube, so that conversions between formats of the same size are exact.
  public func cube(size: Int, interpolation: CubeInterpolation = .tetrahedral) -> ColorCube {
    switch self {
    case .cube(let cube)
    where cube.size == size && cube.domainMin == .zero && cube.domainMax == .one:
      return cube
    case .cube(let cube):
      let kernel = ColorCubeKernel(cube: cube, interpolation: interpolation)
      return ColorCube(size: size) { kernel.apply($0) }
    case .channels(let table):
      let kernel = ChannelLUTKernel(table: table)
      return ColorCube(size: size) { kernel.apply($0) }
    }
  }

  /// Whether the table maps every colour in its domain to itself (within `tolerance`).
  public func isIdentity(tolerance: Float = 1e-6) -> Bool {
    func close(_ values: [Float], to identity: (Int) -> Float) -> Bool {
      values.indices.allSatisfy { abs(values[$0] - identity($0)) <= tolerance }
    }
    switch self {
    case .cube(let cube):
      let n = cube.size
      let step = (cube.domainMax - cube.domainMin) / Float(n - 1)
      return close(cube.values) { i in
        let channel = i % 3
        let point = i / 3
        let index = channel == 0 ? point % n : channel == 1 ? point / n % n : point / (n * n)
        return cube.domainMin[channel] + Float(index) * step[channel]
      }
    case .channels(let table):
      let step = (table.domainMax - table.domainMin) / Float(table.size - 1)
      return close(table.values) { i in
        table.domainMin[i % 3] + Float(i / 3) * step[i % 3]
      }
    }
  }
}

extension Image {
  /// The image through `lut` (a look), mixed with the original by `intensity`.
  public func applying(
    _ lut: ColorLUT, interpolation: CubeInterpolation = .tetrahedral, intensity: Float = 1
  ) -> Image {
    switch lut {
    case .cube(let cube): applying(cube, interpolation: interpolation, intensity: intensity)
    case .channels(let table): applying(table, intensity: intensity)
    }
  }
}
