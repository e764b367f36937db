import LumenCore

/// A non-destructive edit of one photo: every choice the user made, applied to the original
/// in a fixed order every time it is rendered, so the original is never modified and the
/// document plus the original reproduce the output exactly.
///
/// The develop stage's order (orientation, crop and straighten, magic, adjustments, look,
/// focus, vignette: ``operationDescriptors``) is the document's, not the user's: changing one
/// slider never reorders the others, as in the editors users know. The scene's ``layers``
/// follow, bottom to top, in the user's order. Geometry is normalised to the oriented
/// original and layers to the canvas, so one document fits a preview and the full image alike.
public struct EditDocument: Hashable, Sendable {
  /// Quarter turns and flips of the original (applied first).
  public var orientation = EditOrientation()
  /// The kept part of the oriented image and its straightening; nil keeps everything.
  public var crop: CropSettings?
  /// Automatic levels, contrast and white balance computed from the cropped original.
  public var magic = false
  public var adjustments = Adjustments()
  /// A look from the look library, by id, with its intensity.
  public var look: LookChoice?
  public var focus: FocusSettings?
  public var vignette: VignetteSettings?
  /// Image and shape layers over the developed photo, bottom to top, ids unique.
  public var layers: [Layer] = []
  /// Keyframe tracks for video: each replaces its parameter's static value at every instant
  /// of a clip (see ``resolved(at:clipDuration:)``). A track's parameter must belong to an
  /// operation or layer the document has. Stills ignore tracks and render the static values.
  public var animations: [EditParameter: KeyframeTrack] = [:]

  public init() {}

  /// True when rendering the document returns the original unchanged, at every instant of a
  /// clip too.
  public var isIdentity: Bool { self == EditDocument() }
}

/// Quarter turns (clockwise) and mirroring, applied before everything else.
public struct EditOrientation: Hashable, Sendable {
  /// 0...3 quarter turns clockwise.
  public var quarterTurns = 0
  public var flipsHorizontally = false
  public var flipsVertically = false

  public init(quarterTurns: Int = 0, flipsHorizontally: Bool = false, flipsVertically: Bool = false)
  {
    self.quarterTurns = quarterTurns
    self.flipsHorizontally = flipsHorizontally
    self.flipsVertically = flipsVertically
  }

  public var isIdentity: Bool { self == EditOrientation() }
}

/// The part of the oriented image to keep, as fractions of its width and height, and the
/// straightening angle.
public struct CropSettings: Hashable, Sendable {
  /// x, y, width, height in 0...1 of the oriented image.
  public var x = 0.0
  public var y = 0.0
  public var width = 1.0
  public var height = 1.0
  public var aspect = AspectRatio.free
  /// Whether an editor keeps the user from choosing another aspect (a forced crop); the
  /// aspect applies to the render either way.
  public var forcesAspect = false
  /// Degrees, -45...45; the image is zoomed so that no empty corner shows.
  public var straighten = 0.0

  public init(
    x: Double = 0, y: Double = 0, width: Double = 1, height: Double = 1,
    aspect: AspectRatio = .free, forcesAspect: Bool = false, straighten: Double = 0
  ) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.aspect = aspect
    self.forcesAspect = forcesAspect
    self.straighten = straighten
  }
}

/// A crop's aspect ratio preset.
public enum AspectRatio: Hashable, Sendable {
  case free
  /// width : height, both positive.
  case ratio(width: Double, height: Double)

  public static let square = AspectRatio.ratio(width: 1, height: 1)
  public static let fourThree = AspectRatio.ratio(width: 4, height: 3)
  public static let threeFour = AspectRatio.ratio(width: 3, height: 4)
  public static let sixteenNine = AspectRatio.ratio(width: 16, height: 9)
  public static let nineSixteen = AspectRatio.ratio(width: 9, height: 16)
}

/// The adjustment sliders, each at its identity value by default (PhotoEditor SDK names and
/// ranges: -1...1, gamma 0.5...2, shadows -2...2).
public struct Adjustments: Hashable, Sendable {
  public var brightness = 0.0
  public var contrast = 0.0
  public var saturation = 0.0
  public var exposure = 0.0
  public var gamma = 1.0
  public var highlights = 0.0
  public var shadows = 0.0
  public var blacks = 0.0
  public var whites = 0.0
  public var clarity = 0.0
  public var temperature = 0.0
  public var tint = 0.0
  public var vibrance = 0.0
  public var sharpness = 0.0

  public init() {}
}

/// A look from the library and how strongly it applies.
public struct LookChoice: Hashable, Sendable {
  /// A library id (`noir`) or a LUT file relative to the document (`grades/warm.cube`).
  public var id: String
  /// The layout of a LUT image (`tiled8x8`, `hald`); nil for library ids and `.cube` files.
  public var layout: String?
  /// 0...1; 0 is the original, 1 the full look.
  public var intensity: Double

  public init(id: String, intensity: Double = 1, layout: String? = nil) {
    self.id = id
    self.intensity = intensity
    self.layout = layout
  }
}

/// Selective focus: sharp where the user points, blurred elsewhere.
public struct FocusSettings: Hashable, Sendable {
  public enum Mode: String, Hashable, Sendable, CaseIterable {
    case radial, linear, mirrored, gaussian
  }
  public var mode: Mode
  /// Centre of the sharp area, normalised to the cropped image.
  public var x = 0.5
  public var y = 0.5
  /// Size of the sharp area as a fraction of the image's shorter side.
  public var size = 0.3
  /// Width of the transition as a fraction of the shorter side.
  public var fade = 0.2
  /// Blur in the unfocused area, as a fraction of the shorter side (sigma).
  public var blur = 0.02
  /// Degrees, for the linear and mirrored modes.
  public var angle = 0.0

  public init(mode: Mode) { self.mode = mode }
}

public struct VignetteSettings: Hashable, Sendable {
  /// -1...1: positive darkens the corners, negative lightens them.
  public var intensity = 0.5
  /// Where the effect starts, as a fraction of the half-diagonal.
  public var radius = 0.5
  /// Width of the transition, as a fraction of the half-diagonal.
  public var falloff = 0.5

  public init(intensity: Double = 0.5, radius: Double = 0.5, falloff: Double = 0.5) {
    self.intensity = intensity
    self.radius = radius
    self.falloff = falloff
  }
}
