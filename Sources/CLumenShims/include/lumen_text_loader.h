/*
 * HarfBuzz, FriBidi, fontconfig and libunibreak, loaded on first use instead of at start-up.
 *
 * HarfBuzz brings GLib and graphite2, fontconfig expat, whose loading costs every process
 * milliseconds, while most commands draw no text. Lumen does not link them; the first text
 * shaped opens them with dlopen and takes the functions below. Only their headers are needed
 * to build (Debian's libharfbuzz-dev, libfribidi-dev, libfontconfig-dev, libunibreak-dev).
 */
#ifndef LUMEN_TEXT_LOADER_H
#define LUMEN_TEXT_LOADER_H

#include <fontconfig/fontconfig.h>
#include <fribidi/fribidi.h>
#include <harfbuzz/hb.h>
#include <linebreak.h>

/* The HarfBuzz functions Lumen calls, without their `hb_` prefix. */
#define LUMEN_HARFBUZZ_FUNCTIONS(X)                                                              \
  X(blob_create)                                                                                 \
  X(blob_destroy)                                                                                \
  X(face_count)                                                                                  \
  X(face_create)                                                                                 \
  X(face_destroy)                                                                                \
  X(face_get_glyph_count)                                                                        \
  X(face_get_upem)                                                                               \
  X(font_create)                                                                                 \
  X(font_make_immutable)                                                                         \
  X(font_destroy)                                                                                \
  X(font_get_nominal_glyph)                                                                      \
  X(buffer_create)                                                                               \
  X(buffer_destroy)                                                                              \
  X(buffer_add_utf32)                                                                            \
  X(buffer_set_direction)                                                                        \
  X(buffer_set_script)                                                                           \
  X(buffer_set_language)                                                                         \
  X(buffer_guess_segment_properties)                                                             \
  X(buffer_get_glyph_infos)                                                                      \
  X(buffer_get_glyph_positions)                                                                  \
  X(shape)                                                                                       \
  X(language_from_string)                                                                        \
  X(script_from_string)                                                                          \
  X(script_to_iso15924_tag)                                                                      \
  X(unicode_funcs_get_default)                                                                   \
  X(unicode_general_category)                                                                    \
  X(unicode_script)

/* The FriBidi functions Lumen calls, without their `fribidi_` prefix. */
#define LUMEN_FRIBIDI_FUNCTIONS(X)                                                               \
  X(get_bidi_types)                                                                              \
  X(get_bracket_types)                                                                           \
  X(get_par_embedding_levels_ex)

/* The fontconfig functions Lumen calls, without their `Fc` prefix. */
#define LUMEN_FONTCONFIG_FUNCTIONS(X)                                                            \
  X(NameParse)                                                                                   \
  X(ConfigSubstitute)                                                                            \
  X(DefaultSubstitute)                                                                           \
  X(FontMatch)                                                                                   \
  X(PatternGetString)                                                                            \
  X(PatternGetInteger)                                                                           \
  X(PatternGetCharSet)                                                                           \
  X(CharSetHasChar)                                                                              \
  X(PatternDestroy)

/* The libunibreak functions Lumen calls (UAX #14 line breaking), by their full names. */
#define LUMEN_UNIBREAK_FUNCTIONS(X)                                                              \
  X(init_linebreak)                                                                              \
  X(set_linebreaks_utf32)

typedef struct lumen_harfbuzz_functions {
#define LUMEN_TEXT_POINTER(name) __typeof__(hb_##name) *_Nonnull name;
  LUMEN_HARFBUZZ_FUNCTIONS(LUMEN_TEXT_POINTER)
#undef LUMEN_TEXT_POINTER
} lumen_harfbuzz_functions;

typedef struct lumen_fribidi_functions {
#define LUMEN_TEXT_POINTER(name) __typeof__(fribidi_##name) *_Nonnull name;
  LUMEN_FRIBIDI_FUNCTIONS(LUMEN_TEXT_POINTER)
#undef LUMEN_TEXT_POINTER
} lumen_fribidi_functions;

typedef struct lumen_fontconfig_functions {
#define LUMEN_TEXT_POINTER(name) __typeof__(Fc##name) *_Nonnull name;
  LUMEN_FONTCONFIG_FUNCTIONS(LUMEN_TEXT_POINTER)
#undef LUMEN_TEXT_POINTER
} lumen_fontconfig_functions;

typedef struct lumen_unibreak_functions {
#define LUMEN_TEXT_POINTER(name) __typeof__(name) *_Nonnull name;
  LUMEN_UNIBREAK_FUNCTIONS(LUMEN_TEXT_POINTER)
#undef LUMEN_TEXT_POINTER
} lumen_unibreak_functions;

typedef struct lumen_text_libraries {
  lumen_harfbuzz_functions harfbuzz;
  lumen_fribidi_functions fribidi;
  lumen_fontconfig_functions fontconfig;
  lumen_unibreak_functions unibreak;
} lumen_text_libraries;

/* The libraries' functions, loaded by the first call (from any thread); NULL when one cannot
 * be loaded, and then lumen_text_load_error() says why. */
const lumen_text_libraries *_Nullable lumen_text_load(void);
const char *_Nonnull lumen_text_load_error(void);

#endif
