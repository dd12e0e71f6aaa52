import CSQLite
import PinModel
import CSearchTokenizer

/// `pinmap_contains(text, word)`: whether `text` contains `word` ignoring case by Unicode
/// rules (`Store.caseFold`; `word` comes folded), as the FTS5 trigram index matches. SQLite's LIKE folds ASCII letters only, so a scan with LIKE would miss `CAFÉ`
/// in "Café": search uses this function for the words LIKE cannot fold (`SearchText`).
extension Store {
    /// Registers search's SQL functions and FTS5 tokenizer on `db`, before any migration
    /// runs (the triggers, views and indexes of migrations 6, 9 and 11 use them).
    /// - Throws: `StoreError` when SQLite refuses one.
    static func registerSearchFunctions(on db: Database) throws(StoreError) {
        try registerContainsFunction(on: db)
        try registerRelevanceFunction(on: db)
        try registerCharsFunction(on: db)
        try registerSearchTokenizer(on: db)
    }

    /// Registers `pinmap_contains` on `db`.
    /// - Throws: `StoreError` when SQLite refuses it.
    private static func registerContainsFunction(on db: Database) throws(StoreError) {
        let rc = sqlite3_create_function_v2(
            db.handle, "pinmap_contains", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
            { ctx, argc, argv in
                guard argc == 2, let argv, let text = Store.text(argv[0]), let word = Store.text(argv[1]) else {
                    sqlite3_result_int(ctx, 0)
                    return
                }
                sqlite3_result_int(ctx, word.isEmpty || Store.caseFold(text).contains(word) ? 1 : 0)
            }, nil, nil, nil)
        if rc != SQLITE_OK { throw db.failure(rc) }
    }

    /// Registers `pinmap_relevance` (`RelevanceFunction`).
    /// - Throws: `StoreError` when SQLite refuses it.
    private static func registerRelevanceFunction(on db: Database) throws(StoreError) {
        let rc = sqlite3_create_function_v2(db.handle, "pinmap_relevance", 5, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
                                            RelevanceFunction.function, nil, nil, nil)
        if rc != SQLITE_OK { throw db.failure(rc) }
    }

    /// Registers the FTS5 tokenizer `pinmap_search` of the search index (migration 11;
    /// Sources/CSearchTokenizer/search_tokenizer.c): the grams of 1, 2 and 3 characters that
    /// start at each character, folded as FTS5's trigram tokenizer folds.
    /// - Throws: `StoreError` when FTS5 is missing or refuses it.
    private static func registerSearchTokenizer(on db: Database) throws(StoreError) {
        let rc = pinmap_register_search_tokenizer(db.handle)
        if rc != SQLITE_OK { throw StoreError("cannot register the search tokenizer: \(db.lastMessage)", code: rc) }
    }

    /// Registers `pinmap_chars(text)`: `text` with a space after every character (its
    /// Unicode scalars; whitespace dropped), which migration 6's character index used, and
    /// `pinmap_grams(text)`, the tokens of the character index since migration 9 (`grams`).
    /// NULL stays NULL.
    private static func registerCharsFunction(on db: Database) throws(StoreError) {
        for (name, fn) in [("pinmap_chars", Store.charsSQL), ("pinmap_grams", Store.gramsSQL)] {
            let rc = sqlite3_create_function_v2(db.handle, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, fn, nil, nil, nil)
            if rc != SQLITE_OK { throw StoreError(db.lastMessage, code: rc) }
        }
    }

    private typealias SQLFunction = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void
    private static let charsSQL: SQLFunction = { ctx, argc, argv in Store.resultText(ctx, argc, argv, Store.spaceOut) }
    private static let gramsSQL: SQLFunction = { ctx, argc, argv in Store.resultText(ctx, argc, argv, Store.grams) }

    /// Sets the result of a one-argument text function to `transform` of its argument's
    /// UTF-8 bytes (NULL for NULL).
    private static func resultText(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?,
                                   _ transform: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void) {
        guard argc == 1, let argv, let p = sqlite3_value_text(argv[0]) else { sqlite3_result_null(ctx); return }
        let n = Int(sqlite3_value_bytes(argv[0]))
        var out: [UInt8] = []
        out.reserveCapacity(n * 3)
        transform(UnsafeBufferPointer(start: p, count: n), &out)
        out.withUnsafeBufferPointer { b in
            sqlite3_result_text(ctx, UnsafeRawPointer(b.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(b.count),
                                unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }
    }

    /// Copies UTF-8 `text` with a space after every scalar (a lead byte starts one), ASCII
    /// whitespace and control bytes turned into nothing: the separators are ours.
    static func spaceOut(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        forEachScalar(text) { r in
            guard let r else { return }
            out.append(contentsOf: text[r]); out.append(0x20)
        }
        if out.isEmpty { out.append(0x20) }  // never a NULL pointer for an empty text
    }

    /// The tokens of the character index (migration 9) for UTF-8 `text`: every scalar and
    /// every pair of adjacent scalars, each followed by a space (`Seoul` → `S Se e eo o ou
    /// u ul l `), so a 1–2 character word is one token and needs no positions
    /// (`detail=none`). ASCII whitespace and control bytes are left out and break pairs, as
    /// search words never hold them. unicode61 then folds case and drops punctuation.
    static func grams(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var previous: Range<Int>?
        forEachScalar(text) { r in
            guard let r else { previous = nil; return }
            out.append(contentsOf: text[r]); out.append(0x20)
            if let p = previous { out.append(contentsOf: text[p]); out.append(contentsOf: text[r]); out.append(0x20) }
            previous = r
        }
        if out.isEmpty { out.append(0x20) }  // never a NULL pointer for an empty text
    }

    /// Calls `body` with the byte range of each scalar of UTF-8 `text` (a lead byte starts
    /// one), or nil for an ASCII whitespace or control byte.
    private static func forEachScalar(_ text: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>?) -> Void) {
        var i = 0
        while i < text.count {
            let b = text[i]
            let len = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            let end = min(text.count, i + len)
            body(b > 0x20 && b != 0x7F ? i..<end : nil)
            i = end
        }
    }

    /// `text` with case removed: lowercased, and final sigma ς as σ (what Unicode case
    /// folding, and so FTS5, does beyond lowercasing for the scripts pins are written in).
    static func caseFold(_ text: String) -> String { SearchRelevance.fold(text) }

    /// The text of an SQL value (all of it, NUL bytes included), nil for NULL.
    private static func text(_ value: OpaquePointer?) -> String? {
        guard let p = sqlite3_value_text(value) else { return nil }
        let n = Int(sqlite3_value_bytes(value))
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }
}
