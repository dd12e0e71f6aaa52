#define _GNU_SOURCE 1
#include "ctextwidth.h"
#include <locale.h>
#include <wchar.h>

int pm_wcwidth(unsigned int scalar) {
    if (scalar < 0x80) return (scalar >= 0x20 && scalar < 0x7f) ? 1 : -1;
    /* Thread-local switch to C.UTF-8 for the lookup; newlocale result is
     * created once per thread and kept. */
    static __thread locale_t utf8 = (locale_t)0;
    if (utf8 == (locale_t)0) utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    if (utf8 == (locale_t)0) return 1;
    locale_t old = uselocale(utf8);
    int w = wcwidth((wchar_t)scalar);
    uselocale(old);
    return w;
}
