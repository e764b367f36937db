/* libheif opened on first use; see lumen_heif_loader.h. */
#include "lumen_heif_loader.h"

#include <pthread.h>

#include "library_loader.h"

/* libheif 1.x's shared object, as Debian installs it (libheif1). */
static const char soname[] = "libheif.so.1";

static lumen_heif_functions functions;
static const lumen_heif_functions *loaded;
static char load_error[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  void *library = lumen_open_library(soname, load_error, sizeof load_error);
  if (library == NULL) return;
#define LUMEN_HEIF_RESOLVE(name)                                                                 \
  if (!lumen_resolve(library, soname, "heif_" #name, (void **)&functions.name, load_error,       \
                     sizeof load_error))                                                         \
    return;
  LUMEN_HEIF_FUNCTIONS(LUMEN_HEIF_RESOLVE)
#undef LUMEN_HEIF_RESOLVE
  loaded = &functions;
}

const lumen_heif_functions *lumen_heif_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *lumen_heif_load_error(void) { return load_error; }
