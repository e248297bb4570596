// The ncursesw names Swift 6 cannot import (macros, non-concurrency-safe globals, XOPEN-only
// declarations), wrapped as functions. Everything else Swift imports from <curses.h> directly.
#ifndef CNCURSES_H
#define CNCURSES_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1  // must be here: cSettings do not reach the Swift importer
/// Putting the terminal back from a signal handler, where endwin() may not be called (it is not
/// async-signal-safe): the terminal's mode is saved before newterm (`cn_signal_restore_save`, with the
/// terminal's output descriptor), the bytes that leave curses mode are worked out once ncurses has loaded the
/// terminal's description (`cn_signal_restore_prepare`), and the handler calls `cn_signal_restore`, which uses
/// only write(2) and tcsetattr(3). `cn_signal_restore_forget` after an ordinary endwin.
void cn_signal_restore_save(int fd);
void cn_signal_restore_prepare(int mouse);
void cn_signal_restore(void);
void cn_signal_restore_forget(void);

#endif
#include <curses.h>
#include <stdio.h>
#include <wchar.h>

WINDOW *cn_stdscr(void);
int cn_lines(void);
int cn_cols(void);
attr_t cn_a_normal(void);
attr_t cn_a_reverse(void);
attr_t cn_a_bold(void);
attr_t cn_a_dim(void);
attr_t cn_a_underline(void);
/// COLORS and COLOR_PAIRS: globals Swift 6 refuses as not concurrency-safe. Valid after start_color().
int cn_colors(void);
int cn_color_pairs(void);
FILE *cn_stdout(void);
FILE *cn_stdin(void);
int cn_wcwidth(wchar_t c);
/// Sets (or clears) the "needs a full repaint" flag of curscr, for ctrl-l.
int cn_clearok_curscr(bool flag);
/// The mouse events favs asks for and reads (BUTTONn_PRESSED are macros): button 1, and the wheel,
/// which xterm's protocol reports as presses of buttons 4 (up) and 5 (down).
mmask_t cn_button1_pressed(void);
mmask_t cn_button4_pressed(void);
mmask_t cn_button5_pressed(void);

/// Putting the terminal back from a signal handler, where endwin() may not be called (it is not
/// async-signal-safe): the terminal's mode is saved before newterm (`cn_signal_restore_save`, with the
/// terminal's output descriptor), the bytes that leave curses mode are worked out once ncurses has loaded the
/// terminal's description (`cn_signal_restore_prepare`), and the handler calls `cn_signal_restore`, which uses
/// only write(2) and tcsetattr(3). `cn_signal_restore_forget` after an ordinary endwin.
void cn_signal_restore_save(int fd);
void cn_signal_restore_prepare(int mouse);
void cn_signal_restore(void);
void cn_signal_restore_forget(void);

/// Installs `handler` for `sig`, keeping the action it replaces (once: installing it again keeps the first).
/// `cn_signal_reraise` puts back that action when `chain` is 1 (a crash: the Swift runtime's crash report, if it
/// had installed one, still runs, on a restored terminal), else the default action, and raises the signal
/// again. They use only sigaction(2), sigprocmask(2) and raise(3), which are async-signal-safe.
int cn_signal_install(int sig, void (*handler)(int));
void cn_signal_reraise(int sig, int chain);

#endif
