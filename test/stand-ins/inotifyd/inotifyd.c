/*
 * inotifyd STAND-IN for tests: not BusyBox's applet, and never shipped. Mountbench's sync-latency
 * script runs `inotifyd - DIR:MASK` when the bench image has inotifyd (src/core/runner/
 * measure-sync-latency.ts). Debian's busybox-static, which builds the offline bench image, has no
 * inotifyd applet, so no test could see that watcher fire or not. This program does only what that
 * script uses, with the interface BusyBox documents for its applet (miscutils/inotifyd.c, 1.36.1):
 *
 *   inotifyd - FILE[:MASK]...
 *
 * prints one line per event to stdout, flushed at once: "EVENTS\tFILE\n", or "EVENTS\tFILE\tNAME\n"
 * for an event on an entry NAME inside a watched folder. EVENTS are letters, in bit order:
 *   a accessed  c modified  e metadata  w writable closed  0 unwritable closed  r opened
 *   m moved out y moved in  n created   d deleted  D self deleted  M self moved
 *   u unmounted o queue overflowed  x no longer watched (the last three always reported)
 * A FILE without a mask watches the first twelve. It exits 0 on SIGTERM, SIGINT, SIGHUP or SIGPIPE,
 * and when every watch got "x". Any agent other than "-" is refused: the script never runs one.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

/* Letter i stands for inotify mask bit (1 << i); bit 12 has no letter. */
static const char LETTERS[] = "acew0rmyndDM\0uox";
#define LETTER_BITS 16
#define WATCHABLE_BITS 0x0fffu

static volatile sig_atomic_t stopping;

static void on_signal(int signo) {
  (void)signo;
  stopping = 1;
}

static int usage(void) {
  fputs("usage: inotifyd - FILE[:MASK]...  (test stand-in for BusyBox's inotifyd; prints events)\n", stderr);
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 3 || strcmp(argv[1], "-") != 0) return usage();
  int watching = argc - 2;
  /* Watch descriptors count up from 1 in the order added, so names[wd] is that watch's FILE. */
  char **names = calloc((size_t)argc, sizeof *names);
  if (!names) return 1;

  int fd = inotify_init1(IN_CLOEXEC);
  if (fd < 0) {
    perror("inotifyd: inotify_init1");
    return 1;
  }
  for (int i = 2; i < argc; i++) {
    char *path = argv[i];
    uint32_t mask = WATCHABLE_BITS;
    char *colon = strchr(path, ':');
    if (colon) {
      *colon = '\0';
      mask = 0;
      for (const char *c = colon + 1; *c; c++) {
        const char *at = memchr(LETTERS, *c, LETTER_BITS);
        if (at) mask |= 1u << (at - LETTERS);
      }
    }
    int wd = inotify_add_watch(fd, path, mask);
    if (wd < 0) {
      fprintf(stderr, "inotifyd: add watch (%s) failed: %s\n", path, strerror(errno));
      return 1;
    }
    if (wd < argc) names[wd] = path;
  }

  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  int fatal[] = {SIGTERM, SIGINT, SIGHUP, SIGPIPE};
  for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) sigaction(fatal[i], &sa, NULL);

  /* Room for many events at once, each with a name up to NAME_MAX. */
  static char buf[64 * 1024] __attribute__((aligned(__alignof__(struct inotify_event))));
  struct pollfd pfd = {.fd = fd, .events = POLLIN};
  while (!stopping) {
    int ready = poll(&pfd, 1, -1);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) break;
    ssize_t len = read(fd, buf, sizeof buf);
    if (len < 0 && errno == EINTR) continue;
    if (len <= 0) break;
    for (char *p = buf; p < buf + len;) {
      const struct inotify_event *ev = (const struct inotify_event *)p;
      p += sizeof *ev + ev->len;
      char events[LETTER_BITS + 1];
      size_t n = 0;
      for (int bit = 0; bit < LETTER_BITS; bit++)
        if ((ev->mask & (1u << bit)) && LETTERS[bit]) events[n++] = LETTERS[bit];
      if (n == 0) continue;
      events[n] = '\0';
      const char *file = (ev->wd > 0 && ev->wd < argc && names[ev->wd]) ? names[ev->wd] : "?";
      if (ev->len)
        printf("%s\t%s\t%s\n", events, file, ev->name);
      else
        printf("%s\t%s\n", events, file);
      fflush(stdout);
      if ((ev->mask & IN_IGNORED) && --watching <= 0) return 0;
    }
  }
  return 0;
}
