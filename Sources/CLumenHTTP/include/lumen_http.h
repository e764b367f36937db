#ifndef LUMEN_HTTP_H
#define LUMEN_HTTP_H

#include <stddef.h>
#include <stdint.h>

/* A small HTTP/1.1 server over libmicrohttpd: a pool of threads polling with epoll, each
 * request's body gathered (up to a limit) and handed whole to one handler, which answers
 * at once or later from any thread; meanwhile the connection is suspended, so a request
 * waiting for a render holds no thread of the pool.
 *
 * libmicrohttpd's setup is variadic and its callbacks see raw buffers: both stay here. */

typedef struct lumen_http_server lumen_http_server;
typedef struct lumen_http_exchange lumen_http_exchange;

/* Called once per request, on a thread of the pool, when its body has arrived (or grown past
 * the limit: lumen_http_body_too_large). The handler answers with lumen_http_respond, now or
 * later, exactly once. */
typedef void (*lumen_http_handler)(void *context, lumen_http_exchange *exchange);

typedef struct {
  const char *address; /* an IPv4 or IPv6 address to listen on */
  uint16_t port;       /* 0: any free port (lumen_http_port tells which) */
  unsigned threads;
  size_t max_body;          /* larger bodies are refused with 413 (unread if far larger) */
  unsigned idle_seconds;    /* a connection silent this long is closed */
  unsigned request_seconds; /* a request whose body takes longer to arrive is dropped */
  unsigned max_connections; /* more are refused */
} lumen_http_settings;

/* Starts serving; NULL with the reason in `error` when it cannot. */
lumen_http_server *lumen_http_start(const lumen_http_settings *settings,
                                    lumen_http_handler handler, void *context, char *error,
                                    size_t error_size);

/* The port the server listens on. */
uint16_t lumen_http_port(const lumen_http_server *server);

/* Stops accepting connections, waits up to `seconds` for the requests in progress to be
 * answered, then closes everything and frees the server. */
void lumen_http_stop(lumen_http_server *server, unsigned seconds);

/* What was asked. The strings live as long as the exchange (until it is answered). */
const char *lumen_http_method(const lumen_http_exchange *exchange);
const char *lumen_http_path(const lumen_http_exchange *exchange);
/* A header's value (case-insensitive name), or NULL. */
const char *lumen_http_header(const lumen_http_exchange *exchange, const char *name);
/* A query argument's value (decoded), or NULL; "" for a key without a value. */
const char *lumen_http_query(const lumen_http_exchange *exchange, const char *name);
/* The query arguments' keys, NUL-separated, in order, into `keys` (truncated to `size`);
 * returns the bytes needed. */
size_t lumen_http_query_keys(const lumen_http_exchange *exchange, char *keys, size_t size);
const unsigned char *lumen_http_body(const lumen_http_exchange *exchange, size_t *size);
int lumen_http_body_too_large(const lumen_http_exchange *exchange);

/* A streamed body's producer: writes up to `size` bytes into `buffer` and returns how many,
 * or -1 at the end, or 0 when it has nothing yet: the connection then sleeps (holding no
 * thread) until lumen_http_wake(`stream`). Called on the pool's threads, never waiting.
 * `release` is called once when the stream is done with (finished, the client gone or the
 * server stopping); `stream` must not be used after it. */
typedef struct lumen_http_stream lumen_http_stream;
typedef long (*lumen_http_producer)(void *context, lumen_http_stream *stream, char *buffer,
                                    size_t size);
typedef void (*lumen_http_release)(void *context);

/* Wakes a stream whose producer has something again (or has ended). */
void lumen_http_wake(lumen_http_stream *stream);

/* Answers with `status`, `headers` ("Name: value" lines separated by "\n") and `size` bytes
 * of `body` (copied). After this the exchange must not be used. */
void lumen_http_respond(lumen_http_exchange *exchange, unsigned status, const char *headers,
                        const void *body, size_t size);

/* Answers with a body of unknown length that `producer` writes as it comes (server-sent
 * events). */
void lumen_http_respond_stream(lumen_http_exchange *exchange, unsigned status,
                               const char *headers, lumen_http_producer producer,
                               lumen_http_release release, void *context);

#endif
