// Ctrl-C that is never lost, for libedit. A SIGINT handler that only interrupts
// read() loses the signal when it arrives while libedit is busy redrawing: the kernel
// has already discarded the typed-ahead keys and el_gets goes back to waiting. Here
// the handler writes to a pipe (the self-pipe trick) and libedit reads keys through
// a reader that waits on the terminal and the pipe together.
#ifndef FORMWORK_KEY_READER_H
#define FORMWORK_KEY_READER_H

#include <stdio.h>
#include <histedit.h>

/// Installs the SIGINT handler (and a SIGCONT one, to redraw after Ctrl-Z / fg).
void fw_install_interrupt_handler(void);

/// Forgets Ctrl-Cs pressed while no line was being read (a command was running).
void fw_forget_interrupts(void);

/// Makes `e` read keys through the interrupt-aware reader: el_gets then returns NULL
/// with count -1 and errno EINTR on Ctrl-C, and NULL with count 0 at end of input or
/// once SIGTERM/SIGHUP has put /dev/null on standard input.
int fw_el_read_keys_with_interrupts(EditLine *e);

#endif
