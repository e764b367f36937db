extension EditDocument {
  /// The document with each image layer's source replaced by `transform`'s answer: a service
  /// that lets documents name its uploads (`upload:ID`) hands them to a tool that reads
  /// files this way.
  public func mappingImageSources(_ transform: (String) throws -> String) rethrows
    -> EditDocument
  {
    var mapped = self
    for index in mapped.layers.indices {
      guard var image = mapped.layers[index].content as? ImageContent else { continue }
      image.source = try transform(image.source)
      mapped.layers[index].content = image
    }
    return mapped
  }
}
