import LumenCore

/// Anything that turns an image into another image: the lightest way to write a custom filter.
///
/// Conform a type to this when it only needs to run from Swift; conform to ``Filter`` when it
/// should also be listed, created by name from text or documents and described to user
/// interfaces. Both return a lazy ``Image`` recipe: nothing is computed until a ``Renderer``
/// renders it, and chains of colour filters fuse into one pass over the pixels.
public protocol ImageFilter: Sendable {
  /// The filtered image. Throws ``FilterError`` when the parameters do not fit the image (a
  /// crop outside it) or are out of range.
  func apply(to image: Image) throws -> Image
}

/// A filter that can be registered in a ``FilterRegistry``: it has a stable name, a folder and
/// parameter metadata, and can be created from loosely typed values (a command line, a saved
/// document, an HTTP request) that it validates against its descriptor.
///
/// The Swift counterpart of subclassing `CIFilter`: declare ``descriptor``, read the resolved
/// values in ``init(_:)``, build the output in ``apply(to:)`` from kernels or other filters.
/// Filters without parameters conform to ``ParameterlessFilter`` and need no initialiser.
///
/// The built-in filters also have memberwise initialisers for Swift callers
/// (`Contrast(amount: 1.2)`). Those do not validate: colour filters extrapolate outside their
/// documented ranges, while filters whose arithmetic could fail (blur sizes, angles, crops)
/// check their values in `apply(to:)` and throw ``FilterError``.
public protocol Filter: ImageFilter {
  static var descriptor: FilterDescriptor { get }

  /// A filter from `values`; call `values.resolved(for: Self.descriptor)` to check them (unknown
  /// names, types, ranges, NaN) and fill in defaults before reading them.
  init(_ values: ParameterValues) throws(FilterError)
}

extension Filter {
  /// The type's descriptor, reachable from an existential `any Filter`.
  public var descriptor: FilterDescriptor { Self.descriptor }
}

/// A ``Filter`` without parameters: the descriptor's parameter list is empty and `init()`
/// (implicit for a struct without stored properties) is all it needs.
public protocol ParameterlessFilter: Filter {
  init()
}

extension ParameterlessFilter {
  /// Rejects any value (the filter has no parameters), then calls `init()`.
  public init(_ values: ParameterValues) throws(FilterError) {
    _ = try values.resolved(for: Self.descriptor)
    self.init()
  }
}

extension Image {
  /// The image passed through `filter`.
  public func filtered(by filter: some ImageFilter) throws -> Image {
    try filter.apply(to: self)
  }

  /// The image passed through `filters` in order.
  public func filtered(by filters: [any ImageFilter]) throws -> Image {
    try filters.reduce(self) { image, filter in try filter.apply(to: image) }
  }
}
