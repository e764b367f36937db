/* HarfBuzz, FriBidi, fontconfig and libunibreak opened on first use; see lumen_text_loader.h. */
#include "lumen_text_loader.h"

#include <pthread.h>

#include "library_loader.h"

/* The shared objects as Debian installs them (libharfbuzz0b, libfribidi0, libfontconfig1,
 * libunibreak1). */
static const char harfbuzz_soname[] = "libharfbuzz.so.0";
static const char fribidi_soname[] = "libfribidi.so.0";
static const char fontconfig_soname[] = "libfontconfig.so.1";
static const char unibreak_soname[] = "libunibreak.so.1";

static lumen_text_libraries libraries;
static const lumen_text_libraries *loaded;
static char load_error[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  void *harfbuzz = lumen_open_library(harfbuzz_soname, load_error, sizeof load_error);
  if (harfbuzz == NULL) return;
  void *fribidi = lumen_open_library(fribidi_soname, load_error, sizeof load_error);
  if (fribidi == NULL) return;
  void *fontconfig = lumen_open_library(fontconfig_soname, load_error, sizeof load_error);
  if (fontconfig == NULL) return;
  void *unibreak = lumen_open_library(unibreak_soname, load_error, sizeof load_error);
  if (unibreak == NULL) return;
#define LUMEN_TEXT_RESOLVE(library, soname, prefix, field, name)                                 \
  if (!lumen_resolve(library, soname, prefix #name, (void **)&libraries.field.name, load_error,  \
                     sizeof load_error))                                                         \
    return;
#define LUMEN_HARFBUZZ_RESOLVE(name)                                                             \
  LUMEN_TEXT_RESOLVE(harfbuzz, harfbuzz_soname, "hb_", harfbuzz, name)
#define LUMEN_FRIBIDI_RESOLVE(name)                                                              \
  LUMEN_TEXT_RESOLVE(fribidi, fribidi_soname, "fribidi_", fribidi, name)
#define LUMEN_FONTCONFIG_RESOLVE(name)                                                           \
  LUMEN_TEXT_RESOLVE(fontconfig, fontconfig_soname, "Fc", fontconfig, name)
  LUMEN_HARFBUZZ_FUNCTIONS(LUMEN_HARFBUZZ_RESOLVE)
  LUMEN_FRIBIDI_FUNCTIONS(LUMEN_FRIBIDI_RESOLVE)
#define LUMEN_UNIBREAK_RESOLVE(name)                                                             \
  LUMEN_TEXT_RESOLVE(unibreak, unibreak_soname, "", unibreak, name)
  LUMEN_FONTCONFIG_FUNCTIONS(LUMEN_FONTCONFIG_RESOLVE)
  LUMEN_UNIBREAK_FUNCTIONS(LUMEN_UNIBREAK_RESOLVE)
  /* libunibreak 1.x builds its tables once before use. */
  libraries.unibreak.init_linebreak();
#undef LUMEN_UNIBREAK_RESOLVE
#undef LUMEN_HARFBUZZ_RESOLVE
#undef LUMEN_FRIBIDI_RESOLVE
#undef LUMEN_FONTCONFIG_RESOLVE
#undef LUMEN_TEXT_RESOLVE
  loaded = &libraries;
}

const lumen_text_libraries *lumen_text_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *lumen_text_load_error(void) { return load_error; }
