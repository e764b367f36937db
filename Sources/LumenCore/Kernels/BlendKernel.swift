/// A kernel that combines two images pixel by pixel (a foreground over a background).
/// Blends see premultiplied colour in the encoding they declare.
public protocol BlendKernel: Sendable {
  var transfer: Transfer { get }

  /// True when a transparent foreground pixel leaves the background pixel as it is: the
  /// renderer then computes and blends the foreground only over its extent (a sticker on a
  /// 24 MP photo costs its own pixels, not the photo's).
  var clearForegroundKeepsBackground: Bool { get }

  /// True when the blend is source-over at full opacity, exactly as ``PixelSpan/lay(_:_:_:_:over:)``
  /// computes it: the foreground may then draw itself straight over the background
  /// (``Plan/draw(over:in:pool:)``) instead of into a tile of its own.
  var laysSourceOver: Bool { get }

  /// Writes the blend of `foreground` and `background` into `background`.
  func blend(_ foreground: PixelSpan, into background: PixelSpan)
}

extension BlendKernel {
  public var transfer: Transfer { .linear }
  public var clearForegroundKeepsBackground: Bool { false }
  public var laysSourceOver: Bool { false }
}

/// Porter-Duff "destination out": the background stays only where the foreground is not (a
/// shape with text cut out of it).
public struct DestinationOut: BlendKernel {
  public init() {}

  public var clearForegroundKeepsBackground: Bool { true }

  public func blend(_ f: PixelSpan, into b: PixelSpan) {
    for i in 0..<f.count {
      let k = 1 - f.alpha[i]
      b.red[i] *= k
      b.green[i] *= k
      b.blue[i] *= k
      b.alpha[i] *= k
    }
  }
}

/// Porter-Duff "source over": the foreground covers the background by its alpha.
public struct SourceOver: BlendKernel {
  public init() {}

  public var clearForegroundKeepsBackground: Bool { true }

  public func blend(_ f: PixelSpan, into b: PixelSpan) {
    for i in 0..<f.count {
      let k = 1 - f.alpha[i]
      b.red[i] = f.red[i] + b.red[i] * k
      b.green[i] = f.green[i] + b.green[i] * k
      b.blue[i] = f.blue[i] + b.blue[i] * k
      b.alpha[i] = f.alpha[i] + b.alpha[i] * k
    }
  }
}
