#include "cncurses.h"

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
