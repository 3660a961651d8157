// The parts of libedit Formwork uses, with non-variadic wrappers for el_set,
// el_get and history, which Swift cannot call directly.
#ifndef FORMWORK_CEDITLINE_SHIM_H
#define FORMWORK_CEDITLINE_SHIM_H

#include <stdio.h>
#include <histedit.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

// Ctrl-C without losing it. A SIGINT handler that only interrupts read() loses the
// signal when it arrives while libedit is busy (redrawing after a key): the kernel
// has already discarded the keys typed ahead, and el_gets goes back to waiting. So
// the handler writes a byte to a pipe (the self-pipe trick), and libedit reads keys
// through fw_read_key, which waits on the terminal and the pipe together.
// The pipe is a static: every Swift file that calls these gets its own copy, so
// all the calls must come from one file (LineEditor.swift).
static int fw_interrupt_pipe[2] = {-1, -1};

static void fw_interrupt_handler(int signal_number) {
    (void)signal_number;
    int saved = errno;
    if (fw_interrupt_pipe[1] >= 0) { ssize_t ignored = write(fw_interrupt_pipe[1], "!", 1); (void)ignored; }
    errno = saved;
}

static volatile sig_atomic_t fw_continued = 0;
static void fw_continue_handler(int signal_number) { (void)signal_number; fw_continued = 1; }

/// Installs the SIGINT handler (no SA_RESTART: a plain blocking read also ends with EINTR).
static inline void fw_install_interrupt_handler(void) {
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

/// Forgets interrupts that arrived while no line was being read; true if there were any.
static inline int fw_take_interrupt(void) {
    char drain[64];
    int taken = 0;
    if (fw_interrupt_pipe[0] < 0) return 0;
    while (read(fw_interrupt_pipe[0], drain, sizeof drain) > 0) taken = 1;
    return taken;
}

extern int ppoll(struct pollfd *fds, nfds_t count, const struct timespec *timeout, const sigset_t *mask);

// The terminal opened a second time, non-blocking: Ctrl-C makes the kernel discard
// typed-ahead keys, possibly between poll() saying "readable" and read(), and a
// blocking read would then wait for the next key.
static int fw_key_descriptor = -1;

/// libedit's key reader: one character from the terminal, decoded in the locale's
/// encoding; -1 with errno EINTR on Ctrl-C, 0 at end of input (also when SIGTERM or
/// SIGHUP has put /dev/null on standard input). SIGINT, SIGTERM and SIGHUP are held
/// back between the checks and the wait, so none slips in unnoticed.
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
            fw_take_interrupt();
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

static inline int fw_el_read_keys_with_interrupts(EditLine *e) {
    if (fw_key_descriptor < 0) {
        const char *name = ttyname(STDIN_FILENO);
        if (name != NULL) fw_key_descriptor = open(name, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        if (fw_key_descriptor < 0) fw_key_descriptor = open("/proc/self/fd/0", O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    }
    return el_set(e, EL_GETCFN, (el_rfunc_t)fw_read_key);
}

typedef char *(*fw_prompt_function)(EditLine *);
typedef unsigned char (*fw_editor_function)(EditLine *, int);

static inline int fw_el_set_prompt(EditLine *e, fw_prompt_function f) { return el_set(e, EL_PROMPT, f); }
static inline int fw_el_set_editor(EditLine *e, const char *mode) { return el_set(e, EL_EDITOR, mode); }
static inline int fw_el_set_signal(EditLine *e, int flag) { return el_set(e, EL_SIGNAL, flag); }
static inline int fw_el_set_history(EditLine *e, History *h) { return el_set(e, EL_HIST, history, h); }
static inline int fw_el_add_function(EditLine *e, const char *name, const char *help, fw_editor_function f) {
    return el_set(e, EL_ADDFN, name, help, f);
}
static inline int fw_el_bind(EditLine *e, const char *keys, const char *function) {
    return el_set(e, EL_BIND, keys, function, (const char *)NULL);
}
static inline int fw_el_set_client_data(EditLine *e, void *data) { return el_set(e, EL_CLIENTDATA, data); }
static inline void *fw_el_get_client_data(EditLine *e) {
    void *data = NULL;
    el_get(e, EL_CLIENTDATA, &data);
    return data;
}
static inline int fw_el_source_defaults(EditLine *e) { return el_source(e, NULL); }

static inline int fw_history_set_size(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}
static inline int fw_history_set_unique(History *h, int unique) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, unique);
}
static inline int fw_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}
static inline int fw_history_load(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_LOAD, path);
}
static inline int fw_history_save(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_SAVE, path);
}

#endif
