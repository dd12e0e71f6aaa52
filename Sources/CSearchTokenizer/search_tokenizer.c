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
// Most documents take a faster route with the same tokens (`caselessGrams`): text of ASCII
// and caseless scripts (Hangul, kana, CJK) is folded in one pass, where the trigram route
// folds each character three times, and a 1- or 2-character gram that repeats within a
// text is passed on once (FTS5 keeps one copy per row anyway, but looks each copy up).
// 1,000,000 generated pins: the index fills in about 1 s less CPU (≈ 5.5 s → 4.4 s) and is
// byte-identical but for the token totals FTS5 keeps for ranking (unused here). Other
// text (Latin accents, Greek, emoji, over 512 bytes) takes the trigram route. The argument
// "reference" makes an instance always take it (SearchTokenizerTests compares the two).
//
// A query string (FTS5_TOKENIZE_QUERY) gives its first gram and then only whole trigrams:
// `"a"` is the token a, `"sa"` sa, `"caf"` caf; a longer string gives several tokens, which
// an index without positions (detail=none) refuses as a phrase rather than answering wrongly.
#include <stdint.h>
#include <string.h>
#include <sqlite3.h>
#include "search_tokenizer.h"

// The 1- and 2-character grams one text has emitted, so a repeated one is passed on once
// (`GramSet`): without positions (detail=none) a second copy changes nothing in the index
// but costs FTS5 a hash lookup. Open addressing on the gram's bytes; a generation number
// per slot empties the set for each text without clearing it.
#define GRAM_SLOTS 128
typedef struct GramSet {
    uint64_t ascii[2];  // single ASCII characters, a bit each
    uint64_t key[GRAM_SLOTS];
    uint32_t generation[GRAM_SLOTS];
    uint32_t now;
    int used;
} GramSet;

typedef struct SearchTokenizer {
    fts5_tokenizer trigram;  // the built-in trigram tokenizer's methods
    Fts5Tokenizer *inner;    // and its instance
    int reference;           // argument "reference": always the trigram tokenizer (tests)
    GramSet seen;
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
    fts5_api *fts5 = (fts5_api *)api;
    SearchTokenizer *t = sqlite3_malloc(sizeof *t);
    if (!t) return SQLITE_NOMEM;
    memset(t, 0, sizeof *t);
    t->reference = count == 1 && strcmp(args[0], "reference") == 0;
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

// A document's text whose every character FTS5 leaves as it is when folding case, apart
// from ASCII capitals: ASCII, and the caseless scripts of most non-ASCII text here (Hangul,
// kana, CJK ideographs, general punctuation). Fills `folded` (ASCII capitals lowered) and
// `starts` (byte offset of each character, then `length`); returns the characters, or -1
// when a character needs Unicode case folding (or the text is long or not UTF-8 of these
// ranges): the trigram tokenizer folds that text.
#define FAST_BYTES 512
static int caselessCharacters(const unsigned char *s, int length, unsigned char *folded, int *starts) {
    if (length > FAST_BYTES) return -1;
    int chars = 0;
    for (int i = 0; i < length;) {
        starts[chars++] = i;
        unsigned char b = s[i];
        if (b < 0x80) { folded[i] = (b >= 'A' && b <= 'Z') ? (unsigned char)(b + 32) : b; i++; continue; }
        if ((b & 0xF0) != 0xE0 || i + 2 >= length || (s[i + 1] & 0xC0) != 0x80 || (s[i + 2] & 0xC0) != 0x80) return -1;
        unsigned c = ((b & 0x0Fu) << 12) | ((s[i + 1] & 0x3Fu) << 6) | (s[i + 2] & 0x3Fu);
        int caseless = (c >= 0x1100 && c <= 0x11FF)     // Hangul Jamo
            || (c >= 0x2000 && c <= 0x206F)             // general punctuation
            || (c >= 0x3000 && c <= 0x30FF)             // CJK punctuation, hiragana, katakana
            || (c >= 0x3130 && c <= 0x318F)             // Hangul compatibility Jamo
            || (c >= 0x3400 && c <= 0x4DBF)             // CJK extension A
            || (c >= 0x4E00 && c <= 0x9FFF)             // CJK unified ideographs
            || (c >= 0xAC00 && c <= 0xD7A3);            // Hangul syllables
        if (!caseless) return -1;
        memcpy(folded + i, s + i, 3);
        i += 3;
    }
    starts[chars] = length;
    return chars;
}

// Whether `gram` (at most 8 bytes) is new in this text; false once it was passed on. A
// nearly full set answers true (the gram goes to FTS5, which keeps one copy anyway).
static int firstInText(GramSet *set, const unsigned char *gram, int bytes) {
    if (bytes == 1) {
        uint64_t bit = 1ull << (gram[0] & 63), *word = &set->ascii[gram[0] >> 6];
        if (*word & bit) return 0;
        *word |= bit;
        return 1;
    }
    if (bytes > 7 || set->used >= GRAM_SLOTS / 2) return 1;
    uint64_t key = 0;
    memcpy(&key, gram, (size_t)bytes);
    key = (key << 8) | (uint64_t)bytes;
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    for (unsigned i = (unsigned)(h >> 57);; i = (i + 1) % GRAM_SLOTS) {
        if (set->generation[i] != set->now) {
            set->generation[i] = set->now;
            set->key[i] = key;
            set->used++;
            return 1;
        }
        if (set->key[i] == key) return 0;
    }
}

// The document grams of `gramToken` for a text `caselessCharacters` folded: for each
// character that is not ASCII whitespace or control, its gram of up to three characters
// (cut at whitespace, control or the end) and that gram's first one and two characters,
// each 1- or 2-character gram once per text. Same tokens as the trigram route, without
// folding each character three times and copying the text.
static int caselessGrams(GramSet *seen, void *ctx, TokenCallback xToken, const unsigned char *folded, const int *starts,
                         int chars) {
    if (++seen->now == 0) { memset(seen->generation, 0, sizeof seen->generation); seen->now = 1; }
    seen->used = 0;
    seen->ascii[0] = seen->ascii[1] = 0;
    int rc = SQLITE_OK;
    for (int i = 0; i < chars && rc == SQLITE_OK; i++) {
        int n = 0;
        while (n < 3 && i + n < chars) {
            unsigned char b = folded[starts[i + n]];
            if (b <= 0x20 || b == 0x7F) break;
            n++;
        }
        if (n == 0) continue;
        const char *gram = (const char *)folded + starts[i];
        for (int k = 1; k <= n && rc == SQLITE_OK; k++) {
            int bytes = starts[i + k] - starts[i];
            if (k == 3 || firstInText(seen, folded + starts[i], bytes)) {
                rc = xToken(ctx, 0, gram, bytes, starts[i], starts[i] + bytes);
            }
        }
    }
    return rc;
}

static int searchTokenize(Fts5Tokenizer *p, void *ctx, int flags, const char *text, int length,
                          TokenCallback xToken) {
    SearchTokenizer *t = (SearchTokenizer *)p;
    if (!(flags & FTS5_TOKENIZE_QUERY) && !t->reference) {
        unsigned char folded[FAST_BYTES];
        int starts[FAST_BYTES + 1];
        int chars = caselessCharacters((const unsigned char *)text, length, folded, starts);
        if (chars >= 0) return caselessGrams(&t->seen, ctx, xToken, folded, starts, chars);
    }
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
