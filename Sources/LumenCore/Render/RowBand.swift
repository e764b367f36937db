/// Consecutive output rows handed to a consumer (an encoder) while a render is still running.
/// The memory is valid only during the call that receives the band.
public struct RowBand {
  /// Index of the first row, counted from the top of the rendered rectangle.
  public let firstRow: Int
  public let rowCount: Int
  public let width: Int
  public let format: PixelFormat
  public let bytesPerRow: Int
  public let bytes: UnsafeRawBufferPointer

  /// The bytes of one row of the band (`index` counted from `firstRow`).
  public func row(_ index: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: bytes[(index * bytesPerRow)..<((index + 1) * bytesPerRow)])
  }
}

/// Something that receives a rendered image row band by row band, top to bottom: encoders
/// implement it so that a render streams into a file without holding the whole image.
public protocol RowSink: AnyObject {
  /// Called once before the first band.
  func begin(width: Int, height: Int, format: PixelFormat) throws
  func write(_ band: RowBand) throws
  /// Called once after the last band.
  func finish() throws
}
