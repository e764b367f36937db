/* libheif opened on first use; see lumen_heif_loader.h. */
#include "lumen_heif_loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* libheif 1.x's shared object, as Debian installs it (libheif1). */
static const char library_name[] = "libheif.so.1";

static lumen_heif_functions functions;
static const lumen_heif_functions *loaded;
static char load_error[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf(load_error, sizeof load_error, "%s", dlerror());
    return;
  }
  /* POSIX returns functions from dlsym as data pointers: stored through a void pointer. */
#define LUMEN_HEIF_RESOLVE(name)                                                                 \
  *(void **)&functions.name = dlsym(library, "heif_" #name);                                     \
  if (*(void **)&functions.name == NULL) {                                                       \
    snprintf(load_error, sizeof load_error, "%s lacks heif_%s", library_name, #name);             \
    return;                                                                                      \
  }
  LUMEN_HEIF_FUNCTIONS(LUMEN_HEIF_RESOLVE)
#undef LUMEN_HEIF_RESOLVE
  loaded = &functions;
}

const lumen_heif_functions *lumen_heif_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *lumen_heif_load_error(void) { return load_error; }
