/* Opening shared libraries on first use: what the loaders of libheif and of the text
 * libraries share (heif_loader.c, text_loader.c). */
#ifndef LUMEN_LIBRARY_LOADER_H
#define LUMEN_LIBRARY_LOADER_H

#include <stddef.h>

/* `soname` opened with dlopen, or NULL with the reason in `error`. */
void *lumen_open_library(const char *soname, char *error, size_t error_size);

/* Stores `name`'s address from `library` in `*slot` (a function pointer seen as data, as
 * POSIX's dlsym returns it); 0 with the reason in `error` when the library lacks it. */
int lumen_resolve(void *library, const char *soname, const char *name, void **slot, char *error,
                  size_t error_size);

#endif
