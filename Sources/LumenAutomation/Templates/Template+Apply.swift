import Foundation
import LumenAssets
import LumenEdit
import LumenJobs

extension Template {
  /// Values from `NAME=VALUE` words (`lumen template apply --set`); a picture's path may be
  /// written `@face.jpg`, and relative paths are read against `folder` later.
  public func values(parsing assignments: [String]) throws(TemplateError) -> [String: TemplateValue]
  {
    var raw: [String: JSONScalar] = [:]
    for assignment in assignments {
      guard let equals = assignment.firstIndex(of: "=") else {
        throw .value(assignment, "expected NAME=VALUE")
      }
      raw[String(assignment[..<equals])] = .string(
        String(assignment[assignment.index(after: equals)...]))
    }
    return try values(from: raw)
  }

  /// Values from JSON (a batch line's `values`): each checked against its variable.
  public func values(from raw: [String: JSONScalar]) throws(TemplateError) -> [String:
    TemplateValue]
  {
    var values: [String: TemplateValue] = [:]
    for (name, scalar) in raw {
      guard let variable = variable(named: name) else {
        throw .unknownVariable(name, known: variables.map(\.name))
      }
      values[name] = try variable.value(from: scalar)
    }
    return values
  }

  /// Every variable's value: the given one or its default; a variable with neither is an error.
  func bound(_ given: [String: TemplateValue], relativeTo folder: URL) throws(TemplateError)
    -> [String: TemplateValue]
  {
    var bound: [String: TemplateValue] = [:]
    for variable in variables {
      guard let value = given[variable.name] ?? variable.defaultValue else {
        throw .value(
          variable.name, "missing (this variable has no default: give --set \(variable.name)=...)")
      }
      if case .image(let path) = value, !path.hasPrefix(AssetReference.prefix) {
        let absolute = JobPaths(folder: folder)(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder),
          !isFolder.boolValue
        else { throw .value(variable.name, "\(absolute): no such file") }
        bound[variable.name] = .image(absolute)
      } else {
        bound[variable.name] = value
      }
    }
    return bound
  }

  /// The document with every value in place; texts marked auto-fit are shrunk into their boxes
  /// (measured with `resources`).
  func filledDocument(with values: [String: TemplateValue], resources: EditResources? = nil)
    throws(TemplateError) -> EditDocument
  {
    var tree = DocumentTree(document)
    for variable in variables {
      guard let value = values[variable.name] else { continue }
      if case .text(let text) = value { tree.replace(placeholder: variable.name, with: text) }
      for target in variable.targets {
        if case .image(let path) = value {
          tree.place(picture: path, fit: variable.fit ?? "fill", at: target)
        } else {
          tree.set(value.documentValue, at: target)
        }
      }
    }
    var filled: EditDocument
    do {
      filled = try tree.document()
    } catch {
      throw .invalid(file: file.path, path: "", problem: "the filled document: \(error)")
    }
    guard let resources else { return filled }
    for variable in variables where variable.autoFit {
      for id in fittedLayers(of: variable) {
        try AutoFit(minimumSize: variable.minimumSize ?? AutoFit.smallestSize).fit(
          layer: id, in: &filled, resources: resources, variable: variable.name)
      }
    }
    return filled
  }

  /// The text layers an auto-fit variable fills: its targets, and those writing `{{name}}`.
  private func fittedLayers(of variable: TemplateVariable) -> [String] {
    document.layers.compactMap { layer in
      guard let text = layer.content as? TextContent else { return nil }
      let targeted = variable.targets.contains("layers.\(layer.id).text")
      return targeted || text.text.contains("{{\(variable.name)}}") ? layer.id : nil
    }
  }

  /// The job that renders the template with `given` into `output`: a photo or canvas render,
  /// or a video export (as the JSON `lumen-video` reads). Pictures' relative paths are read
  /// against `folder`; the document may read the template's folder and those pictures' folders.
  public func job(
    values given: [String: TemplateValue], relativeTo folder: URL, output: String,
    encoding: PhotoEncoding? = nil, overwrite: Bool = false
  ) throws(TemplateError) -> RunnableJob {
    let values = try bound(given, relativeTo: folder)
    let templateFolder = file.deletingLastPathComponent().path
    var roots = [templateFolder]
    for case .image(let path) in values.values where !path.hasPrefix(AssetReference.prefix) {
      let pictureFolder = URL(fileURLWithPath: path).deletingLastPathComponent().path
      if !roots.contains(pictureFolder) { roots.append(pictureFolder) }
    }
    let document = try filledDocument(with: values, resources: measuring)
    switch base {
    case .photo, .canvas:
      var input: String?
      var canvas: Canvas?
      switch base {
      case .photo(let path): input = path
      case .canvas(let blank): canvas = blank
      case .video: break
      }
      return .photo(
        RenderJob(
          input: input, canvas: canvas, document: document, documentFile: file.path,
          output: output, resourceFolder: templateFolder, allowedRoots: roots,
          encoding: encoding ?? self.encoding, overwrite: overwrite))
    case .video(let path):
      let job: [String: Any] = [
        "clips": [["path": path]],
        "document": document.jsonObject(),
        "output": output, "resourceFolder": templateFolder, "allowedRoots": roots,
        "overwrite": overwrite,
      ]
      let data =
        (try? JSONSerialization.data(
          withJSONObject: job, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
      return .video(VideoJobLine(json: data, output: output))
    }
  }
}
