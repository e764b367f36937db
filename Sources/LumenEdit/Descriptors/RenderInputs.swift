import LumenCore

/// What an operation may use besides its settings and the image below it: the document's
/// resources, the context its analyses render in, and a magic analysis made earlier (a
/// session's or a clip's), so that one source is analysed once.
public struct RenderInputs: Sendable {
  public var resources: EditResources
  public var context: RenderContext
  public var magic: MagicAnalysis?

  public init(
    resources: EditResources = EditResources(), context: RenderContext = RenderContext(),
    magic: MagicAnalysis? = nil
  ) {
    self.resources = resources
    self.context = context
    self.magic = magic
  }
}
