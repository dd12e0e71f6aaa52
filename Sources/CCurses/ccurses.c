#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include "ccurses.h"
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static SCREEN *pm_screen = NULL;
static volatile sig_atomic_t pm_active = 0;
static volatile sig_atomic_t pm_quit = 0;
static struct termios pm_saved_tio;
static int pm_have_tio = 0;
static int pm_ncolors = 0;

/* Leaves button-motion + SGR mouse, the alternate screen, shows the cursor, and leaves the
 * keypad's application mode that `keypad(stdscr, TRUE)` switched on (xterm's rmkx: the crash
 * handler cannot ask terminfo, and a shell left in it reads the arrows as ESC O A), with
 * the attributes reset (a crash may come mid-paint). */
static const char pm_reset_seq[] =
    "\033[0m\033[?2004l\033[?1002l\033[?1006l\033[?1000l\033[?1049l\033[?25h\033[?1l\033>";

int pm_check_term(void) {
    const char *t = getenv("TERM");
    if (!t || !*t) return 1;
    int err = 0;
    if (setupterm((char *)t, 1, &err) != OK) return 1;
    const char *cup = tigetstr("cup");
    int ok = !(cup == NULL || cup == (char *)-1);
    del_curterm(cur_term);
    return ok ? 0 : 2;
}

int pm_start(void) {
    if (tcgetattr(0, &pm_saved_tio) == 0) pm_have_tio = 1;
    pm_screen = newterm(NULL, stdout, stdin);
    if (!pm_screen) return 1;
    set_term(pm_screen);
    pm_active = 1;
    raw(); noecho(); nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    /* Mouse: bypass ncurses' decoder (it merges bursts and drops presses);
     * we enable button-motion + SGR ourselves and parse the reports. */
    mousemask(0, NULL);
    keyok(KEY_MOUSE, FALSE);
    if (getenv("ESCDELAY") == NULL) set_escdelay(25);
    pm_ncolors = 0;
    /* no-color.org: NO_COLOR turns colour off when "present and not an empty string"
     * (an empty NO_COLOR= turned it off too). */
    const char *no_color = getenv("NO_COLOR");
    if (has_colors() && (no_color == NULL || no_color[0] == '\0')) {
        start_color();
        use_default_colors();
        pm_ncolors = COLORS;
    }
    pm_write_raw("\033[?1002h\033[?1006h\033[?2004h");  /* 2004: bracketed paste */
    return 0;
}

void pm_restore(void) {
    if (!pm_active) return;
    pm_active = 0;
    pm_write_raw("\033[?2004l\033[?1002l\033[?1006l\033[?1000l");
    endwin();
    if (pm_have_tio) tcsetattr(0, TCSANOW, &pm_saved_tio);
}

void pm_stop(void) {
    pm_restore();
    if (pm_screen) { delscreen(pm_screen); pm_screen = NULL; }
}

int pm_lines(void) { return LINES; }
int pm_cols(void) { return COLS; }

/* Bytes, not get_wch's characters: get_wch lost the bytes of a character cut by a read
 * that timed out and swallowed what followed them (a large Korean paste lost its end
 * marker). The caller assembles UTF-8 itself. */
int pm_read(int timeout_ms, unsigned int *out) {
    timeout(timeout_ms);
    int ch = getch();
    if (ch == ERR) return -1;
    *out = (unsigned int)ch;
    return ch >= KEY_MIN ? 1 : 0;
}

int pm_key_resize(void) { return KEY_RESIZE; }
int pm_key_up(void) { return KEY_UP; }
int pm_key_down(void) { return KEY_DOWN; }
int pm_key_left(void) { return KEY_LEFT; }
int pm_key_right(void) { return KEY_RIGHT; }
int pm_key_npage(void) { return KEY_NPAGE; }
int pm_key_ppage(void) { return KEY_PPAGE; }
int pm_key_home(void) { return KEY_HOME; }
int pm_key_end(void) { return KEY_END; }
int pm_key_btab(void) { return KEY_BTAB; }
int pm_key_enter(void) { return KEY_ENTER; }
int pm_key_backspace(void) { return KEY_BACKSPACE; }
int pm_key_dc(void) { return KEY_DC; }
int pm_key_f1(void) { return KEY_F(1); }

int pm_colors(void) { return pm_ncolors; }

/* Colour pairs are allocated on demand, one per (fg, bg) combination in
 * the order styles are first used (fg/bg -1 = the terminal's default). The
 * pair goes to setcchar's pair argument: the colour bits of attr_t hold only
 * pairs below 256, and setcchar takes its pair argument over them, so a pair
 * passed through the attributes alone never reached the screen. */
static short pm_pair_table[257][257];
static int pm_pairs_used = 0;

unsigned int pm_attr(int bold, int dim, int reverse, int underline) {
    attr_t a = A_NORMAL;
    if (bold) a |= A_BOLD;
    if (dim) a |= A_DIM;
    if (reverse) a |= A_REVERSE;
    if (underline) a |= A_UNDERLINE;
    return (unsigned int)a;
}

int pm_pair(int fg, int bg) {
    if (pm_ncolors <= 0 || (fg < 0 && bg < 0)) return 0;
    /* Colours the terminal lacks fall back to the eight basic ones. */
    if (fg >= pm_ncolors) fg = fg % 8;
    if (bg >= pm_ncolors) bg = bg % 8;
    if (fg < -1 || fg > 255 || bg < -1 || bg > 255) return 0;
    short *slot = &pm_pair_table[fg + 1][bg + 1];
    if (*slot == 0) {
        if (pm_pairs_used + 1 >= COLOR_PAIRS || pm_pairs_used + 1 > 32767) return 0;
        if (init_pair((short)(pm_pairs_used + 1), (short)fg, (short)bg) != OK) return 0;
        *slot = (short)++pm_pairs_used;
    }
    return *slot;
}

void pm_put(int y, int x, const char *utf8, unsigned int attr, int pair) {
    if (y < 0 || x < 0 || y >= LINES || x >= COLS) return;
    wchar_t wbuf[16];
    size_t n = mbstowcs(wbuf, utf8, 15);
    if (n == (size_t)-1) { wbuf[0] = L'?'; n = 1; }
    wbuf[n] = 0;
    cchar_t cc;
    setcchar(&cc, wbuf, (attr_t)attr, (short)pair, NULL);
    /* On the bottom-right cell add_wch returns ERR (the cursor cannot
     * advance); the cell is still drawn. */
    mvwadd_wch(stdscr, y, x, &cc);
}

void pm_refresh(void) { refresh(); }
void pm_clear(void) { clear(); }

void pm_write_raw(const char *s) {
    size_t n = strlen(s);
    while (n > 0) {
        ssize_t w = write(1, s, n);
        if (w <= 0) return;
        s += w; n -= (size_t)w;
    }
}

static void pm_crash_handler(int sig) {
    /* Async-signal-safe only: write() and tcsetattr(), then re-raise. */
    if (pm_active) {
        ssize_t ignored = write(1, pm_reset_seq, sizeof(pm_reset_seq) - 1);
        (void)ignored;
        if (pm_have_tio) tcsetattr(0, TCSANOW, &pm_saved_tio);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void pm_quit_handler(int sig) {
    pm_quit = sig;
}

int pm_quit_requested(void) { return pm_quit; }

void pm_install_signal_handlers(void) {
    int crash[] = { SIGILL, SIGTRAP, SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGSYS };
    for (size_t i = 0; i < sizeof(crash) / sizeof(crash[0]); i++) signal(crash[i], pm_crash_handler);
    /* Every other signal whose default is to end the process: set a flag; the
     * main loop wakes within its input timeout, restores the terminal and
     * exits cleanly (128 + the signal). SIGQUIT is among them: Swift's
     * backtracer would otherwise take it and leave the terminal in UI modes. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = pm_quit_handler;
    int quit[] = { SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
                   SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPWR, SIGSTKFLT };
    for (size_t i = 0; i < sizeof(quit) / sizeof(quit[0]); i++) sigaction(quit[i], &sa, NULL);
    /* A closed pipe or terminal shows up as a failed write, not a dead process. */
    signal(SIGPIPE, SIG_IGN);
}
