import Foundation

extension Store {
    /// Most matches a search reads (its cost bound).
    public static let searchScanLimit = SearchResults.scanLimit

    /// Searches every pin for `text` (see `SearchText`), restricted to `categories` (nil:
    /// all), newest id first, each match with its `SearchRelevance` tier.
    /// - Throws: `StoreError` from SQLite.
    public func search(_ text: String, categories: Set<String>? = nil,
                       scanLimit: Int = Store.searchScanLimit) throws(StoreError) -> SearchResults {
        var matches: [SearchMatch] = []
        matches.reserveCapacity(min(scanLimit, 4096))
        let st = try prepareSearch(SearchText(text), text: text, categories: categories, limit: scanLimit + 1)
        while try st.step() {
            matches.append(SearchMatch(id: st.int(0), latitude: st.double(1), longitude: st.double(2), category: st.text(3),
                                       createdAt: st.text(4), relevance: SearchRelevance(rawValue: Int(st.int(5))) ?? .propertyOnly))
        }
        let capped = matches.count > scanLimit
        if capped { matches.removeLast() }
        return SearchResults(text: text, matches: matches, capped: capped)
    }

    /// The statement for `search`: driven by the search index in rowid order (so SQLite
    /// stops after `limit` rows), the long words checked on each pin it gives. Pins a large
    /// import left unindexed fall back to the plain condition (`SearchText.whereClause`),
    /// newest id first.
    private func prepareSearch(_ words: SearchText, text: String, categories: Set<String>?, limit: Int) throws(StoreError) -> Statement {
        let columns = "p.id, p.latitude, p.longitude, p.category, p.created_at, pinmap_relevance(p.title, p.description, p.category, p.properties, ?)"
        var conditions: [String] = []
        var args: [SQLValue] = [.text(text)]
        if let cats = categories {
            let list = cats.sorted()
            conditions.append("p.category IN (" + list.map { _ in "?" }.joined(separator: ",") + ")")
            args += list.map { .text($0) }
        }
        let unindexed = try unindexedAbove()
        if unindexed == nil, let query = words.matchQuery {
            for w in words.recheckedWords { let s = SearchText.scan(w, table: "p."); conditions.append(s.sql); args += s.args }
            let sql = "SELECT \(columns) FROM pins_fts JOIN pins p ON p.id = pins_fts.rowid WHERE pins_fts MATCH ?"
                + conditions.map { " AND " + $0 }.joined() + " ORDER BY pins_fts.rowid DESC LIMIT ?"
            let st = try db.prepare(sql)
            try st.bind([args[0], .text(query)] + args.dropFirst() + [.int(Int64(limit))])
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
