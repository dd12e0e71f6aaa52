/* Display width of a Unicode scalar in terminal cells, from glibc's wcwidth
 * evaluated in the C.UTF-8 locale whatever the process locale is (so widths
 * are the same in tests, `pinmap render` and the UI). -1 for unprintable. */
#ifndef PINMAP_CTEXTWIDTH_H
#define PINMAP_CTEXTWIDTH_H
int pm_wcwidth(unsigned int scalar);
#endif
