#define _GNU_SOURCE
#include "lumen_http.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>

struct lumen_http_server {
  struct MHD_Daemon *daemon;
  /* Streams, so that a stopping server can wake those asleep (a suspended connection must
   * be resumed before the daemon stops). */
  pthread_mutex_t streams_lock;
  lumen_http_stream *streams;
  int stopping;
  lumen_http_handler handler;
  void *context;
  size_t max_body;
  unsigned request_seconds;
  /* Requests handed to the handler and not yet answered. */
  atomic_long in_progress;
};

struct lumen_http_stream {
  lumen_http_server *server;
  struct MHD_Connection *connection;
  lumen_http_producer producer;
  lumen_http_release release;
  void *context;
  /* Guarded by the server's streams_lock. */
  int asleep, woken;
  lumen_http_stream *previous, *next;
};

static void wake_locked(lumen_http_stream *s);

/* Where an exchange stands: the handler may answer before the connection is suspended. */
enum { waiting, suspended, answered };

struct lumen_http_exchange {
  lumen_http_server *server;
  struct MHD_Connection *connection;
  const char *method;
  const char *path;
  unsigned char *body;
  size_t size, capacity;
  int too_large, handed;
  /* When the headers arrived (CLOCK_MONOTONIC seconds): the body has request_seconds. */
  time_t started;
  pthread_mutex_t lock;
  int state;
  /* Held by the connection until it completes and by the handler until it answers: a client
   * may go while its request is being answered, and the answer must not land in freed
   * memory. The connection's end is `closed`. */
  atomic_int references;
  int closed;
  struct MHD_Response *response;
  unsigned status;
};

static time_t monotonic_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec;
}

static struct MHD_Response *response_with_headers(struct MHD_Response *response,
                                                  const char *headers) {
  if (response == NULL || headers == NULL) return response;
  const char *line = headers;
  while (*line != 0) {
    const char *end = strchr(line, '\n');
    size_t length = end != NULL ? (size_t)(end - line) : strlen(line);
    const char *colon = memchr(line, ':', length);
    if (colon != NULL) {
      char name[256], value[4096];
      size_t name_length = (size_t)(colon - line);
      const char *start = colon + 1;
      while (start < line + length && *start == ' ') start++;
      size_t value_length = (size_t)(line + length - start);
      if (name_length < sizeof name && value_length < sizeof value) {
        memcpy(name, line, name_length);
        name[name_length] = 0;
        memcpy(value, start, value_length);
        value[value_length] = 0;
        MHD_add_response_header(response, name, value);
      }
    }
    line += length + (end != NULL ? 1 : 0);
  }
  return response;
}

/* Queues the exchange's response (on the connection's thread). */
static enum MHD_Result queue(lumen_http_exchange *exchange) {
  enum MHD_Result result =
      MHD_queue_response(exchange->connection, exchange->status, exchange->response);
  MHD_destroy_response(exchange->response);
  exchange->response = NULL;
  return result;
}

static void release_exchange(lumen_http_exchange *exchange) {
  if (atomic_fetch_sub(&exchange->references, 1) != 1) return;
  if (exchange->response != NULL) MHD_destroy_response(exchange->response);
  pthread_mutex_destroy(&exchange->lock);
  free(exchange->body);
  free(exchange);
}

/* Stores the answer and wakes the connection if it sleeps. */
static void answer(lumen_http_exchange *exchange, unsigned status, struct MHD_Response *response) {
  if (response == NULL) {
    status = 500;
    response = MHD_create_response_from_buffer(0, "", MHD_RESPMEM_PERSISTENT);
  }
  /* Once the lock is released the connection may send the answer and free the exchange. */
  lumen_http_server *server = exchange->server;
  pthread_mutex_lock(&exchange->lock);
  if (exchange->closed) {
    /* The connection has gone: nobody to send it to. */
    MHD_destroy_response(response);
  } else {
    exchange->status = status;
    exchange->response = response;
    int was = exchange->state;
    exchange->state = answered;
    if (was == suspended) MHD_resume_connection(exchange->connection);
  }
  pthread_mutex_unlock(&exchange->lock);
  atomic_fetch_sub(&server->in_progress, 1);
  release_exchange(exchange);
}

static enum MHD_Result refuse(struct MHD_Connection *connection, unsigned status,
                              const char *message) {
  struct MHD_Response *response =
      MHD_create_response_from_buffer(strlen(message), (void *)message, MHD_RESPMEM_PERSISTENT);
  if (response == NULL) return MHD_NO;
  MHD_add_response_header(response, "Content-Type", "application/problem+json");
  enum MHD_Result result = MHD_queue_response(connection, status, response);
  MHD_destroy_response(response);
  return result;
}

static const char body_too_large[] =
    "{\"type\":\"about:blank\",\"title\":\"Payload Too Large\",\"status\":413,"
    "\"detail\":\"the request's body is larger than the server accepts\"}";

/* A body declared over the limit by at most this much is read and dropped before its 413:
 * a client still sending when the connection closed would meet a reset instead of the
 * answer (libcurl stops waiting for "100 Continue" after a second and sends anyway). A claim
 * beyond it is refused at once, unread. */
static const unsigned long long drained_excess = 8ull << 20;

static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection,
                                      const char *url, const char *method, const char *version,
                                      const char *upload_data, size_t *upload_data_size,
                                      void **request_state) {
  (void)version;
  lumen_http_server *server = cls;
  lumen_http_exchange *exchange = *request_state;
  if (exchange == NULL) {
    /* Headers only so far: a declared body far over the limit is refused before it is read,
     * one a little over it is read and dropped (drained_excess). */
    const char *declared =
        MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    int over = 0;
    if (declared != NULL) {
      errno = 0;
      char *end = NULL;
      unsigned long long length = strtoull(declared, &end, 10);
      if (errno != 0 || end == declared ||
          (length > server->max_body && length - server->max_body > drained_excess))
        return refuse(connection, 413, body_too_large);
      over = length > server->max_body;
    }
    exchange = calloc(1, sizeof *exchange);
    if (exchange == NULL) return MHD_NO;
    exchange->too_large = over;
    exchange->server = server;
    exchange->connection = connection;
    exchange->method = method;
    exchange->path = url;
    exchange->started = monotonic_seconds();
    pthread_mutex_init(&exchange->lock, NULL);
    atomic_init(&exchange->references, 1);
    *request_state = exchange;
    return MHD_YES;
  }
  if (*upload_data_size > 0) {
    /* A body trickling in (each piece within the idle timeout) still has an end. */
    if (monotonic_seconds() - exchange->started > (time_t)server->request_seconds) return MHD_NO;
    size_t more = *upload_data_size;
    *upload_data_size = 0;
    if (exchange->too_large || more > server->max_body - exchange->size) {
      exchange->too_large = 1;
      return MHD_YES;
    }
    if (exchange->size + more > exchange->capacity) {
      size_t capacity = exchange->capacity > 0 ? exchange->capacity : 64 << 10;
      while (capacity < exchange->size + more) capacity *= 2;
      if (capacity > server->max_body) capacity = server->max_body;
      unsigned char *grown = realloc(exchange->body, capacity);
      if (grown == NULL) return MHD_NO;
      exchange->body = grown;
      exchange->capacity = capacity;
    }
    memcpy(exchange->body + exchange->size, upload_data, more);
    exchange->size += more;
    return MHD_YES;
  }
  if (!exchange->handed) {
    exchange->handed = 1;
    atomic_fetch_add(&server->in_progress, 1);
    atomic_fetch_add(&exchange->references, 1);
    server->handler(server->context, exchange);
    pthread_mutex_lock(&exchange->lock);
    if (exchange->state == waiting) {
      exchange->state = suspended;
      MHD_suspend_connection(connection);
      pthread_mutex_unlock(&exchange->lock);
      return MHD_YES;
    }
    pthread_mutex_unlock(&exchange->lock);
  }
  /* Answered (at once, or resumed after). */
  if (exchange->response == NULL) return MHD_YES;
  return queue(exchange);
}

static void completed(void *cls, struct MHD_Connection *connection, void **request_state,
                      enum MHD_RequestTerminationCode code) {
  (void)cls;
  (void)connection;
  (void)code;
  lumen_http_exchange *exchange = *request_state;
  if (exchange == NULL) return;
  *request_state = NULL;
  pthread_mutex_lock(&exchange->lock);
  exchange->closed = 1;
  pthread_mutex_unlock(&exchange->lock);
  release_exchange(exchange);
}

lumen_http_server *lumen_http_start(const lumen_http_settings *settings,
                                    lumen_http_handler handler, void *context, char *error,
                                    size_t error_size) {
  struct sockaddr_storage address;
  memset(&address, 0, sizeof address);
  struct sockaddr_in *v4 = (struct sockaddr_in *)&address;
  struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&address;
  unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME;
  if (inet_pton(AF_INET, settings->address, &v4->sin_addr) == 1) {
    v4->sin_family = AF_INET;
    v4->sin_port = htons(settings->port);
  } else if (inet_pton(AF_INET6, settings->address, &v6->sin6_addr) == 1) {
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons(settings->port);
    flags |= MHD_USE_IPv6;
  } else {
    snprintf(error, error_size, "%s is not an IPv4 or IPv6 address", settings->address);
    return NULL;
  }
  lumen_http_server *server = calloc(1, sizeof *server);
  if (server == NULL) {
    snprintf(error, error_size, "out of memory");
    return NULL;
  }
  server->handler = handler;
  server->context = context;
  server->max_body = settings->max_body;
  server->request_seconds = settings->request_seconds;
  atomic_init(&server->in_progress, 0);
  pthread_mutex_init(&server->streams_lock, NULL);
  errno = 0;
  server->daemon = MHD_start_daemon(
      flags, settings->port, NULL, NULL, access_handler, server, MHD_OPTION_SOCK_ADDR,
      (struct sockaddr *)&address, MHD_OPTION_THREAD_POOL_SIZE,
      (unsigned int)(settings->threads > 0 ? settings->threads : 1),
      MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)settings->idle_seconds,
      MHD_OPTION_CONNECTION_LIMIT, (unsigned int)settings->max_connections,
      MHD_OPTION_NOTIFY_COMPLETED, completed, NULL, MHD_OPTION_END);
  if (server->daemon == NULL) {
    int reason = errno;
    snprintf(error, error_size, "cannot listen on %s port %u%s%s", settings->address,
             (unsigned)settings->port, reason != 0 ? ": " : "",
             reason != 0 ? strerror(reason) : "");
    free(server);
    return NULL;
  }
  return server;
}

uint16_t lumen_http_port(const lumen_http_server *server) {
  const union MHD_DaemonInfo *info =
      MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info != NULL ? info->port : 0;
}

void lumen_http_stop(lumen_http_server *server, unsigned seconds) {
  MHD_socket listening = MHD_quiesce_daemon(server->daemon);
  if (listening != MHD_INVALID_SOCKET) close(listening);
  /* Requests still being answered (a render) finish, up to the grace period. */
  struct timespec pause = {0, 10 * 1000 * 1000};
  for (unsigned waited = 0; atomic_load(&server->in_progress) > 0 && waited < seconds * 100;
       waited++)
    nanosleep(&pause, NULL);
  /* Streams end: those asleep are woken to find the server stopping. */
  pthread_mutex_lock(&server->streams_lock);
  server->stopping = 1;
  for (lumen_http_stream *s = server->streams; s != NULL; s = s->next) wake_locked(s);
  pthread_mutex_unlock(&server->streams_lock);
  for (unsigned waited = 0; waited < 100; waited++) {
    pthread_mutex_lock(&server->streams_lock);
    int open = server->streams != NULL;
    pthread_mutex_unlock(&server->streams_lock);
    if (!open) break;
    nanosleep(&pause, NULL);
  }
  /* A request still unanswered after the grace period keeps its connection suspended, which
   * the daemon may not be stopped with: the process is ending, and its memory goes with it. */
  if (atomic_load(&server->in_progress) > 0) return;
  MHD_stop_daemon(server->daemon);
  pthread_mutex_destroy(&server->streams_lock);
  free(server);
}

const char *lumen_http_method(const lumen_http_exchange *exchange) { return exchange->method; }
const char *lumen_http_path(const lumen_http_exchange *exchange) { return exchange->path; }

const char *lumen_http_header(const lumen_http_exchange *exchange, const char *name) {
  return MHD_lookup_connection_value(exchange->connection, MHD_HEADER_KIND, name);
}

const char *lumen_http_query(const lumen_http_exchange *exchange, const char *name) {
  return MHD_lookup_connection_value(exchange->connection, MHD_GET_ARGUMENT_KIND, name);
}

typedef struct {
  char *keys;
  size_t size, used;
} key_list;

static enum MHD_Result add_key(void *cls, enum MHD_ValueKind kind, const char *key,
                               const char *value) {
  (void)kind;
  (void)value;
  key_list *list = cls;
  size_t length = strlen(key) + 1;
  if (list->used + length <= list->size) memcpy(list->keys + list->used, key, length);
  list->used += length;
  return MHD_YES;
}

size_t lumen_http_query_keys(const lumen_http_exchange *exchange, char *keys, size_t size) {
  key_list list = {keys, size, 0};
  MHD_get_connection_values(exchange->connection, MHD_GET_ARGUMENT_KIND, add_key, &list);
  return list.used;
}

const unsigned char *lumen_http_body(const lumen_http_exchange *exchange, size_t *size) {
  *size = exchange->size;
  return exchange->body;
}

int lumen_http_body_too_large(const lumen_http_exchange *exchange) { return exchange->too_large; }

void lumen_http_respond(lumen_http_exchange *exchange, unsigned status, const char *headers,
                        const void *body, size_t size) {
  struct MHD_Response *response =
      MHD_create_response_from_buffer(size, (void *)body, MHD_RESPMEM_MUST_COPY);
  answer(exchange, status, response_with_headers(response, headers));
}


static ssize_t read_stream(void *cls, uint64_t position, char *buffer, size_t size) {
  (void)position;
  lumen_http_stream *s = cls;
  if (s->server->stopping) return MHD_CONTENT_READER_END_OF_STREAM;
  long n = s->producer(s->context, s, buffer, size);
  if (n < 0) return MHD_CONTENT_READER_END_OF_STREAM;
  if (n > 0) return (ssize_t)n;
  /* Nothing yet: sleep until woken, unless a wake came meanwhile. */
  pthread_mutex_lock(&s->server->streams_lock);
  if (s->woken || s->server->stopping) {
    s->woken = 0;
  } else {
    s->asleep = 1;
    MHD_suspend_connection(s->connection);
  }
  pthread_mutex_unlock(&s->server->streams_lock);
  return 0;
}

static void wake_locked(lumen_http_stream *s) {
  if (s->asleep) {
    s->asleep = 0;
    MHD_resume_connection(s->connection);
  } else {
    s->woken = 1;
  }
}

void lumen_http_wake(lumen_http_stream *s) {
  pthread_mutex_lock(&s->server->streams_lock);
  wake_locked(s);
  pthread_mutex_unlock(&s->server->streams_lock);
}

static void free_stream(void *cls) {
  lumen_http_stream *s = cls;
  lumen_http_server *server = s->server;
  pthread_mutex_lock(&server->streams_lock);
  if (s->previous != NULL) s->previous->next = s->next;
  else server->streams = s->next;
  if (s->next != NULL) s->next->previous = s->previous;
  pthread_mutex_unlock(&server->streams_lock);
  s->release(s->context);
  free(s);
}

void lumen_http_respond_stream(lumen_http_exchange *exchange, unsigned status,
                               const char *headers, lumen_http_producer producer,
                               lumen_http_release release, void *context) {
  lumen_http_server *server = exchange->server;
  lumen_http_stream *s = calloc(1, sizeof *s);
  struct MHD_Response *response = NULL;
  if (s != NULL) {
    s->server = server;
    s->connection = exchange->connection;
    s->producer = producer;
    s->release = release;
    s->context = context;
    pthread_mutex_lock(&server->streams_lock);
    s->next = server->streams;
    if (s->next != NULL) s->next->previous = s;
    server->streams = s;
    pthread_mutex_unlock(&server->streams_lock);
    response = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, read_stream, s,
                                                 free_stream);
    if (response == NULL) free_stream(s);
  } else {
    release(context);
  }
  answer(exchange, status, response_with_headers(response, headers));
}
