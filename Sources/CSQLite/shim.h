#include <sqlite3.h>

/* SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import: bound
 * text and blobs are copied by SQLite when this is passed. */
static inline void (*lumen_sqlite_transient(void))(void *) { return SQLITE_TRANSIENT; }
