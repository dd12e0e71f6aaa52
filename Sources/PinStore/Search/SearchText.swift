/// What a person typed into a search field, turned into SQL that can never
/// fail on their text: every word becomes a quoted FTS5 string or an escaped
/// LIKE pattern, so `"`, `*`, `-`, `(`, `AND`, `NEAR` or `%` are just characters.
///
/// A pin matches when every word occurs, ignoring case, inside its title,
/// description, category or one of its property values (a substring match, so `muse` finds "Museum" and
/// `기념` finds "전쟁기념관"). One FTS5 index answers words of every length: `pins_fts`
/// (migration 11, tokenizer `pinmap_search`) holds, for each character, the grams of one,
/// two and three characters that start there, without positions (`detail=none`). A word of
/// 1–3 characters is one token, a longer word the AND of its trigrams, then checked on the
/// pin (`scan(_:)`), as the trigrams may occur apart. Punctuation is indexed like
/// letters. Pins a large import left unindexed are scanned (LIKE for ASCII words,
/// `pinmap_contains` with Unicode case folding for the others).
public struct SearchText: Sendable, Hashable {
    /// The words, in order, without duplicates; control characters removed.
    public let words: [String]

    /// Splits `text` at whitespace.
    public init(_ text: String) {
        var seen = Set<String>()
        var out: [String] = []
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        for w in cleaned.split(whereSeparator: { $0.isWhitespace }) {
            let word = String(w)
            if seen.insert(word.lowercased()).inserted { out.append(word) }
        }
        words = out
    }

    /// True when there is nothing to search for (every pin matches).
    public var isEmpty: Bool { words.isEmpty }

    /// The FTS5 query for the words of 3 or more characters: every trigram of each word,
    /// joined by AND (`muse` → `"mus" AND "use"`; the index keeps no positions, so no
    /// phrases), or nil when there are none. Each trigram is an FTS5 string with `"`
    /// doubled. Words of 4 or more characters must be checked on the pin as well
    /// (`recheckedWords`).
    public var ftsQuery: String? {
        var seen = Set<String>()
        var grams: [String] = []
        for w in words where w.unicodeScalars.count >= 3 {
            for g in Self.trigrams(w) where seen.insert(g).inserted { grams.append(g) }
        }
        guard !grams.isEmpty else { return nil }
        return grams.map(Self.quoted).joined(separator: " AND ")
    }

    /// The long words the index answers only in part (4 or more characters: their
    /// trigrams may occur apart); a 3-character word is one trigram, an exact match.
    var recheckedWords: [String] { words.filter { $0.unicodeScalars.count > 3 } }

    /// The trigrams (3 consecutive Unicode scalars) of `w`, in order.
    public static func trigrams(_ w: String) -> [String] {
        let s = Array(w.unicodeScalars)
        guard s.count >= 3 else { return [] }
        return (0...(s.count - 3)).map { i in String(String.UnicodeScalarView(s[i..<(i + 3)])) }
    }

    /// The FTS5 query for the 1–2 character words: each word one token (`"기념" AND "a"`;
    /// the index holds every character and every pair of adjacent characters), or nil when
    /// there are none. Exact: nothing to check on the pin.
    public var wordsQuery: String? {
        let short = words.filter { $0.unicodeScalars.count < 3 }
        guard !short.isEmpty else { return nil }
        return short.map(Self.quoted).joined(separator: " AND ")
    }

    /// The FTS5 query of `pins_fts` for every word (`ftsQuery` AND `wordsQuery`), or nil when
    /// there are no words. The words of `recheckedWords` must be checked on the pin as well.
    var matchQuery: String? {
        let parts = [ftsQuery, wordsQuery].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " AND ")
    }

    static func quoted(_ w: String) -> String { "\"" + w.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// `%word%` with `\`, `%` and `_` escaped by `\` (LIKE's escape in SQLite with
    /// `ESCAPE '\'`, PostgreSQL's default).
    public static func likePattern(_ w: String) -> String {
        var p = "%"
        for c in w {
            if c == "\\" || c == "%" || c == "_" { p.append("\\") }
            p.append(c)
        }
        return p + "%"
    }

    /// The SQL condition on table `pins` and its arguments, or nil when empty.
    /// - Parameter unindexedAbove: pins with a larger id are not in `pins_fts`
    ///   yet (a large import's backlog): they are matched with LIKE instead
    ///   (a scan of those pins; ASCII-only case folding, as SQLite's LIKE).
    /// - Parameter table: prefix for the pins' columns (`"p."` when joined with an FTS table).
    func whereClause(unindexedAbove: Int64? = nil, table prefix: String = "") -> (sql: String, args: [SQLValue])? {
        guard let query = matchQuery else { return nil }
        // The index's answer, with the words it answers only in part checked on the pin.
        let checks = recheckedWords.map { Self.scan($0, table: prefix) }
        let fts = (["\(prefix)id IN (SELECT rowid FROM pins_fts WHERE pins_fts MATCH ?)"] + checks.map(\.sql))
            .joined(separator: " AND ")
        var args: [SQLValue] = [.text(query)] + checks.flatMap(\.args)
        guard let from = unindexedAbove else { return (fts, args) }
        let scans = words.map { Self.scan($0, table: prefix) }
        args.append(.int(from))
        args += scans.flatMap(\.args)
        return ("((\(fts)) OR (\(prefix)id > ? AND " + scans.map(\.sql).joined(separator: " AND ") + "))", args)
    }

    /// A condition that scans the pins for `word` in any text column or property value, ignoring case as the
    /// trigram index does: LIKE for ASCII words (SQLite folds ASCII letters, and fast), else
    /// `pinmap_contains` (Unicode case folding, Store+SearchFunction.swift).
    static func scan(_ word: String, table t: String = "") -> (sql: String, args: [SQLValue]) {
        if word.unicodeScalars.allSatisfy(\.isASCII) {
            let p = likePattern(word)
            let values = PropertySearch.anyValueSQL(#"value LIKE ? ESCAPE '\'"#, column: t + "properties")
            return ("(\(t)title LIKE ? ESCAPE '\\' OR \(t)description LIKE ? ESCAPE '\\' OR \(t)category LIKE ? ESCAPE '\\' OR \(values))",
                    [.text(p), .text(p), .text(p), .text(p)])
        }
        let w = SQLValue.text(Store.caseFold(word))
        let values = PropertySearch.anyValueSQL("pinmap_contains(value, ?)", column: t + "properties")
        return ("(pinmap_contains(\(t)title, ?) OR pinmap_contains(\(t)description, ?) OR pinmap_contains(\(t)category, ?) OR \(values))",
                [w, w, w, w])
    }
}
