import CLCMS2
import Foundation
import LumenCore

/// An ICC colour profile opened with lcms2.
final class ColorProfile {
  let handle: cmsHPROFILE

  private init(handle: cmsHPROFILE) {
    self.handle = handle
  }

  deinit { cmsCloseProfile(handle) }

  /// Opens ICC profile bytes; nil when lcms2 cannot parse them.
  convenience init?(iccData: Data) {
    let opened = iccData.withUnsafeBytes { bytes in
      cmsOpenProfileFromMem(bytes.baseAddress, cmsUInt32Number(clamping: bytes.count))
    }
    guard let opened else { return nil }
    self.init(handle: opened)
  }

  static func sRGB() -> ColorProfile {
    // lcms2 builds sRGB from constants; only memory exhaustion could fail here.
    guard let handle = cmsCreate_sRGBProfile() else { preconditionFailure("lcms2 out of memory") }
    return ColorProfile(handle: handle)
  }

  /// A matrix/shaper RGB profile from CIE xy chromaticities and one tone curve for all channels,
  /// as HEIF `nclx` colour descriptions and test fixtures need.
  convenience init?(
    white: (Double, Double), red: (Double, Double), green: (Double, Double),
    blue: (Double, Double), transfer: ToneCurve
  ) {
    var whitePoint = cmsCIExyY(x: white.0, y: white.1, Y: 1)
    var primaries = cmsCIExyYTRIPLE(
      Red: cmsCIExyY(x: red.0, y: red.1, Y: 1), Green: cmsCIExyY(x: green.0, y: green.1, Y: 1),
      Blue: cmsCIExyY(x: blue.0, y: blue.1, Y: 1))
    let curve: OpaquePointer? =
      switch transfer {
      case .sRGB:
        // IEC 61966-2-1: Y = ((X + 0.055) / 1.055)^2.4 above 0.04045, X / 12.92 below.
        [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045].withUnsafeBufferPointer {
          cmsBuildParametricToneCurve(nil, 4, $0.baseAddress)
        }
      case .gamma(let gamma): cmsBuildGamma(nil, gamma)
      }
    guard let curve else { return nil }
    defer { cmsFreeToneCurve(curve) }
    var curves: [OpaquePointer?] = [curve, curve, curve]
    guard let handle = cmsCreateRGBProfile(&whitePoint, &primaries, &curves) else { return nil }
    self.init(handle: handle)
  }

  enum ToneCurve {
    case sRGB
    case gamma(Double)
  }

  var isRGB: Bool { cmsGetColorSpace(handle) == cmsSigRgbData }

  /// Whether converting from this profile to sRGB moves no colour by half an 8-bit level or more
  /// (probed on a 5x5x5 grid). Such profiles, mostly sRGB profiles from other vendors, are
  /// treated as sRGB so that an sRGB-tagged file decodes losslessly, 16-bit samples included.
  var isEquivalentToSRGB: Bool {
    guard isRGB, let transform = ColorTransform(from: self, to: .sRGB(), layout: .rgb16) else {
      return false
    }
    let levels: [UInt16] = [0, 16384, 32768, 49152, 65535]
    var probes = levels.flatMap { r in levels.flatMap { g in levels.flatMap { b in [r, g, b] } } }
    let original = probes
    probes.withUnsafeMutableBytes { transform.apply($0) }
    return zip(probes, original).allSatisfy { abs(Int($0) - Int($1)) < 65535 / 255 / 2 }
  }

  /// The profile's description tag, such as "Display P3".
  var description: String? {
    let size = cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", nil, 0)
    guard size > 1 else { return nil }
    var text = [CChar](repeating: 0, count: Int(size))
    cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", &text, size)
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The profile serialised as ICC bytes.
  ///
  /// lcms2 stamps profiles it creates with the current time; the creation date (header bytes
  /// 24..<36) is set to a fixed 2026-01-01 instead, so that the same render always gives the
  /// same file.
  var iccData: Data? {
    var size: cmsUInt32Number = 0
    guard cmsSaveProfileToMem(handle, nil, &size) != 0, size > 36 else { return nil }
    var data = Data(count: Int(size))
    let saved = data.withUnsafeMutableBytes { cmsSaveProfileToMem(handle, $0.baseAddress, &size) }
    guard saved != 0 else { return nil }
    let fixedDate: [UInt8] = [0x07, 0xEA, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0]
    data.replaceSubrange(24..<36, with: fixedDate)
    return data
  }

  /// lcms2's compact sRGB profile (about 3 kB), embedded in outputs by default.
  static let sRGBData: Data = {
    guard let data = sRGB().iccData else { preconditionFailure("lcms2 cannot serialise sRGB") }
    return data
  }()
}

extension ColorProfile {
  /// Opens the ICC profile embedded in an image file, refusing one lcms2 cannot parse with
  /// lcms2's reason (the caller's ``CodecError`` names the file).
  static func embedded(_ data: Data) throws(CodecError.Problem) -> ColorProfile {
    guard let profile = ColorProfile(iccData: data) else {
      throw .invalidProfile(ProfileDiagnosis.reason(for: data, layout: nil))
    }
    return profile
  }

  /// The transform of `layout` pixels from an embedded profile to sRGB; nil when there is
  /// nothing to convert (no profile, a grey one, or one equivalent to sRGB). A profile that
  /// cannot be parsed or converted is refused with the reason.
  static func transformToSRGB(embedded data: Data?, layout: PixelFormat)
    throws(CodecError.Problem) -> ColorTransform?
  {
    guard let data else { return nil }
    let source = try embedded(data)
    guard source.isRGB, !source.isEquivalentToSRGB else { return nil }
    guard let transform = ColorTransform(from: source, to: .sRGB(), layout: layout) else {
      throw .invalidProfile(ProfileDiagnosis.reason(for: data, layout: layout))
    }
    return transform
  }
}

/// Asks lcms2 why it refuses a profile: repeats the failed open (and transform) in a private
/// lcms2 context whose error handler keeps the first message. Only failures pay for this.
private enum ProfileDiagnosis {
  /// The first message lcms2 logs in a context.
  final class Log {
    var first: String?
  }

  /// At most this many characters of lcms2's message go into an error line.
  static let maximumLength = 160

  static func reason(for data: Data, layout: PixelFormat?) -> String {
    let headerSize = 128
    if data.count < headerSize {
      return "\(data.count) bytes, shorter than an ICC header (\(headerSize) bytes)"
    }
    let log = Log()
    withExtendedLifetime(log) {
      guard let context = cmsCreateContext(nil, Unmanaged.passUnretained(log).toOpaque()) else {
        return
      }
      defer { cmsDeleteContext(context) }
      cmsSetLogErrorHandlerTHR(context) { context, _, text in
        guard let user = cmsGetContextUserData(context), let text else { return }
        let log = Unmanaged<Log>.fromOpaque(user).takeUnretainedValue()
        if log.first == nil { log.first = String(cString: text) }
      }
      let profile = data.withUnsafeBytes {
        cmsOpenProfileFromMemTHR(context, $0.baseAddress, cmsUInt32Number(clamping: $0.count))
      }
      guard let profile else { return }
      defer { cmsCloseProfile(profile) }
      guard let layout, let type = ColorTransform.lcmsType(of: layout),
        let sRGB = cmsCreate_sRGBProfileTHR(context)
      else { return }
      defer { cmsCloseProfile(sRGB) }
      let transform = cmsCreateTransformTHR(
        context, profile, type, sRGB, type, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), 0)
      if let transform { cmsDeleteTransform(transform) }
    }
    guard let message = log.first?.trimmingCharacters(in: .whitespacesAndNewlines),
      !message.isEmpty
    else {
      return layout == nil ? "lcms2 cannot parse it" : "lcms2 cannot convert it to sRGB"
    }
    return String(message.prefix(maximumLength))
  }
}

/// An lcms2 transform between two profiles for one pixel layout, applied in place.
///
/// The intent is relative colorimetric: in-gamut colours keep their measured values and
/// out-of-gamut ones clip, which is what photo editors do for matrix profiles such as
/// Display P3 and Adobe RGB (their perceptual intent is the same transform anyway).
final class ColorTransform: @unchecked Sendable {
  private let handle: cmsHTRANSFORM
  private let bytesPerPixel: Int

  /// Nil when lcms2 cannot link the profiles (such as an RGB layout with a CMYK profile).
  init?(from source: ColorProfile, to destination: ColorProfile, layout: PixelFormat) {
    guard let type = Self.lcmsType(of: layout),
      let handle = cmsCreateTransform(
        source.handle, type, destination.handle, type,
        cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(cmsFLAGS_COPY_ALPHA))
    else { return nil }
    self.handle = handle
    self.bytesPerPixel = layout.bytesPerPixel
  }

  deinit { cmsDeleteTransform(handle) }

  /// lcms2's pixel type for 8- or 16-bit RGB(A); nil for float samples.
  static func lcmsType(of layout: PixelFormat) -> cmsUInt32Number? {
    switch (layout.hasAlpha, layout.sample) {
    case (_, .float32): nil
    case (false, .uint8): lumen_cms_type_rgb_8()
    case (true, .uint8): lumen_cms_type_rgba_8()
    case (false, _): lumen_cms_type_rgb_16()
    case (true, _): lumen_cms_type_rgba_16()
    }
  }

  /// Transforms whole pixels of `pixels` in place.
  func apply(_ pixels: UnsafeMutableRawBufferPointer) {
    guard let base = pixels.baseAddress else { return }
    cmsDoTransform(handle, base, base, cmsUInt32Number(pixels.count / bytesPerPixel))
  }
}
