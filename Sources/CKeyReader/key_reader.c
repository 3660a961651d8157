// Reading keys for libedit so that Ctrl-C is never lost; see key_reader.h.
#define _GNU_SOURCE  // ppoll
#include "key_reader.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

// Written by the SIGINT handler, read by fw_read_key.
static int fw_interrupt_pipe[2] = {-1, -1};

static void fw_interrupt_handler(int signal_number) {
    (void)signal_number;
    int saved = errno;
    if (fw_interrupt_pipe[1] >= 0) { ssize_t ignored = write(fw_interrupt_pipe[1], "!", 1); (void)ignored; }
    errno = saved;
}

static volatile sig_atomic_t fw_continued = 0;
static void fw_continue_handler(int signal_number) { (void)signal_number; fw_continued = 1; }

// Installs the SIGINT handler (no SA_RESTART: a plain blocking read also ends with EINTR).
void fw_install_interrupt_handler(void) {
    if (fw_interrupt_pipe[0] < 0) {
        if (pipe(fw_interrupt_pipe) == 0) {
            for (int end = 0; end < 2; end++) {
                fcntl(fw_interrupt_pipe[end], F_SETFD, FD_CLOEXEC);
                fcntl(fw_interrupt_pipe[end], F_SETFL, fcntl(fw_interrupt_pipe[end], F_GETFL) | O_NONBLOCK);
            }
        } else {
            fw_interrupt_pipe[0] = fw_interrupt_pipe[1] = -1;
        }
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = fw_interrupt_handler;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    action.sa_handler = fw_continue_handler;  // libedit's SIGCONT handler passes it on
    sigaction(SIGCONT, &action, NULL);
    sigset_t interrupt;
    sigemptyset(&interrupt);
    sigaddset(&interrupt, SIGINT);
    sigprocmask(SIG_UNBLOCK, &interrupt, NULL);  // a parent may have blocked it
}

void fw_forget_interrupts(void) {
    char drain[64];
    if (fw_interrupt_pipe[0] < 0) return;
    while (read(fw_interrupt_pipe[0], drain, sizeof drain) > 0) {}
}

// The terminal opened a second time, non-blocking: Ctrl-C makes the kernel discard
// typed-ahead keys, possibly between poll() saying "readable" and read(), and a
// blocking read would then wait for the next key.
static int fw_key_descriptor = -1;

// libedit's key reader: one character from the terminal, decoded in the locale's
// encoding; -1 with errno EINTR on Ctrl-C, 0 at end of input (also when SIGTERM or
// SIGHUP has put /dev/null on standard input). SIGINT, SIGTERM and SIGHUP are held
// back between the checks and the wait, so none slips in unnoticed.
static int fw_read_key(EditLine *e, wchar_t *key) {
    int terminal = fw_key_descriptor >= 0 ? fw_key_descriptor : STDIN_FILENO;
    char bytes[MB_LEN_MAX];
    size_t count = 0;
    sigset_t held, original;
    sigemptyset(&held);
    sigaddset(&held, SIGINT);
    sigaddset(&held, SIGTERM);
    sigaddset(&held, SIGHUP);
    for (;;) {
        sigprocmask(SIG_BLOCK, &held, &original);
        if (!isatty(STDIN_FILENO)) {  // the SIGTERM/SIGHUP handler replaced it
            sigprocmask(SIG_SETMASK, &original, NULL);
            return 0;
        }
        struct pollfd waits[2] = {{terminal, POLLIN, 0}, {fw_interrupt_pipe[0], POLLIN, 0}};
        int ready = ppoll(waits, fw_interrupt_pipe[0] >= 0 ? 2 : 1, NULL, &original);
        int wait_error = errno;
        sigprocmask(SIG_SETMASK, &original, NULL);
        if (ready < 0) {
            if (wait_error == EINTR) {  // handlers have run; the checks above see Ctrl-C, SIGTERM, SIGHUP
                // Back from Ctrl-Z: redraw the line, as libedit's own reader does.
                if (fw_continued) { fw_continued = 0; el_set(e, EL_REFRESH); }
                continue;
            }
            errno = wait_error;
            return -1;
        }
        if (fw_interrupt_pipe[0] >= 0 && (waits[1].revents & POLLIN)) {
            fw_forget_interrupts();
            *key = L'\0';
            errno = EINTR;
            return -1;
        }
        ssize_t got = read(terminal, bytes + count, 1);
        if (got < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;  // keys discarded by Ctrl-C
            return -1;
        }
        if (got == 0) return 0;
        count += 1;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t decoded = mbrtowc(key, bytes, count, &state);
        if (decoded == (size_t)-2 && count < sizeof bytes) continue;  // more bytes to come
        if (decoded == (size_t)-1 || decoded == (size_t)-2) *key = (unsigned char)bytes[0];  // not valid: keep the byte
        return 1;
    }
}

int fw_el_read_keys_with_interrupts(EditLine *e) {
    if (fw_key_descriptor < 0) {
        const char *name = ttyname(STDIN_FILENO);
        if (name != NULL) fw_key_descriptor = open(name, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        if (fw_key_descriptor < 0) fw_key_descriptor = open("/proc/self/fd/0", O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    }
    return el_set(e, EL_GETCFN, (el_rfunc_t)fw_read_key);
}

