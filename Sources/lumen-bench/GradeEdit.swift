import Foundation
import LumenEdit
import LumenFilters

/// The edit the memory and per-frame benchmarks apply: contrast, saturation and the look in
/// the `.cube` file at `cube` (a remembered colour chain), with resources that know only it.
func gradeEdit(cube: String) throws -> (document: EditDocument, resources: EditResources) {
  var document = EditDocument()
  document.adjustments.contrast = 0.15
  document.adjustments.saturation = 0.2
  document.look = LookChoice(id: "grade", intensity: 1)
  let look = try LookLibrary.readCube(URL(fileURLWithPath: cube))
  let resources = EditResources(
    look: { _ in look }, image: { _ in throw CocoaError(.fileNoSuchFile) })
  return (document, resources)
}
