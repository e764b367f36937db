/// Undo and redo over snapshots of an ``EditDocument``. Snapshots are cheap because a
/// document is a small value; the history keeps at most `limit` steps back.
public struct EditHistory: Sendable {
  public private(set) var current: EditDocument
  private var past: [EditDocument] = []
  private var future: [EditDocument] = []
  public let limit: Int

  public init(_ document: EditDocument = EditDocument(), limit: Int = 100) {
    self.current = document
    self.limit = max(1, limit)
  }

  public var canUndo: Bool { !past.isEmpty }
  public var canRedo: Bool { !future.isEmpty }

  /// Records `document` as the new current state (ignored when nothing changed); clears redo.
  public mutating func commit(_ document: EditDocument) {
    guard document != current else { return }
    past.append(current)
    if past.count > limit { past.removeFirst(past.count - limit) }
    future.removeAll()
    current = document
  }

  /// Applies `change` to the current document and records the result.
  public mutating func edit(_ change: (inout EditDocument) -> Void) {
    var next = current
    change(&next)
    commit(next)
  }

  public mutating func undo() {
    guard let previous = past.popLast() else { return }
    future.append(current)
    current = previous
  }

  public mutating func redo() {
    guard let next = future.popLast() else { return }
    past.append(current)
    current = next
  }

  /// Back to the identity document, as one undoable step.
  public mutating func reset() { commit(EditDocument()) }
}
