import CLumenShims

/// Splits a paragraph into runs of one bidirectional level, one script and one font: the Unicode
/// bidirectional algorithm (FriBidi, base direction from the first strong character) gives the
/// levels, HarfBuzz's Unicode tables the scripts. Common and inherited characters (spaces,
/// digits, punctuation, combining marks, emoji) belong to the script around them.
enum TextItemizer {
  /// `fonts` holds each scalar's font (``FontSet/fontIndices(for:)``); nil: one font.
  static func runs(_ scalars: [UInt32], libraries: lumen_text_libraries, fonts: [Int]? = nil)
    -> [TextRun]
  {
    guard !scalars.isEmpty else { return [] }
    let levels = bidiLevels(scalars, fribidi: libraries.fribidi)
    let scripts = resolvedScripts(scalars, harfbuzz: libraries.harfbuzz)
    let fonts = fonts ?? [Int](repeating: 0, count: scalars.count)
    var runs: [TextRun] = []
    var start = 0
    for index in 1...scalars.count {
      if index == scalars.count || levels[index] != levels[start]
        || scripts[index] != scripts[start] || fonts[index] != fonts[start]
      {
        runs.append(
          TextRun(
            start: start, end: index, level: levels[start],
            script: tag(scripts[start], harfbuzz: libraries.harfbuzz), font: fonts[start]))
        start = index
      }
    }
    return runs
  }

  /// The embedding level of every character.
  static func bidiLevels(_ scalars: [UInt32], fribidi: lumen_fribidi_functions) -> [Int] {
    let count = FriBidiStrIndex(clamping: scalars.count)
    var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
    var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
    var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
    var direction = FRIBIDI_PAR_ON
    scalars.withUnsafeBufferPointer { text in
      fribidi.get_bidi_types(text.baseAddress, count, &types)
      fribidi.get_bracket_types(text.baseAddress, count, types, &brackets)
      // Returns 0 only when out of memory; every level then stays 0 (left to right).
      _ = fribidi.get_par_embedding_levels_ex(types, brackets, count, &direction, &levels)
    }
    return levels.map { Int($0) }
  }

  /// Every character's script, common and inherited ones resolved to their neighbours'.
  static func resolvedScripts(_ scalars: [UInt32], harfbuzz hb: lumen_harfbuzz_functions)
    -> [hb_script_t]
  {
    let functions = hb.unicode_funcs_get_default()
    let own = scalars.map { hb.unicode_script(functions, $0) }
    func isReal(_ script: hb_script_t) -> Bool {
      script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN
    }
    // Leading common characters take the first real script; the rest the one before them.
    var current = own.first(where: isReal) ?? HB_SCRIPT_COMMON
    return own.map { script in
      if isReal(script) { current = script }
      return current
    }
  }

  /// The ISO 15924 tag of `script` (`Latn`).
  static func tag(_ script: hb_script_t, harfbuzz hb: lumen_harfbuzz_functions) -> String {
    let value = hb.script_to_iso15924_tag(script)
    let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
