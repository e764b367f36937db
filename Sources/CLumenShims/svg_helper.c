/* SVG documents measured and drawn in a helper process; see lumen_svg.h. */
#define _GNU_SOURCE /* memfd_create, posix_spawn_file_actions_addclosefrom_np */
#include "lumen_svg.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <math.h>
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

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LUMEN_ADDRESS_SANITIZER 1
#endif
#endif
#ifndef LUMEN_ADDRESS_SANITIZER
#define LUMEN_ADDRESS_SANITIZER 0
#endif

/* ---- What the two processes share ---- */

/* The helper is `lumen-svg-helper` beside the running executable, else the running executable
 * started again with that name and this variable, which its constructor (below) recognises
 * before anything else runs. */
static const char helper_name[] = "lumen-svg-helper";
static const char helper_variable[] = "LUMEN_SVG_HELPER";

/* The helper's socket is its file descriptor 3; its messages (standard error) go to a memory
 * file the parent reads when the helper stops. */
enum { helper_socket = 3 };

/* The longest one request may take, the most its messages may grow to, and the most memory a
 * helper may hold: the largest drawing (128 MB) a few times over, for librsvg's filters. */
enum { request_seconds = 60, message_bytes = 64 << 10 };
static const rlim_t helper_data_bytes = (rlim_t)2 << 30;

/* A request: `size` bytes of SVG follow it; `width` 0 asks for the size only; `placed` says
 * whether `matrix` places the drawing (else it is stretched). The reply is a lumen_svg_reply,
 * followed by the pixels when it succeeded in drawing. */
typedef struct {
  uint64_t size;
  int32_t width, height;
  int32_t placed, unused;
  double matrix[6];
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

void lumen_svg_serve(void) {
  struct rlimit zero = {0, 0}, bytes = {message_bytes, message_bytes};
  struct rlimit data = {helper_data_bytes, helper_data_bytes};
  setrlimit(RLIMIT_CORE, &zero);
  setrlimit(RLIMIT_FSIZE, &bytes);
#if !LUMEN_ADDRESS_SANITIZER
  /* AddressSanitizer (the fuzzers' builds) maps far more than it uses: not there. */
  setrlimit(RLIMIT_DATA, &data);
#endif
  /* Short of memory, the system stops a helper before the process it draws for. */
  int score = open("/proc/self/oom_score_adj", O_WRONLY);
  if (score >= 0) {
    ssize_t written = write(score, "1000", 4);
    (void)written; /* without it, the helper only draws as any process would */
    close(score);
  }
  /* Past the limit a message is cut short rather than stopping the helper. */
  signal(SIGXFSZ, SIG_IGN);
  /* Drawings' memory stays in the heap for the next request instead of being mapped and
   * given back each time: fresh pages cost a fault and a clear each (most of a helper's
   * page faults were its drawings'). RLIMIT_DATA still bounds the heap. */
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  /* Before the first request comes, which then waits less: librsvg opened, and a small
   * drawing made (shapes, a gradient, a stroke, a group's opacity) so that the first
   * document does not also pay for what librsvg, cairo and pixman set up on first use. */
  lumen_svg_load();
  static const char warm_up[] =
      "<svg xmlns='http://www.w3.org/2000/svg' width='16' height='16'><defs>"
      "<radialGradient id='g'><stop offset='0' stop-color='#fff'/>"
      "<stop offset='1' stop-color='#f80'/></radialGradient></defs>"
      "<circle cx='8' cy='8' r='6' fill='url(#g)' stroke='#000' stroke-width='2'/>"
      "<path d='M2 12 Q8 4 14 12' fill='none' stroke='#08f' stroke-linecap='round'/>"
      "<ellipse cx='5' cy='5' rx='2' ry='1' fill='#f0f' opacity='0.5'/></svg>";
  unsigned char warm_pixels[16 * 16 * 4];
  lumen_svg_reply warmed = {0};
  lumen_svg_draw((const unsigned char *)warm_up, sizeof warm_up - 1, 16, 16, NULL, warm_pixels,
                 &warmed);
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
    lumen_svg_draw(data, asked.size, asked.width, asked.height,
                   asked.placed ? asked.matrix : NULL, pixels, &reply);
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
  lumen_svg_serve();
}

/* ---- The parent's side ---- */

/* A helper process: our end of its socket, its messages, and whether a request has it. */
typedef struct {
  pid_t pid; /* 0: none runs in this place */
  int socket, messages;
  int busy;
} helper;

/* As many helpers as processors (at most 8), started as requests come at once: one at a
 * time uses one. A request takes an idle helper, else starts one, else waits for one. */
enum { most_helpers = 8 };
static helper helpers[most_helpers];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t freed = PTHREAD_COND_INITIALIZER;

static int helper_limit(void) {
  long processors = sysconf(_SC_NPROCESSORS_ONLN);
  return processors < 1 ? 1 : processors > most_helpers ? most_helpers : (int)processors;
}

/* The helper's executable: `lumen-svg-helper` beside this one (links followed) when it is
 * there, else this one. */
static char helper_path[4096] = "/proc/self/exe";
static pthread_once_t helper_path_once = PTHREAD_ONCE_INIT;

static void find_helper_path(void) {
  char self[sizeof helper_path];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return;
  self[n] = 0;
  char *slash = strrchr(self, '/');
  if (slash == NULL) return;
  slash[1] = 0;
  char beside[sizeof helper_path + sizeof helper_name];
  snprintf(beside, sizeof beside, "%s%s", self, helper_name);
  if (strlen(beside) < sizeof helper_path && access(beside, X_OK) == 0)
    snprintf(helper_path, sizeof helper_path, "%s", beside);
}

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

/* Starts a helper in `place` (see lumen_svg.h); 0 with the reason in `error` when it cannot
 * be. */
static int start_helper(helper *place, char *error, size_t error_size) {
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
  pthread_once(&helper_path_once, find_helper_path);
  pid_t pid = 0;
  int failure = environment == NULL ? ENOMEM
                                    : posix_spawn(&pid, helper_path, &actions, &attributes,
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
  place->pid = pid;
  place->socket = pair[0];
  place->messages = messages;
  return 1;
}

/* Closes our ends of a helper that has stopped, emptying its place. */
static void forget(helper *stopped) {
  close(stopped->socket);
  if (stopped->messages >= 0) close(stopped->messages);
  stopped->pid = 0;
}

/* A helper for one request, marked busy: an idle one (one that died while idle, killed from
 * outside, is replaced), else a new one in an empty place, else the first to be given back;
 * NULL with the reason in `error` when none can be started. */
static helper *take_helper(char *error, size_t error_size) {
  pthread_mutex_lock(&lock);
  int limit = helper_limit();
  helper *taken = NULL;
  while (taken == NULL) {
    for (int i = 0; i < limit && taken == NULL; i++) {
      int status;
      if (helpers[i].busy || helpers[i].pid == 0) continue;
      if (waitpid(helpers[i].pid, &status, WNOHANG) == helpers[i].pid)
        forget(&helpers[i]);
      else
        taken = &helpers[i];
    }
    for (int i = 0; i < limit && taken == NULL; i++)
      if (!helpers[i].busy && helpers[i].pid == 0) taken = &helpers[i];
    if (taken == NULL) pthread_cond_wait(&freed, &lock);
  }
  taken->busy = 1;
  pthread_mutex_unlock(&lock);
  if (taken->pid == 0 && !start_helper(taken, error, error_size)) {
    pthread_mutex_lock(&lock);
    taken->busy = 0;
    pthread_cond_signal(&freed);
    pthread_mutex_unlock(&lock);
    return NULL;
  }
  return taken;
}

static void give_back(helper *taken) {
  pthread_mutex_lock(&lock);
  taken->busy = 0;
  pthread_cond_signal(&freed);
  pthread_mutex_unlock(&lock);
}

/* Rust's panic line ("... panicked at ...") from a helper's messages, if there is one. */
static void panic_line(const helper *stopped, char *line, size_t line_size) {
  line[0] = 0;
  char text[4096];
  ssize_t n = stopped->messages < 0 ? -1 : pread(stopped->messages, text, sizeof text - 1, 0);
  if (n <= 0) return;
  text[n] = 0;
  char *found = strstr(text, "panicked at");
  if (found == NULL) return;
  size_t length = strcspn(found, "\r\n");
  if (length >= line_size) length = line_size - 1;
  memcpy(line, found, length);
  line[length] = 0;
}

/* Why a helper that stopped during a request did (this document's doing), in `error`; its
 * place is emptied for the next request. */
static void end_helper(helper *stopped, char *error, size_t error_size) {
  int status = 0;
  /* The socket closes when the helper's process ends; reap it to learn why. */
  while (waitpid(stopped->pid, &status, 0) < 0 && errno == EINTR) {
  }
  char panic[200];
  panic_line(stopped, panic, sizeof panic);
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
    snprintf(error, error_size, "librsvg took longer than %d s on the document",
             request_seconds);
  else if (WIFSIGNALED(status))
    snprintf(error, error_size, "librsvg stopped on the document (signal %d)%s%s",
             WTERMSIG(status), panic[0] ? ": " : "", panic);
  else
    snprintf(error, error_size, "librsvg's process stopped (exit status %d)",
             WEXITSTATUS(status));
  forget(stopped);
}

/* One request's reply, with the pixels in `rgba`; 0 with the reason in `error` when it
 * fails. */
static int draw_in_helper(const unsigned char *data, size_t size, int width, int height,
                          const double *matrix, unsigned char *rgba, lumen_svg_reply *reply,
                          char *error, size_t error_size) {
  helper *taken = take_helper(error, error_size);
  if (taken == NULL) return 0;
  request asked = {size, width, height, matrix != NULL, 0, {0}};
  if (matrix != NULL) memcpy(asked.matrix, matrix, sizeof asked.matrix);
  size_t pixel_bytes = 4 * (size_t)width * (size_t)height;
  int answered = send_all(taken->socket, &asked, sizeof asked) &&
                 send_all(taken->socket, data, size) &&
                 receive_all(taken->socket, reply, sizeof *reply) &&
                 (!reply->succeeded || pixel_bytes == 0 ||
                  receive_all(taken->socket, rgba, pixel_bytes));
  if (answered) {
    reply->error[sizeof reply->error - 1] = 0;
    if (!reply->succeeded) snprintf(error, error_size, "%s", reply->error);
  } else {
    end_helper(taken, error, error_size);
  }
  give_back(taken);
  return answered && reply->succeeded;
}

/* Starts helpers until `count` run (see lumen_svg_prepare). */
static void start_helpers(int count) {
  char error[256];
  pthread_mutex_lock(&lock);
  int limit = helper_limit();
  int running = 0;
  for (int i = 0; i < limit; i++) running += helpers[i].pid != 0;
  for (int i = 0; i < limit && running < count; i++)
    if (!helpers[i].busy && helpers[i].pid == 0 && start_helper(&helpers[i], error, sizeof error))
      running++;
  pthread_mutex_unlock(&lock);
}

static void *start_helpers_apart(void *count) {
  start_helpers((int)(intptr_t)count);
  return NULL;
}

void lumen_svg_prepare(int count) {
  if (count <= 0) return;
  /* On a thread of its own: each start waits for the new process to load its executable
   * (about 2 ms), which the caller need not do. Without a thread, they start here. */
  pthread_t thread;
  pthread_attr_t attributes;
  if (pthread_attr_init(&attributes) != 0) return;
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  if (pthread_create(&thread, &attributes, start_helpers_apart, (void *)(intptr_t)count) != 0)
    start_helpers(count);
  pthread_attr_destroy(&attributes);
}

int lumen_svg_measure(const unsigned char *data, size_t size, double *width, double *height,
                      char *error, size_t error_size) {
  lumen_svg_reply reply = {0};
  int succeeded = draw_in_helper(data, size, 0, 0, NULL, NULL, &reply, error, error_size);
  *width = reply.width;
  *height = reply.height;
  return succeeded;
}

int lumen_svg_render(const unsigned char *data, size_t size, int width, int height,
                     const double *matrix, unsigned char *rgba, char *error, size_t error_size) {
  if (width <= 0 || height <= 0) {
    snprintf(error, error_size, "cannot draw %d x %d pixels", width, height);
    return 0;
  }
  for (int i = 0; matrix != NULL && i < 6; i++)
    if (!isfinite(matrix[i])) {
      snprintf(error, error_size, "cannot draw through a placement that is not finite");
      return 0;
    }
  lumen_svg_reply reply = {0};
  return draw_in_helper(data, size, width, height, matrix, rgba, &reply, error, error_size);
}
