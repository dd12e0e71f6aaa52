/* Pinmap's window onto ncursesw: what Swift cannot import directly
 * (macros such as COLOR_PAIR and A_BOLD, the stdscr global, KEY_* values)
 * exposed as plain functions. Link ncursesw, never ncurses. */
#ifndef PINMAP_CCURSES_H
#define PINMAP_CCURSES_H
#include <stddef.h>
#include <wchar.h>

/* Checks TERM without letting ncurses exit: 0 ok, 1 unknown/unset, 2 not
 * cursor-addressable (dumb). */
int pm_check_term(void);
/* initscr-equivalent through newterm on stdin/stdout; 0 on success. */
int pm_start(void);
void pm_stop(void);
int pm_lines(void);
int pm_cols(void);
/* Reads one byte of input or key: returns 0 for a byte (in *out; UTF-8, not
 * assembled), 1 for a key code (in *out), -1 for none within the timeout (ms). */
int pm_read(int timeout_ms, unsigned int *out);
int pm_key_resize(void);
int pm_key_up(void); int pm_key_down(void); int pm_key_left(void); int pm_key_right(void);
int pm_key_npage(void); int pm_key_ppage(void); int pm_key_home(void); int pm_key_end(void);
int pm_key_btab(void); int pm_key_enter(void); int pm_key_backspace(void); int pm_key_dc(void);
int pm_key_f1(void);
/* Colour: number of colours after start_color (0 when none / NO_COLOR). */
int pm_colors(void);
/* Attribute bits for bold, dim, reverse, underline (no colour). */
unsigned int pm_attr(int bold, int dim, int reverse, int underline);
/* Colour pair for (fg, bg), 0..255 or -1 for the default, allocated on first
 * use; 0 (the default pair) without colours or when the pairs run out.
 * Colours above the terminal's count fall back to fg % 8. */
int pm_pair(int fg, int bg);
/* Draws a UTF-8 cell text at (y, x) with attributes and colour pair; never
 * advances past the edge. */
void pm_put(int y, int x, const char *utf8, unsigned int attr, int pair);
void pm_refresh(void);
void pm_clear(void);
/* Writes raw bytes to the terminal (mouse modes). */
void pm_write_raw(const char *s);
/* Installs the async-signal-safe crash handler (SIGILL/SIGTRAP/SIGSEGV/SIGABRT/SIGBUS)
 * and SIGTERM/SIGHUP/SIGINT handlers that restore the terminal and re-raise. */
void pm_install_signal_handlers(void);
/* Restores the terminal (idempotent). */
void pm_restore(void);
/* Returns the signal number once SIGTERM/SIGHUP/SIGINT arrived, else 0 (polled by the main loop). */
int pm_quit_requested(void);
#endif
