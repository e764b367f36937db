/* See library_loader.h. */
#include "library_loader.h"

#include <dlfcn.h>
#include <stdio.h>

void *lumen_open_library(const char *soname, char *error, size_t error_size) {
  void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) snprintf(error, error_size, "%s", dlerror());
  return library;
}

int lumen_resolve(void *library, const char *soname, const char *name, void **slot, char *error,
                  size_t error_size) {
  *slot = dlsym(library, name);
  if (*slot != NULL) return 1;
  snprintf(error, error_size, "%s lacks %s", soname, name);
  return 0;
}
