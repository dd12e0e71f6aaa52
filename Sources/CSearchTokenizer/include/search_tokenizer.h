#ifndef PINMAP_SEARCH_TOKENIZER_H
#define PINMAP_SEARCH_TOKENIZER_H

#include <sqlite3.h>

/// Registers the FTS5 tokenizer `pinmap_search` on `db` (search_tokenizer.c says which
/// tokens it emits). Returns SQLITE_OK, or SQLite's error code when FTS5 is missing or
/// refuses it.
int pinmap_register_search_tokenizer(sqlite3 *db);

#endif
