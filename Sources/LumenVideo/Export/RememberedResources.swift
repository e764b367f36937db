import Foundation
import LumenCore
import LumenEdit

extension EditResources {
  /// The same resources, each look and overlay image loaded once and then reused: an export
  /// applies the document to every frame, and a look baked from a recipe or read from a
  /// .cube file costs milliseconds each time.
  func remembering() -> EditResources {
    let memo = ResourceMemo()
    let (look, image) = (self.look, self.image)
    return EditResources(
      look: { id in try memo.value(for: id, in: \.looks) { try look(id) } },
      image: { path in try memo.value(for: path, in: \.images) { try image(path) } })
  }
}

/// Loaded resources by name, shared by the threads that apply a document.
private final class ResourceMemo: @unchecked Sendable {
  // Guarded by `lock`; loading happens outside it (a slow load blocks no other name).
  private let lock = NSLock()
  var looks: [String: ColorCube] = [:]
  var images: [String: Image] = [:]

  func value<Value>(
    for name: String, in table: ReferenceWritableKeyPath<ResourceMemo, [String: Value]>,
    load: () throws -> Value
  ) throws -> Value {
    if let known = lock.withLock({ self[keyPath: table][name] }) { return known }
    let loaded = try load()
    lock.withLock { self[keyPath: table][name] = loaded }
    return loaded
  }
}
