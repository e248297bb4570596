#include "cncurses.h"
#include <signal.h>
#include <string.h>
#include <term.h>
#include <termios.h>
#include <unistd.h>

WINDOW *cn_stdscr(void) { return stdscr; }
int cn_lines(void) { return LINES; }
int cn_cols(void) { return COLS; }
attr_t cn_a_normal(void) { return A_NORMAL; }
attr_t cn_a_reverse(void) { return A_REVERSE; }
attr_t cn_a_bold(void) { return A_BOLD; }
attr_t cn_a_dim(void) { return A_DIM; }
attr_t cn_a_underline(void) { return A_UNDERLINE; }
int cn_colors(void) { return COLORS; }
int cn_color_pairs(void) { return COLOR_PAIRS; }
FILE *cn_stdout(void) { return stdout; }
FILE *cn_stdin(void) { return stdin; }
int cn_wcwidth(wchar_t c) { return wcwidth(c); }
int cn_clearok_curscr(bool flag) { return clearok(curscr, flag); }
mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
mmask_t cn_button5_pressed(void) { return BUTTON5_PRESSED; }

// Written before a signal can use them (the handler is installed once, and these change only while no signal
// handler of ours runs them: before newterm, after setup, at close); read by the handler alone.
static int restore_fd = -1;
static int restore_mode_saved = 0;
static struct termios restore_mode;
static char restore_bytes[256];
static size_t restore_length = 0;

void cn_signal_restore_save(int fd) {
    restore_length = 0;
    restore_mode_saved = tcgetattr(fd, &restore_mode) == 0;
    restore_fd = fd;
}

static void restore_append(const char *bytes) {
    if (bytes == NULL || bytes == (const char *)-1) return;  // tigetstr: absent (NULL) or not a string (-1)
    size_t length = strlen(bytes);
    if (restore_length + length >= sizeof restore_bytes) return;
    memcpy(restore_bytes + restore_length, bytes, length);
    restore_length += length;
}

void cn_signal_restore_prepare(int mouse) {
    restore_length = 0;
    // What endwin() sends, in its order: the mouse off (xterm's protocols, as ncurses turned them on), plain
    // attributes, the cursor shown, the keypad in its usual mode, the main screen back.
    if (mouse) restore_append("\033[?1006l\033[?1002l\033[?1000l");
    restore_append(tigetstr("sgr0"));
    restore_append(tigetstr("cnorm"));
    restore_append(tigetstr("rmkx"));
    restore_append(tigetstr("rmcup"));
}

void cn_signal_restore(void) {
    if (restore_fd < 0) return;
    if (restore_length > 0) {
        ssize_t written = write(restore_fd, restore_bytes, restore_length);
        (void)written;  // nothing more can be done from a signal handler
    }
    if (restore_mode_saved) tcsetattr(restore_fd, TCSADRAIN, &restore_mode);
}

void cn_signal_restore_forget(void) { restore_fd = -1; }

/// The action each signal had before favs installed its handler.
static struct sigaction cn_previous_actions[65];

int cn_signal_install(int sig, void (*handler)(int)) {
    if (sig <= 0 || sig >= 65) return -1;
    struct sigaction current;
    if (sigaction(sig, NULL, &current) == 0 && current.sa_handler == handler) return 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    return sigaction(sig, &action, &cn_previous_actions[sig]);
}

void cn_signal_reraise(int sig, int chain) {
    if (sig <= 0 || sig >= 65) return;
    if (chain) {
        // The action that was there before, once. A handler that returns (the Swift runtime's, for a signal another
        // process sent: there is no fault to fire again) leaves the default action below to end the process.
        sigaction(sig, &cn_previous_actions[sig], NULL);
        sigset_t blocked;  // the signal is blocked while its handler runs: let it through to the one before
        sigemptyset(&blocked);
        sigaddset(&blocked, sig);
        sigprocmask(SIG_UNBLOCK, &blocked, NULL);
        raise(sig);
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(sig, &action, NULL);
    raise(sig);
}
