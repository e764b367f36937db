import Foundation
import LumenEdit
import Testing

@Suite struct EditDocumentTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  func document(_ json: String) throws(EditDocumentError) -> EditDocument {
    try EditDocument(json: Data(json.utf8))
  }

  func wrap(_ operations: String, version: Int = 2) -> String {
    #"{"formatIdentifier": "org.lumen.edit", "formatVersion": \#(version), "operations": \#(operations)}"#
  }

  @Test func identityDocumentRoundTripsAndWritesNoOperations() throws {
    let json = EditDocument().jsonData()
    let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
    #expect((object?["operations"] as? [String: Any])?.isEmpty == true)
    #expect(try EditDocument(json: json).isIdentity)
  }

  @Test func everyOperationRoundTrips() throws {
    var d = EditDocument()
    d.orientation = EditOrientation(quarterTurns: 3, flipsVertically: true)
    d.crop = CropSettings(
      x: 0.1, y: 0.2, width: 0.5, height: 0.4, aspect: .sixteenNine, forcesAspect: true,
      straighten: 12.5)
    d.magic = true
    d.adjustments.contrast = 0.3
    d.adjustments.gamma = 1.4
    d.adjustments.shadows = -1.5
    d.look = LookChoice(id: "chrome", intensity: 0.6)
    var focus = FocusSettings(mode: .mirrored)
    focus.angle = 30
    d.focus = focus
    d.vignette = VignetteSettings(intensity: -0.4)
    d.layers = [
      Layer(
        id: "paper", content: ImageContent(source: "paper.png"), opacity: 0.3, blendMode: .softLight
      )
    ]
    let again = try EditDocument(json: d.jsonData())
    #expect(again == d)
    #expect(again.jsonData() == d.jsonData())
  }

  @Test func versionOneMigratesForward() throws {
    let d = try EditDocument(
      json: Data(contentsOf: Self.fixtures.appendingPathComponent("version1.json")))
    #expect(d.orientation == EditOrientation(quarterTurns: 3, flipsHorizontally: true))
    #expect(d.crop?.aspect == .fourThree && d.crop?.straighten == -3.5)
    #expect(
      d.adjustments.contrast == 0.25 && d.adjustments.gamma == 1.2 && d.adjustments.shadows == -1.5)
    #expect(d.look == LookChoice(id: "noir", intensity: 0.75))
    // Written forward as version 4, the only version this build writes.
    let written = try JSONSerialization.jsonObject(with: d.jsonData()) as? [String: Any]
    #expect(written?["formatVersion"] as? Int == 4)
  }

  @Test func unknownIdentifiersAndNewerVersionsCannotBeHandled() {
    #expect(throws: EditDocumentError.self) {
      try document(#"{"formatIdentifier": "com.other", "formatVersion": 1}"#)
    }
    do {
      _ = try document(wrap("{}", version: 99))
      Issue.record("a newer version was accepted")
    } catch {
      guard case .cannotHandle(let reason) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(reason.contains("99"))
    }
  }

  @Test(arguments: [
    (#"{"adjustments": {"contrast": 1.5}}"#, "operations.adjustments.contrast"),
    (#"{"adjustments": {"contrast": "high"}}"#, "operations.adjustments.contrast"),
    (#"{"adjustments": {"clarity": 0.1, "glow": 1}}"#, "operations.adjustments.glow"),
    (#"{"sparkle": {}}"#, "operations.sparkle"),
    (#"{"crop": {"x": 0.5, "width": 0.8}}"#, "operations.crop"),
    (#"{"crop": {"aspect": "4:0"}}"#, "operations.crop.aspect"),
    (#"{"crop": {"straighten": 60}}"#, "operations.crop.straighten"),
    (#"{"orientation": {"quarterTurns": 1.5}}"#, "operations.orientation.quarterTurns"),
    (#"{"look": {"intensity": 0.5}}"#, "operations.look.id"),
    (#"{"focus": {"mode": "tilt"}}"#, "operations.focus.mode"),
    // A version 2 overlay is read as the layer it migrates to.
    (#"{"overlay": {"image": "a.png", "blendMode": "glow"}}"#, "layers[0].blendMode"),
    (#"{"overlay": {"image": "a.png", "size": 2}}"#, "operations.overlay.size"),
    (#"{"magic": 1}"#, "operations.magic"),
  ])
  func malformedValuesNameTheirPath(_ operations: String, _ path: String) {
    do {
      _ = try document(wrap(operations))
      Issue.record("accepted \(operations)")
    } catch {
      guard case .invalid(let location, _) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(location == path, "\(error)")
    }
  }

  @Test func notJSONIsAnError() {
    #expect(throws: EditDocumentError.self) { try document("{\"formatIdentifier\": ") }
    #expect(throws: EditDocumentError.self) { try document("[1, 2]") }
  }
}

@Suite struct EditHistoryTests {
  @Test func undoRedoAndReset() {
    var history = EditHistory()
    history.edit { $0.adjustments.contrast = 0.2 }
    history.edit { $0.magic = true }
    #expect(history.current.magic && history.canUndo)
    history.undo()
    #expect(!history.current.magic && history.current.adjustments.contrast == 0.2)
    history.redo()
    #expect(history.current.magic && !history.canRedo)
    history.undo()
    history.edit { $0.adjustments.saturation = 0.5 }
    #expect(!history.canRedo)
    history.reset()
    #expect(history.current.isIdentity)
    history.undo()
    #expect(history.current.adjustments.saturation == 0.5)
  }

  @Test func historyIsBoundedAndIgnoresNoOps() {
    var history = EditHistory(limit: 3)
    for i in 1...10 { history.edit { $0.adjustments.contrast = Double(i) / 10 } }
    history.edit { _ in }
    var steps = 0
    while history.canUndo {
      history.undo()
      steps += 1
    }
    #expect(steps == 3)
    #expect(history.current.adjustments.contrast == 0.7)
  }
}

@Suite struct FuzzRegressionTests {
  /// Inputs the fuzzer once crashed on (kept in fuzz/corpus/edit-document).
  @Test func hugeAspectRatiosAreRefused() {
    let json =
      #"{"formatIdentifier": "org.lumen.edit", "formatVersion": 2, "operations": {"crop": {"aspect": "5555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555555516:9"}}}"#
    #expect(throws: EditDocumentError.self) { try EditDocument(json: Data(json.utf8)) }
  }
}

extension FuzzRegressionTests {
  @Test func migratedValuesRoundTripAndLooseAspectsAreRefused() throws {
    let v1 =
      #"{"formatIdentifier": "org.lumen.edit", "formatVersion": 1, "operations": {"adjustments": {"contrast": 25, "gamma": 120, "shadows": -1.8}}}"#
    let migrated = try EditDocument(json: Data(v1.utf8))
    #expect(try EditDocument(json: migrated.jsonData()) == migrated)
    let loose =
      #"{"formatIdentifier": "org.lumen.edit", "formatVersion": 2, "operations": {"crop": {"aspect": "4:32:"}}}"#
    #expect(throws: EditDocumentError.self) { try EditDocument(json: Data(loose.utf8)) }
  }
}

extension FuzzRegressionTests {
  @Test func numbersWithManyDigitsRoundTripExactly() throws {
    let json =
      #"{"formatIdentifier": "org.lumen.edit", "formatVersion": 2, "operations": {"adjustments": {"exposure": 0.76666666666666666666666666, "gamma": 1.0000000000000002}}}"#
    let document = try EditDocument(json: Data(json.utf8))
    #expect(try EditDocument(json: document.jsonData()) == document)
    #expect(document.jsonData() == (try EditDocument(json: document.jsonData())).jsonData())
  }
}
