// The FTS5 tokenizer `pinmap_search` of the search index `pins_fts` (migration 11): one
// index for substrings of every length, case folded, punctuation included.
//
// For each character of a text that is not ASCII whitespace or a control byte it emits
//   - the gram that starts there: the next three characters, cut short at whitespace or at
//     the end of the text, and
//   - when that gram is longer than one character, the character alone,
// so "Seoul cafe" gives seo s eou e oul o ul u l caf c afe a fe f e. A word of 3 characters
// is then one token, a longer one the AND of its trigrams (to be checked on the pin: the
// index keeps no positions), a 1-character word one token, and a 2-character word an FTS5
// prefix query (`"se"*`: the grams that start with it). Two tokens per character, where a
// trigram index beside an index of characters and adjacent pairs needed three and a second
// pass over the pins (issue #14).
//
// Case folding is FTS5's own: the text goes through the built-in `trigram` tokenizer with two
// spaces appended (its trigrams come folded, and the padding makes it emit one for each of
// the last two characters as well), and each trigram is cut at its first whitespace. SQLite
// has no C API for its fold function, and its other tokenizers drop punctuation.
//
// A query string (FTS5_TOKENIZE_QUERY) gives its first gram and then only whole trigrams, no
// single characters: `"a"` is the token a, `"sa"` sa, `"caf"` caf; a longer string gives
// several tokens, which an index without positions (detail=none) refuses as a phrase rather
// than answering wrongly.
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

// Bytes of the UTF-8 character that starts `s` (at most `n`).
static int firstCharacter(const char *s, int n) {
    int k = 1;
    while (k < n && ((unsigned char)s[k] & 0xC0) == 0x80) k++;
    return k;
}

// One folded trigram of the padded text (it starts at byte `start`) → its gram, cut at the
// first whitespace or control byte, and the gram's first character.
static int gramToken(void *p, int flags, const char *token, int bytes, int start, int end) {
    (void)flags; (void)end;
    GramContext *c = (GramContext *)p;
    int n = 0;
    while (n < bytes && (unsigned char)token[n] > 0x20 && token[n] != 0x7F) n++;
    if (n == 0) return SQLITE_OK;
    if (c->query && c->emitted > 0 && n < bytes) return SQLITE_OK;
    c->emitted++;
    int stop = start + n < c->length ? start + n : c->length;
    int first = firstCharacter(token, n);
    if (!c->query && first < n) {
        int rc = c->xToken(c->ctx, 0, token, first, start, start + first);
        if (rc != SQLITE_OK) return rc;
    }
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
    int rc = t->trigram.xTokenize(t->inner, &c, flags, padded, length + 2, gramToken);
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
