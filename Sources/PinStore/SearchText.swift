/// What a person typed into a search field, turned into SQL that can never
/// fail on their text: every word becomes a quoted FTS5 string or an escaped
/// LIKE pattern, so `"`, `*`, `-`, `(`, `AND`, `NEAR` or `%` are just characters.
///
/// A pin matches when every word occurs, ignoring case, inside its title,
/// description, category or one of its property values (a substring match, so `muse` finds "Museum" and
/// `기념` finds "전쟁기념관"). Words of 3 or more characters go through the
/// FTS5 trigram index `pins_fts` (SQLite ≥ 3.34); a trigram index cannot
/// answer 1–2 character words, so those are checked on the pins themselves
/// (a scan: LIKE for ASCII words, `pinmap_contains` with Unicode case folding
/// for the others, `scan(_:)`).
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

    /// The FTS5 query for the long words (`"muse" AND "기념관"`), or nil when
    /// there are none. Each word is an FTS5 string with `"` doubled.
    public var ftsQuery: String? {
        let long = words.filter { $0.unicodeScalars.count >= 3 }
        guard !long.isEmpty else { return nil }
        return long.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " AND ")
    }

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
    func whereClause(unindexedAbove: Int64? = nil) -> (sql: String, args: [SQLValue])? {
        guard !isEmpty else { return nil }
        var parts: [String] = []
        var args: [SQLValue] = []
        if let q = ftsQuery {
            let fts = "id IN (SELECT rowid FROM pins_fts WHERE pins_fts MATCH ?)"
            args.append(.text(q))
            if let from = unindexedAbove {
                let long = words.filter { $0.unicodeScalars.count >= 3 }
                let scans = long.map(Self.scan)
                parts.append("(\(fts) OR (id > ? AND " + scans.map(\.sql).joined(separator: " AND ") + "))")
                args.append(.int(from))
                for s in scans { args += s.args }
            } else {
                parts.append(fts)
            }
        }
        for w in words where w.unicodeScalars.count < 3 {
            let s = Self.scan(w)
            parts.append(s.sql)
            args += s.args
        }
        return (parts.joined(separator: " AND "), args)
    }

    /// A condition that scans the pins for `word` in any text column or property value, ignoring case as the
    /// trigram index does: LIKE for ASCII words (SQLite folds ASCII letters, and fast), else
    /// `pinmap_contains` (Unicode case folding, Store+SearchFunction.swift).
    static func scan(_ word: String) -> (sql: String, args: [SQLValue]) {
        if word.unicodeScalars.allSatisfy(\.isASCII) {
            let p = likePattern(word)
            let values = PropertySearch.anyValueSQL(#"value LIKE ? ESCAPE '\'"#)
            return (#"(title LIKE ? ESCAPE '\' OR description LIKE ? ESCAPE '\' OR category LIKE ? ESCAPE '\' OR "#
                    + values + ")", [.text(p), .text(p), .text(p), .text(p)])
        }
        let w = SQLValue.text(Store.caseFold(word))
        let values = PropertySearch.anyValueSQL("pinmap_contains(value, ?)")
        return ("(pinmap_contains(title, ?) OR pinmap_contains(description, ?) OR pinmap_contains(category, ?) OR \(values))",
                [w, w, w, w])
    }
}
