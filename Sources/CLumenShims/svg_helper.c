/* SVG documents measured and drawn in a helper process; see lumen_svg.h. */
#define _GNU_SOURCE /* memfd_create, posix_spawn_file_actions_addclosefrom_np */
#include "lumen_svg.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "svg_draw.h"

extern char **environ;

/* ---- What the two processes share ---- */

/* The helper is the running executable started again with this name and variable, which
 * its constructor (below) recognises before anything else runs. */
static const char helper_name[] = "lumen-svg-helper";
static const char helper_variable[] = "LUMEN_SVG_HELPER";

/* The helper's socket is its file descriptor 3; its messages (standard error) go to a memory
 * file the parent reads when the helper stops. */
enum { helper_socket = 3 };

/* The longest one request may take, and the most its messages may grow to. */
enum { request_seconds = 60, message_bytes = 64 << 10 };

/* A request: `size` bytes of SVG follow it; `width` 0 asks for the size only. The reply is a
 * lumen_svg_reply, followed by the pixels when it succeeded in drawing. */
typedef struct {
  uint64_t size;
  int32_t width, height;
} request;

/* All of `size` bytes sent or received; 0 when the other process is gone. */
static int send_all(int socket, const void *bytes, size_t size) {
  const unsigned char *p = bytes;
  while (size > 0) {
    ssize_t n = send(socket, p, size, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return 0;
    p += n;
    size -= (size_t)n;
  }
  return 1;
}

static int receive_all(int socket, void *bytes, size_t size) {
  unsigned char *p = bytes;
  while (size > 0) {
    ssize_t n = recv(socket, p, size, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return 0;
    p += n;
    size -= (size_t)n;
  }
  return 1;
}

/* ---- The helper ---- */

/* Answers requests one at a time until the parent closes the socket (or exits). */
static void serve(void) {
  struct rlimit zero = {0, 0}, bytes = {message_bytes, message_bytes};
  setrlimit(RLIMIT_CORE, &zero);
  setrlimit(RLIMIT_FSIZE, &bytes);
  /* Past the limit a message is cut short rather than stopping the helper. */
  signal(SIGXFSZ, SIG_IGN);
  for (;;) {
    request asked;
    if (!receive_all(helper_socket, &asked, sizeof asked)) _exit(0);
    if (asked.width < 0 || asked.height < 0 || asked.size > SIZE_MAX / 2) _exit(2);
    size_t pixel_bytes = 4 * (size_t)asked.width * (size_t)asked.height;
    unsigned char *data = malloc(asked.size + 1);
    unsigned char *pixels = pixel_bytes > 0 ? calloc(pixel_bytes, 1) : NULL;
    if (data == NULL || (pixel_bytes > 0 && pixels == NULL)) _exit(3);
    if (!receive_all(helper_socket, data, asked.size)) _exit(0);
    lumen_svg_reply reply = {0};
    if (ftruncate(STDERR_FILENO, 0) == 0) lseek(STDERR_FILENO, 0, SEEK_SET);
    alarm(request_seconds);
    lumen_svg_draw(data, asked.size, asked.width, asked.height, pixels, &reply);
    alarm(0);
    if (!send_all(helper_socket, &reply, sizeof reply)) _exit(0);
    if (reply.succeeded && pixel_bytes > 0 && !send_all(helper_socket, pixels, pixel_bytes))
      _exit(0);
    free(data);
    free(pixels);
  }
}

/* Runs before `main` in every executable Lumen is linked into: in a helper it serves, and
 * never returns. */
__attribute__((constructor)) static void serve_when_helper(int argc, char **argv) {
  const char *value = getenv(helper_variable);
  if (argc < 1 || strcmp(argv[0], helper_name) != 0 || value == NULL || strcmp(value, "1") != 0)
    return;
  serve();
}

/* ---- The parent's side ---- */

/* The helper, when one runs: its process, our end of its socket, its messages. Requests
 * take turns. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
  pid_t pid; /* 0: none runs */
  int socket, messages;
} helper;

/* The environment with the helper's variable added; NULL when out of memory. */
static char **helper_environment(void) {
  size_t count = 0;
  while (environ[count] != NULL) count++;
  char **environment = calloc(count + 2, sizeof *environment);
  if (environment == NULL) return NULL;
  static char variable[sizeof helper_variable + 2];
  snprintf(variable, sizeof variable, "%s=1", helper_variable);
  size_t kept = 0;
  for (size_t i = 0; i < count; i++)
    if (strncmp(environ[i], variable, sizeof helper_variable) != 0)
      environment[kept++] = environ[i];
  environment[kept] = variable;
  return environment;
}

/* Starts the helper (see lumen_svg.h); 0 with the reason in `error` when it cannot be. */
static int start_helper(char *error, size_t error_size) {
  int pair[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
    snprintf(error, error_size, "cannot start librsvg's process: %s", strerror(errno));
    return 0;
  }
  int messages = memfd_create("lumen-svg-messages", MFD_CLOEXEC);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (messages >= 0) posix_spawn_file_actions_adddup2(&actions, messages, STDERR_FILENO);
  posix_spawn_file_actions_adddup2(&actions, pair[1], helper_socket);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addclosefrom_np(&actions, helper_socket + 1);
  /* Every signal unblocked and at its default, whatever this thread blocks or this process
   * handles: Ctrl-C and the request timer stop the helper. */
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &all);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  char *arguments[] = {(char *)helper_name, NULL};
  char **environment = helper_environment();
  pid_t pid = 0;
  int failure = environment == NULL ? ENOMEM
                                    : posix_spawn(&pid, "/proc/self/exe", &actions, &attributes,
                                                  arguments, environment);
  free(environment);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  close(pair[1]);
  if (failure != 0) {
    snprintf(error, error_size, "cannot start librsvg's process: %s", strerror(failure));
    close(pair[0]);
    if (messages >= 0) close(messages);
    return 0;
  }
  helper.pid = pid;
  helper.socket = pair[0];
  helper.messages = messages;
  return 1;
}

/* Rust's panic line ("... panicked at ...") from the helper's messages, if there is one. */
static void panic_line(char *line, size_t line_size) {
  line[0] = 0;
  char text[4096];
  ssize_t n = helper.messages < 0 ? -1 : pread(helper.messages, text, sizeof text - 1, 0);
  if (n <= 0) return;
  text[n] = 0;
  char *found = strstr(text, "panicked at");
  if (found == NULL) return;
  size_t length = strcspn(found, "\r\n");
  if (length >= line_size) length = line_size - 1;
  memcpy(line, found, length);
  line[length] = 0;
}

/* Forgets the helper, which has stopped, and puts why in `error` (when given): the next
 * request starts a new one. */
static void end_helper(int status, char *error, size_t error_size) {
  if (error != NULL) {
    char panic[200];
    panic_line(panic, sizeof panic);
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
      snprintf(error, error_size, "librsvg took longer than %d s on the document",
               request_seconds);
    else if (WIFSIGNALED(status))
      snprintf(error, error_size, "librsvg stopped on the document (signal %d)%s%s",
               WTERMSIG(status), panic[0] ? ": " : "", panic);
    else
      snprintf(error, error_size, "librsvg's process stopped (exit status %d)",
               WEXITSTATUS(status));
  }
  close(helper.socket);
  if (helper.messages >= 0) close(helper.messages);
  helper.pid = 0;
}

/* The helper's reply to one request, with the pixels in `rgba`; 0 with the reason in `error`
 * when it fails. A helper that died since the last request (killed from outside) is replaced
 * first; one that stops during this request is this document's doing. */
static int ask_helper(const request *asked, const unsigned char *data, unsigned char *rgba,
                      lumen_svg_reply *reply, char *error, size_t error_size) {
  int status = 0;
  if (helper.pid != 0 && waitpid(helper.pid, &status, WNOHANG) == helper.pid)
    end_helper(status, NULL, 0);
  if (helper.pid == 0 && !start_helper(error, error_size)) return 0;
  size_t pixel_bytes = 4 * (size_t)asked->width * (size_t)asked->height;
  if (send_all(helper.socket, asked, sizeof *asked) &&
      send_all(helper.socket, data, asked->size) &&
      receive_all(helper.socket, reply, sizeof *reply) &&
      (!reply->succeeded || pixel_bytes == 0 || receive_all(helper.socket, rgba, pixel_bytes))) {
    reply->error[sizeof reply->error - 1] = 0;
    if (!reply->succeeded) snprintf(error, error_size, "%s", reply->error);
    return reply->succeeded;
  }
  /* The socket closes when the helper's process ends; reap it to learn why. */
  while (waitpid(helper.pid, &status, 0) < 0 && errno == EINTR) {
  }
  end_helper(status, error, error_size);
  return 0;
}

/* One request, taking its turn. */
static int draw_in_helper(const unsigned char *data, size_t size, int width, int height,
                          unsigned char *rgba, lumen_svg_reply *reply, char *error,
                          size_t error_size) {
  request asked = {size, width, height};
  pthread_mutex_lock(&lock);
  int succeeded = ask_helper(&asked, data, rgba, reply, error, error_size);
  pthread_mutex_unlock(&lock);
  return succeeded;
}

int lumen_svg_measure(const unsigned char *data, size_t size, double *width, double *height,
                      char *error, size_t error_size) {
  lumen_svg_reply reply = {0};
  int succeeded = draw_in_helper(data, size, 0, 0, NULL, &reply, error, error_size);
  *width = reply.width;
  *height = reply.height;
  return succeeded;
}

int lumen_svg_render(const unsigned char *data, size_t size, int width, int height,
                     unsigned char *rgba, char *error, size_t error_size) {
  if (width <= 0 || height <= 0) {
    snprintf(error, error_size, "cannot draw %d x %d pixels", width, height);
    return 0;
  }
  lumen_svg_reply reply = {0};
  return draw_in_helper(data, size, width, height, rgba, &reply, error, error_size);
}
