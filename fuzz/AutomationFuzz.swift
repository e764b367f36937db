import Foundation

@testable import LumenAutomation

/// libFuzzer entry for what automation reads from outside: templates, batch lines and Redis
/// URLs with shards. The first byte picks which; any bytes either read or are refused with an
/// error of one line, and what reads is used as a batch or a worker would use it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAutomation(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let bytes = Data(bytes: data + 1, count: size - 1)
  switch data[0] % 3 {
  case 0: checkTemplate(bytes)
  case 1: checkLine(bytes)
  default: checkURL(bytes)
  }
  return 0
}

private let folder = URL(fileURLWithPath: "/fuzz/templates")

private func checkTemplate(_ bytes: Data) {
  let template: Template
  do {
    template = try Template(json: bytes, file: folder.appendingPathComponent("t.json"))
  } catch {
    return expectReadable(error)
  }
  // Every variable takes its stand-in, and values given as words are checked, not trusted.
  for variable in template.variables {
    _ = try? template.values(parsing: [
      "\(variable.name)=\(String(decoding: bytes.prefix(40), as: UTF8.self))"
    ])
  }
}

private func checkLine(_ bytes: Data) {
  let line = BatchLine(number: 1, index: 0, text: bytes)
  do {
    let named = try line.withOutput(in: folder)
    expect(named.output.hasPrefix("/"), "an output that is not absolute: \(named.output)")
    expect(!named.line.contains("\n"), "a named line on several lines")
    _ = try line.job(relativeTo: folder, outputFolder: folder, templates: TemplateCache())
  } catch {
    expectReadable(error)
  }
}

private func checkURL(_ bytes: Data) {
  let text = String(decoding: bytes, as: UTF8.self)
  if let shard = Shard(parsing: text) {
    expect((0..<shard.count).contains(shard.index), "a shard outside its count: \(shard)")
  }
  do {
    let url = try RedisURL(parsing: text)
    expect((1...65_535).contains(url.port), "a port out of range: \(url.port)")
    expect(!url.host.isEmpty, "an empty host")
  } catch {
    expectReadable(error)
  }
}
