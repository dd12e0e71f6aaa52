// The FTS5 tokenizer `pinmap_search` of the search index `pins_fts` (migration 11): one
// index for substrings of every length, case folded, punctuation included.
//
// For each character of a text that is not ASCII whitespace or a control byte it emits the
// gram that starts there: the next three characters, cut short at whitespace or at the end
// of the text, and, when that gram is longer, its first character and its first two. So
// "Seoul cafe" gives s se seo e eo eou o ou oul u ul l c ca caf a af afe f fe e. A word of 1,
// 2 or 3 characters is then one token, and a longer one the AND of its trigrams (to be
// checked on the pin: the index keeps no positions). Three tokens per character in one
// index and one pass over the pins, where a trigram index and a separate index of
// characters and pairs (fed by a Swift function through a view) took two (issue #14).
//
// Case folding is FTS5's own: the text goes through the built-in `trigram` tokenizer with two
// spaces appended (its trigrams come folded, and the padding makes it emit one for each of
// the last two characters as well), and each trigram is cut at its first whitespace. SQLite
// has no C API for its fold function, and its other tokenizers drop punctuation.
//
// A query string (FTS5_TOKENIZE_QUERY) gives its first gram and then only whole trigrams:
// `"a"` is the token a, `"sa"` sa, `"caf"` caf; a longer string gives several tokens, which
// an index without positions (detail=none) refuses as a phrase rather than answering wrongly.
#include <string.h>
#include <sqlite3.h>
#include "search_tokenizer.h"

typedef struct SearchTokenizer {
    fts5_tokenizer trigram;  // the built-in trigram tokenizer's methods
    Fts5Tokenizer *inner;    // and its instance
} SearchTokenizer;

typedef int (*TokenCallback)(void *, int, const char *, int, int, int);

typedef struct GramContext {
    void *ctx;
    TokenCallback xToken;
    int query;    // tokenizing a query string
    int emitted;  // grams passed on so far
    int length;   // bytes of the caller's text (the padding lies beyond)
} GramContext;

static int searchCreate(void *api, const char **args, int count, Fts5Tokenizer **out) {
    (void)args; (void)count;
    fts5_api *fts5 = (fts5_api *)api;
    SearchTokenizer *t = sqlite3_malloc(sizeof *t);
    if (!t) return SQLITE_NOMEM;
    memset(t, 0, sizeof *t);
    void *data = 0;
    int rc = fts5->xFindTokenizer(fts5, "trigram", &data, &t->trigram);
    if (rc == SQLITE_OK) rc = t->trigram.xCreate(data, 0, 0, &t->inner);
    if (rc != SQLITE_OK) { sqlite3_free(t); return rc; }
    *out = (Fts5Tokenizer *)t;
    return SQLITE_OK;
}

static void searchDelete(Fts5Tokenizer *p) {
    SearchTokenizer *t = (SearchTokenizer *)p;
    if (t->inner) t->trigram.xDelete(t->inner);
    sqlite3_free(t);
}

// Bytes of the first `count` UTF-8 characters of `s` (at most `n`).
static int leadingCharacters(const char *s, int n, int count) {
    int k = 0;
    while (count-- > 0 && k < n) {
        k++;
        while (k < n && ((unsigned char)s[k] & 0xC0) == 0x80) k++;
    }
    return k;
}

// One folded trigram of the padded text (it starts at byte `start`) → its gram, cut at the
// first whitespace or control byte, and the gram's first one and two characters.
static int gramToken(void *p, int flags, const char *token, int bytes, int start, int end) {
    (void)flags; (void)end;
    GramContext *c = (GramContext *)p;
    int n = 0;
    while (n < bytes && (unsigned char)token[n] > 0x20 && token[n] != 0x7F) n++;
    if (n == 0) return SQLITE_OK;
    if (c->query && c->emitted > 0 && n < bytes) return SQLITE_OK;
    c->emitted++;
    if (!c->query) {
        int one = leadingCharacters(token, n, 1), two = leadingCharacters(token, n, 2);
        int rc = one < n ? c->xToken(c->ctx, 0, token, one, start, start + one) : SQLITE_OK;
        if (rc == SQLITE_OK && two < n) rc = c->xToken(c->ctx, 0, token, two, start, start + two);
        if (rc != SQLITE_OK) return rc;
    }
    int stop = start + n < c->length ? start + n : c->length;
    return c->xToken(c->ctx, 0, token, n, start, stop);
}

static int searchTokenize(Fts5Tokenizer *p, void *ctx, int flags, const char *text, int length,
                          TokenCallback xToken) {
    SearchTokenizer *t = (SearchTokenizer *)p;
    GramContext c = { ctx, xToken, (flags & FTS5_TOKENIZE_QUERY) != 0, 0, length };
    char stack[512];
    char *padded = length + 2 <= (int)sizeof stack ? stack : sqlite3_malloc(length + 2);
    if (!padded) return SQLITE_NOMEM;
    memcpy(padded, text, (size_t)length);
    padded[length] = ' ';
    padded[length + 1] = ' ';
    // Always as a document: what a query gives is decided here (`gramToken`).
    int rc = t->trigram.xTokenize(t->inner, &c, FTS5_TOKENIZE_DOCUMENT, padded, length + 2, gramToken);
    if (padded != stack) sqlite3_free(padded);
    return rc;
}

int pinmap_register_search_tokenizer(sqlite3 *db) {
    fts5_api *api = 0;
    sqlite3_stmt *st = 0;
    int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &st, 0);
    if (rc != SQLITE_OK) return rc;
    sqlite3_bind_pointer(st, 1, (void *)&api, "fts5_api_ptr", 0);
    sqlite3_step(st);
    rc = sqlite3_finalize(st);
    if (rc != SQLITE_OK) return rc;
    if (!api || api->iVersion < 2) return SQLITE_ERROR;
    fts5_tokenizer methods = { searchCreate, searchDelete, searchTokenize };
    return api->xCreateTokenizer(api, "pinmap_search", api, &methods, 0);
}
