import Foundation

/// The search the UI runs as you type: every match in the store, split into those in
/// view and those elsewhere, with a bounded cost whatever the query. The matches are read
/// newest (highest id) first straight from a full-text index (trigram for words of 3+
/// characters, the word index for shorter ones), stopping after `scanLimit`, so a
/// one-letter query at a million pins costs what a rare word does (a few ms).
public struct SearchResults: Sendable, Equatable {
    /// The text searched for.
    public var text: String
    /// The matches inside the view's boxes, newest first (at most `scanLimit`).
    public var inView: [Pin]
    /// Matches outside the view (among those read).
    public var elsewhere: Int
    /// True when more than `scanLimit` pins match: the counts are then lower bounds.
    public var capped: Bool

    public init(text: String, inView: [Pin], elsewhere: Int, capped: Bool) {
        self.text = text; self.inView = inView; self.elsewhere = elsewhere; self.capped = capped
    }
}

extension Store {
    /// Most matches a search reads (its cost bound).
    public static let searchScanLimit = 20_000

    /// Searches every pin for `text` (see `SearchText`), restricted to `categories` (nil:
    /// all), and splits the matches by whether they lie inside any of `boxes`.
    /// - Throws: `StoreError` from SQLite.
    public func search(_ text: String, boxes: [LatLonBox], categories: Set<String>?,
                       scanLimit: Int = Store.searchScanLimit) throws(StoreError) -> SearchResults {
        let words = SearchText(text)
        var rows: [Pin] = []
        let st = try prepareSearch(words, categories: categories, limit: scanLimit + 1)
        while try st.step() { rows.append(st.pin()) }
        let capped = rows.count > scanLimit
        if capped { rows.removeLast() }
        let inView = rows.filter { p in
            boxes.isEmpty || boxes.contains { p.latitude >= $0.south && p.latitude <= $0.north && p.longitude >= $0.west && p.longitude <= $0.east }
        }
        return SearchResults(text: text, inView: inView, elsewhere: rows.count - inView.count, capped: capped)
    }

    /// The statement for `search`: driven by one full-text index in rowid order (so
    /// SQLite stops after `limit` rows), the other words as conditions. Pins a large
    /// import left unindexed, or a query of punctuation only, fall back to the plain
    /// condition (`SearchText.whereClause`), newest id first.
    private func prepareSearch(_ words: SearchText, categories: Set<String>?, limit: Int) throws(StoreError) -> Statement {
        let columns = pinColumns.split(separator: ",").map { "p." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
        var conditions: [String] = []
        var args: [SQLValue] = []
        if let cats = categories {
            let list = cats.sorted()
            conditions.append("p.category IN (" + list.map { _ in "?" }.joined(separator: ",") + ")")
            args += list.map { .text($0) }
        }
        let unindexed = try unindexedAbove()
        if unindexed == nil, let driver = words.driver {
            if let rest = driver.rest.whereClause(table: "p.") { conditions.append(rest.sql); args += rest.args }
            let sql = "SELECT \(columns) FROM \(driver.table) JOIN pins p ON p.id = \(driver.table).rowid "
                + "WHERE \(driver.table) MATCH ?" + conditions.map { " AND " + $0 }.joined()
                + " ORDER BY \(driver.table).rowid DESC LIMIT ?"
            let st = try db.prepare(sql)
            try st.bind([.text(driver.query)] + args + [.int(Int64(limit))])
            return st
        }
        if let clause = words.whereClause(unindexedAbove: unindexed, table: "p.") { conditions.append(clause.sql); args += clause.args }
        let sql = "SELECT \(columns) FROM pins p" + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
            + " ORDER BY p.id DESC LIMIT ?"
        let st = try db.prepare(sql)
        try st.bind(args + [.int(Int64(limit))])
        return st
    }
}

extension SearchText {
    /// The full-text index that drives a search, its MATCH query, and the words it does
    /// not cover: the trigram index for the long words when there are any, else the word
    /// index for the short ones; nil when neither applies (punctuation only).
    var driver: (table: String, query: String, rest: SearchText)? {
        if let q = ftsQuery { return ("pins_fts", q, SearchText(words: words.filter { $0.unicodeScalars.count < 3 })) }
        if let q = wordsQuery {
            return ("pins_words", q, SearchText(words: words.filter { !Self.usesWordIndex($0) || Self.needsScanToo($0) }))
        }
        return nil
    }
}
