import CSQLite

/// `pinmap_contains(text, word)`: whether `text` contains `word` ignoring case by Unicode
/// rules (`Store.caseFold`; `word` comes folded), as the FTS5 trigram index matches. SQLite's LIKE folds ASCII letters only, so a scan with LIKE would miss `CAFÉ`
/// in "Café": search uses this function for the words LIKE cannot fold (`SearchText`).
extension Store {
    /// Registers the function on this connection.
    /// - Throws: `StoreError` when SQLite refuses it.
    func registerSearchFunction() throws(StoreError) {
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

    /// `text` with case removed: lowercased, and final sigma ς as σ (what Unicode case
    /// folding, and so FTS5, does beyond lowercasing for the scripts pins are written in).
    static func caseFold(_ text: String) -> String {
        let lower = text.lowercased()
        return lower.contains("ς") ? lower.replacing("ς", with: "σ") : lower
    }

    /// The text of an SQL value (all of it, NUL bytes included), nil for NULL.
    private static func text(_ value: OpaquePointer?) -> String? {
        guard let p = sqlite3_value_text(value) else { return nil }
        let n = Int(sqlite3_value_bytes(value))
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }
}
