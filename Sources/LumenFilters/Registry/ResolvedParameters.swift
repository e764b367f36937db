import LumenCore

/// A complete, checked set of parameter values for one filter: every declared parameter is
/// present with a value of its declared type inside its range. Filters read their values from
/// it with the typed accessors.
public struct ResolvedParameters: Hashable, Sendable {
  public let descriptor: FilterDescriptor
  public let values: ParameterValues

  /// True when the filter declares identity values and every one of them is held: the filter
  /// leaves the image unchanged (documents may omit it). Conservative: a sharpen with amount 0
  /// but a non-zero radius also does nothing, yet is not reported as identity.
  public var isIdentity: Bool {
    let neutral = descriptor.parameters.filter { $0.identityValue != nil }
    return !neutral.isEmpty && neutral.allSatisfy { values[$0.name] == $0.identityValue }
  }

  public func double(_ name: String) throws(FilterError) -> Double {
    guard case .number(let v) = try value(name) else {
      throw mismatch(name, "a number")
    }
    return v
  }

  public func float(_ name: String) throws(FilterError) -> Float { Float(try double(name)) }

  public func int(_ name: String) throws(FilterError) -> Int {
    let v = try double(name)
    guard let i = Int(exactly: v) else { throw mismatch(name, "a whole number") }
    return i
  }

  public func vector(_ name: String) throws(FilterError) -> [Double] {
    guard case .vector(let v) = try value(name) else {
      throw mismatch(name, "a vector")
    }
    return v
  }

  /// A 4-vector parameter as `SIMD4<Float>` (colour-matrix rows).
  public func vector4(_ name: String) throws(FilterError) -> SIMD4<Float> {
    let v = try vector(name)
    guard v.count == 4 else { throw mismatch(name, "4 numbers") }
    return SIMD4(Float(v[0]), Float(v[1]), Float(v[2]), Float(v[3]))
  }

  /// A colour parameter: sRGB-encoded components, straight alpha.
  public func color(_ name: String) throws(FilterError) -> RGBA {
    let v = try vector(name)
    guard v.count == 4 else { throw mismatch(name, "a colour") }
    return RGBA(red: Float(v[0]), green: Float(v[1]), blue: Float(v[2]), alpha: Float(v[3]))
  }

  public func string(_ name: String) throws(FilterError) -> String {
    guard case .text(let s) = try value(name) else { throw mismatch(name, "text") }
    return s
  }

  /// A choice parameter as an enum whose raw values are the choices.
  public func choice<T: RawRepresentable>(_ name: String, as type: T.Type = T.self)
    throws(FilterError) -> T where T.RawValue == String
  {
    let s = try string(name)
    guard let v = T(rawValue: s) else { throw mismatch(name, "one of the declared choices") }
    return v
  }

  public func bool(_ name: String) throws(FilterError) -> Bool {
    guard case .boolean(let b) = try value(name) else {
      throw mismatch(name, "true or false")
    }
    return b
  }

  private func value(_ name: String) throws(FilterError) -> ParameterValue {
    guard let v = values[name] else {
      throw .unknownParameter(
        filter: descriptor.name, parameter: name, known: descriptor.parameters.map(\.name))
    }
    return v
  }

  private func mismatch(_ name: String, _ expected: String) -> FilterError {
    .invalidValue(
      filter: descriptor.name, parameter: name, value: values[name]?.description ?? "",
      expected: expected)
  }
}

extension ParameterDescriptor {
  /// `value` checked against this parameter and converted to its canonical form: numbers for
  /// scalars and integers, 4 components for colours, the exact option string for choices.
  public func validated(_ value: ParameterValue, filter: String) throws(FilterError)
    -> ParameterValue
  {
    func invalid(_ expected: String) -> FilterError {
      .invalidValue(filter: filter, parameter: name, value: value.description, expected: expected)
    }
    func number(_ expected: String) throws(FilterError) -> Double {
      let n: Double? =
        switch value {
        case .number(let v): v
        case .text(let s): Double(s)
        case .vector(let v) where v.count == 1: v[0]
        default: nil
        }
      guard let n, n.isFinite else { throw invalid(expected) }
      return n
    }
    func numbers(_ count: Int?, _ expected: String) throws(FilterError) -> [Double] {
      let v: [Double]? =
        switch value {
        case .vector(let v): v
        case .number(let n): [n]
        case .text(let s):
          if case .vector(let v) = ParameterValue(parsing: s) { v } else { Double(s).map { [$0] } }
        case .boolean: nil
        }
      guard let v, v.allSatisfy(\.isFinite), count == nil || v.count == count else {
        throw invalid(expected)
      }
      return v
    }
    func inRange(_ v: Double, _ lo: Double, _ hi: Double) throws(FilterError) -> ParameterValue {
      guard v >= lo && v <= hi else {
        throw .outOfRange(filter: filter, parameter: name, value: v, min: lo, max: hi)
      }
      return .number(v)
    }

    switch kind {
    case .scalar(let lo, let hi, _, _):
      let range = "\(FilterError.format(lo))...\(FilterError.format(hi))"
      return try inRange(try number("a finite number in \(range)"), lo, hi)
    case .integer(let lo, let hi, _, _):
      let expected = "a whole number in \(lo)...\(hi)"
      let v = try number(expected)
      guard v == v.rounded() else { throw invalid(expected) }
      return try inRange(v, Double(lo), Double(hi))
    case .vector(let count, _, _):
      return .vector(try numbers(count, "\(count) finite numbers separated by commas"))
    case .color:
      let expected = "a colour: 3 or 4 numbers in 0...1 separated by commas, or #rrggbb[aa]"
      var c: [Double]
      if case .text(let s) = value, let hex = Self.hexColor(s) {
        c = hex
      } else {
        c = try numbers(nil, expected)
      }
      if c.count == 3 { c.append(1) }
      guard c.count == 4, c.allSatisfy({ $0 >= 0 && $0 <= 1 }) else { throw invalid(expected) }
      return .vector(c)
    case .choice(let options, _):
      let expected = "one of \(EchoedText.list(options))"
      guard case .text(let s) = value,
        let match = options.first(where: { $0.lowercased() == s.lowercased() })
      else { throw invalid(expected) }
      return .text(match)
    case .boolean:
      switch value {
      case .boolean(let b): return .boolean(b)
      case .number(let n) where n == 0 || n == 1: return .boolean(n == 1)
      case .text(let s) where ["true", "yes", "on", "1"].contains(s.lowercased()): return true
      case .text(let s) where ["false", "no", "off", "0"].contains(s.lowercased()): return false
      default: throw invalid("true or false")
      }
    }
  }

  /// `#rrggbb` or `#rrggbbaa` as 0...1 components.
  static func hexColor(_ s: String) -> [Double]? {
    guard s.hasPrefix("#"), s.count == 7 || s.count == 9 else { return nil }
    let digits = Array(s.dropFirst())
    var out: [Double] = []
    for i in stride(from: 0, to: digits.count, by: 2) {
      guard let byte = UInt8(String(digits[i...(i + 1)]), radix: 16) else { return nil }
      out.append(Double(byte) / 255)
    }
    return out
  }
}

extension FilterDescriptor {
  /// Checks one numeric value against the parameter's declared type and range: filters made
  /// in Swift with their memberwise initialisers call this in `apply(to:)` where a bad value
  /// could not otherwise be caught (a NaN angle, a negative blur radius).
  public func check(_ parameter: String, _ value: Double) throws(FilterError) {
    guard let p = self.parameter(named: parameter) else {
      throw .unknownParameter(filter: name, parameter: parameter, known: parameters.map(\.name))
    }
    _ = try p.validated(.number(value), filter: name)
  }
}
