import Foundation
import LumenAssets
import LumenCore
import LumenEdit
import LumenJobs

/// An edit document with named variables: one design, many personalised outputs (a story per
/// product, a certificate per name). The document is drawn over a photo, a video or a blank
/// canvas; each variable says where in the document its value goes (``TemplateVariable``).
///
///     {"formatIdentifier": "org.lumen.template", "formatVersion": 1,
///      "canvas": {"width": 1080, "height": 1920, "color": [0.1, 0.1, 0.15]},
///      "document": {"formatIdentifier": "org.lumen.edit", "formatVersion": 4, "layers": [...]},
///      "variables": [{"name": "title", "type": "text", "targets": ["layers.title.text"]}]}
///
/// Paths (the photo, the video, the document's layer images) are relative to the template's
/// file, and the document may read only inside its folder and the folders of the values.
public struct Template: Sendable {
  /// What the document is drawn over.
  public enum Base: Hashable, Sendable {
    case photo(String)
    case video(String)
    case canvas(Canvas)
  }

  public static let formatIdentifier = "org.lumen.template"
  public static let formatVersion = 1
  /// A template is a document and its variables: small.
  public static let maxSize = 4 << 20
  public static let maxVariables = 256

  /// The file the template was read from (absolute).
  public let file: URL
  public let base: Base
  public let document: EditDocument
  public let variables: [TemplateVariable]
  /// How photo and canvas outputs are encoded (the output's extension picks the format).
  public let encoding: PhotoEncoding
  /// What auto-fit measures texts with: fonts resolved as the document's render resolves them
  /// (inside the template's folder, installed families, assets), kept from job to job.
  let measuring: EditResources

  /// The template in `url`: a regular file of at most ``maxSize`` bytes whose every
  /// variable's targets exist in its document and whose defaults make a valid document.
  public init(contentsOf url: URL) throws(TemplateError) {
    let file = url.standardizedFileURL
    let data: Data
    do {
      data = try RegularFile.contents(of: file.path, limit: Self.maxSize)
    } catch {
      throw .invalid(file: file.path, path: "", problem: error.reason)
    }
    try self.init(json: data, file: file)
  }

  /// The template in `data`, read from `file` (its folder is where relative paths start).
  init(json data: Data, file: URL) throws(TemplateError) {
    let contents: Contents
    do {
      contents = try JSONDecoder().decode(Contents.self, from: data)
    } catch let error as DecodingError {
      let described = JobFile.describe(error, file: file.path)
      guard case .invalid(_, let path, let problem) = described else {
        throw .invalid(file: file.path, path: "", problem: "\(described)")
      }
      throw .invalid(file: file.path, path: path, problem: problem)
    } catch {
      throw .invalid(file: file.path, path: "", problem: "\(error)")
    }
    let folder = file.deletingLastPathComponent()
    self.file = file
    self.base =
      switch contents.base {
      case .photo(let path): .photo(JobPaths(folder: folder)(path))
      case .video(let path): .video(JobPaths(folder: folder)(path))
      case .canvas(let canvas): .canvas(canvas)
      }
    self.document = contents.document
    self.variables = contents.variables
    self.encoding = contents.encoding ?? PhotoEncoding()
    self.measuring = EditResources(ResourceResolver(base: folder))
    try check()
  }

  /// The variable named `name`.
  public func variable(named name: String) -> TemplateVariable? {
    variables.first { $0.name == name }
  }

  /// Every target resolves in the document, every name is unique and used, and the defaults
  /// give a valid document.
  private func check() throws(TemplateError) {
    var seen = Set<String>()
    let tree = DocumentTree(document)
    let text = String(decoding: document.jsonData(), as: UTF8.self)
    for (index, variable) in variables.enumerated() {
      let path = "variables[\(index)]"
      guard seen.insert(variable.name).inserted else {
        throw .invalid(
          file: file.path, path: "\(path).name", problem: "\(variable.name) is named twice")
      }
      let placeholder = variable.kind == .text && text.contains("{{\(variable.name)}}")
      guard !variable.targets.isEmpty || placeholder else {
        throw .invalid(
          file: file.path, path: "\(path).targets",
          problem: "\(variable.name) goes nowhere: give targets"
            + (variable.kind == .text ? " or write {{\(variable.name)}} in a text" : ""))
      }
      for (t, target) in variable.targets.enumerated() {
        do {
          try tree.check(target, for: variable)
        } catch {
          throw .invalid(file: file.path, path: "\(path).targets[\(t)]", problem: error.problem)
        }
      }
    }
    // The defaults (and a stand-in for each value without one) must make a document.
    var values: [String: TemplateValue] = [:]
    for variable in variables where variable.defaultValue == nil {
      values[variable.name] = variable.standIn(picture: file.path)
    }
    do {
      _ = try filledDocument(with: bound(values, relativeTo: file.deletingLastPathComponent()))
    } catch {
      throw .invalid(file: file.path, path: "", problem: "with its defaults: \(error.problem)")
    }
  }

  /// What the file holds, decoded strictly.
  private struct Contents: Decodable {
    var base: Base
    var document: EditDocument
    var variables: [TemplateVariable]
    var encoding: PhotoEncoding?

    private enum CodingKeys: String, CodingKey, CaseIterable {
      case formatIdentifier, formatVersion, photo, video, canvas, document, variables, encoding
    }

    init(from decoder: any Decoder) throws {
      try decoder.refuseUnknownKeys(besides: CodingKeys.self)
      let c = try decoder.container(keyedBy: CodingKeys.self)
      guard try c.decode(String.self, forKey: .formatIdentifier) == Template.formatIdentifier else {
        throw DecodingError.dataCorruptedError(
          forKey: .formatIdentifier, in: c,
          debugDescription: "expected \(Template.formatIdentifier)")
      }
      let version = try c.decodeWholeNumber(forKey: .formatVersion, in: 1...1_000_000)
      guard version == Template.formatVersion else {
        throw DecodingError.dataCorruptedError(
          forKey: .formatVersion, in: c,
          debugDescription: "this Lumen reads templates of version \(Template.formatVersion)")
      }
      let photo = try c.decodeIfPresent(String.self, forKey: .photo)
      let video = try c.decodeIfPresent(String.self, forKey: .video)
      let canvas = try c.decodeIfPresent(Canvas.self, forKey: .canvas)
      switch (photo, video, canvas) {
      case (let photo?, nil, nil): base = .photo(photo)
      case (nil, let video?, nil): base = .video(video)
      case (nil, nil, let canvas?): base = .canvas(canvas)
      default:
        throw DecodingError.dataCorruptedError(
          forKey: .canvas, in: c, debugDescription: "give one of photo, video or canvas")
      }
      document = try c.decode(EditDocument.self, forKey: .document)
      variables = try c.decodeIfPresent([TemplateVariable].self, forKey: .variables) ?? []
      guard variables.count <= Template.maxVariables else {
        throw DecodingError.dataCorruptedError(
          forKey: .variables, in: c, debugDescription: "at most \(Template.maxVariables) variables")
      }
      encoding = try c.decodeIfPresent(PhotoEncoding.self, forKey: .encoding)
    }
  }
}
