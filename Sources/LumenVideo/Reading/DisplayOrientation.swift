import CFFmpeg
import Foundation
import LumenCore

extension Orientation {
  /// How to turn a stream's stored pictures upright, from its display matrix (the `tkhd`
  /// matrix of MP4/MOV, the projection of Matroska), decided exactly as the `ffmpeg` program's
  /// autorotation decides: quarter turns, with the mirrorings a flipped matrix adds. Angles
  /// that are not quarter turns round to the nearest one (no movie format Lumen reads stores
  /// those in practice, and an upright picture must stay a rectangle of whole pixels).
  init(displayMatrix m: UnsafePointer<Int32>) {
    // FFmpeg's angle is counter-clockwise; the display turns the other way.
    var degrees = -av_display_rotation_get(m).rounded()
    if !degrees.isFinite { degrees = 0 }
    degrees -= 360 * (degrees / 360 + 0.9 / 360).rounded(.down)
    switch Int((degrees / 90).rounded()) % 4 {
    case 1: self = m[3] > 0 ? .leftMirrored : .right
    case 2:
      switch (m[0] < 0, m[4] < 0) {
      case (true, true): self = .down
      case (true, false): self = .upMirrored
      case (false, true): self = .downMirrored
      case (false, false): self = .up
      }
    case 3: self = m[3] < 0 ? .rightMirrored : .left
    default: self = m[4] < 0 ? .downMirrored : .up
    }
  }

  /// The clockwise turn, in degrees, from the stored picture to the upright one; a mirrored
  /// orientation turns first and then mirrors left to right (for reports like
  /// `lumen video info`).
  public var rotationDegrees: Int {
    switch self {
    case .up, .upMirrored: 0
    case .right, .leftMirrored: 90
    case .down, .downMirrored: 180
    case .left, .rightMirrored: 270
    }
  }

  /// True for the orientations that mirror the picture.
  public var isMirrored: Bool {
    switch self {
    case .upMirrored, .downMirrored, .leftMirrored, .rightMirrored: true
    case .up, .down, .left, .right: false
    }
  }
}
