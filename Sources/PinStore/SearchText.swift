/// What a person typed into a search field, turned into SQL that can never
/// fail on their text: every word becomes a quoted FTS5 string or an escaped
/// LIKE pattern, so `"`, `*`, `-`, `(`, `AND`, `NEAR` or `%` are just characters.
///
/// A pin matches when every word occurs, ignoring case, inside its title,
/// description, category or one of its property values (a substring match, so `muse` finds "Museum" and
/// `기념` finds "전쟁기념관"). Words of 3 or more characters go through the
/// FTS5 trigram index `pins_fts` (SQLite ≥ 3.34), which keeps no positions
/// (migration 9, `detail=none`): a word is looked up as the AND of its trigrams, and
/// a word of 4 or more characters is then checked on the pin (`scan(_:)`), as the
/// trigrams may occur apart. A trigram index cannot answer 1–2 character words, so
/// those go through the character index `pins_words` (migration 9: every character
/// and every pair of adjacent characters is a token, so a short word is one token);
/// short words of punctuation only are checked on the pins themselves (a scan: LIKE
/// for ASCII words, `pinmap_contains` with Unicode case folding for the others).
public struct SearchText: Sendable, Hashable {
    /// The words, in order, without duplicates; control characters removed.
    public let words: [String]

    /// Words already split (a part of another search).
    init(words: [String]) { self.words = words }

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

    /// The FTS5 query of the trigram index for the long words: every trigram of each word,
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

    /// The long words the trigram index answers only in part (4 or more characters: their
    /// trigrams may occur apart); a 3-character word is one trigram, an exact match.
    var recheckedWords: [String] { words.filter { $0.unicodeScalars.count > 3 } }

    /// The trigrams (3 consecutive Unicode scalars) of `w`, in order.
    static func trigrams(_ w: String) -> [String] {
        let s = Array(w.unicodeScalars)
        guard s.count >= 3 else { return [] }
        return (0...(s.count - 3)).map { i in String(String.UnicodeScalarView(s[i..<(i + 3)])) }
    }

    /// The FTS5 query of the character index `pins_words` for the short words that hold a
    /// letter or digit: each word one token (`"기념" AND "c"`: the index holds every
    /// character and every pair of adjacent characters, `Store.grams`), or nil when none.
    /// Punctuation is not indexed: such words also get a scan condition.
    public var wordsQuery: String? {
        let short = words.filter(Self.usesWordIndex)
        guard !short.isEmpty else { return nil }
        return short.map(Self.quoted).joined(separator: " AND ")
    }

    /// A 1–2 character word with a letter or digit: the character index answers it.
    /// Shorter words of punctuation only are matched by a scan.
    static func usesWordIndex(_ w: String) -> Bool {
        w.unicodeScalars.count < 3 && w.unicodeScalars.contains(where: isIndexedScalar)
    }

    /// Letters and digits: what unicode61 keeps as token characters.
    static func isIndexedScalar(_ u: Unicode.Scalar) -> Bool {
        u.properties.isAlphabetic || u.properties.numericType != nil
    }

    /// A short word the character index covers only in part (it holds punctuation).
    static func needsScanToo(_ w: String) -> Bool {
        usesWordIndex(w) && !w.unicodeScalars.allSatisfy(isIndexedScalar)
    }

    static func quoted(_ w: String) -> String { "\"" + w.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// `%word%` with `\`, `%` and `_` escaped by `\`.
    static func likePattern(_ w: String) -> String {
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
    func whereClause(unindexedAbove: Int64? = nil, table: String = "") -> (sql: String, args: [SQLValue])? {
        guard !isEmpty else { return nil }
        var parts: [String] = []
        var args: [SQLValue] = []
        let indexed: [(table: String, query: String?, words: [String])] = [
            ("pins_fts", ftsQuery, words.filter { $0.unicodeScalars.count >= 3 }),
            ("pins_words", wordsQuery, words.filter(Self.usesWordIndex)),
        ]
        let prefix = table
        for (index, query, covered) in indexed {
            guard let query else { continue }
            // The index's answer, with the words it answers only in part checked on the pin.
            let checks = index == "pins_fts" ? recheckedWords.map { Self.scan($0, table: prefix) } : []
            let fts = (["\(prefix)id IN (SELECT rowid FROM \(index) WHERE \(index) MATCH ?)"] + checks.map(\.sql))
                .joined(separator: " AND ")
            args.append(.text(query))
            for c in checks { args += c.args }
            if let from = unindexedAbove {
                let scans = covered.map { Self.scan($0, table: prefix) }
                parts.append("((\(fts)) OR (\(prefix)id > ? AND " + scans.map(\.sql).joined(separator: " AND ") + "))")
                args.append(.int(from))
                for s in scans { args += s.args }
            } else {
                parts.append(fts)
            }
        }
        for w in words where w.unicodeScalars.count < 3 && (!Self.usesWordIndex(w) || Self.needsScanToo(w)) {
            let s = Self.scan(w, table: prefix)
            parts.append(s.sql)
            args += s.args
        }
        return (parts.joined(separator: " AND "), args)
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
