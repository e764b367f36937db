import Foundation
import LumenCore
import Testing

@testable import LumenFilters

/// Numbers from outside (filter requests, `.cube` text, LUT layouts) at the edges of what
/// doubles and integers hold are refused with a message or used exactly, never converted
/// with a trap: every parameter of every built-in filter gets each of them.
@Suite struct BoundaryNumberTests {
  static let boundaries = [
    "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "-9223372036854775809", "18446744073709551616", "9007199254740993", "1e300", "-1e300",
    "1e-300", "-0", "nan", "NaN", "inf", "-infinity", "0x1p63", "1e", "",
  ]

  @Test(arguments: boundaries)
  func everyParameterTakesOrRefusesEveryBoundary(_ number: String) throws {
    let registry = FilterRegistry.standard
    let picture = Image(color: RGBA(gray: 0.5)).cropped(to: Rect(x: 0, y: 0, width: 4, height: 4))
    for descriptor in registry.descriptors {
      for parameter in descriptor.parameters {
        let request = "\(descriptor.name) \(parameter.name)=\(number)"
        do {
          let filter = try registry.makeFilter(parsing: request)
          _ = try? filter.apply(to: picture)
        } catch {
          #expect("\(error)".count < 400, "\(request): \(error)")
        }
      }
    }
  }

  @Test(arguments: boundaries)
  func cubeTextTakesOrRefusesEveryBoundary(_ number: String) {
    for text in [
      "LUT_3D_SIZE \(number)\n", "LUT_1D_SIZE \(number)\n",
      "LUT_1D_SIZE 2\n0 0 0\n\(number) 1 1\n", "DOMAIN_MIN \(number) 0 0\nLUT_1D_SIZE 2\n",
      "LUT_3D_INPUT_RANGE 0 \(number)\nLUT_1D_SIZE 2\n0 0 0\n1 1 1\n",
    ] {
      do {
        _ = try CubeFile(parsing: text, file: "b.cube")
      } catch {
        #expect("\(error)".hasPrefix("b.cube:line "), "\(text): \(error)")
      }
    }
  }

  @Test(arguments: boundaries)
  func layoutsTakeOrRefuseEveryBoundary(_ number: String) {
    for text in ["cube:\(number)", "hald:\(number)", "tiled:\(number)x64", "tiled:8x\(number)"] {
      #expect(throws: LUTError.self, "\(text)") { try LUTLayout(parsing: text) }
    }
  }
}
