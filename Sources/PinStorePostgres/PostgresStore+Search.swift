import Foundation
import PinModel
import PinStore

/// The UI's search: the newest `scanLimit` matches (highest id first) and whether there are
/// more, read in id ranges from the newest pin down, each range by a walk or through the
/// search lists (`candidateIDs`), whichever reads less.
///
/// The planner cannot choose: its estimate of a gram's matches says nothing about where
/// they lie, and the answer needs only the newest. A word in most pins (`a`) is answered
/// by walking the newest pins with the word as a filter; a word in few of them (`서` in
/// ~2.5 % of the pins) by its candidates within a range of ids, so only the rows of the
/// matches in that range are read from the table, not all ~25,000.
extension PostgresStore {
    /// Ids the first range walks (newest first): what its matches say of the word's share
    /// sizes the next range. About 3 ms.
    static let searchProbe: Int64 = 2_000
    /// Share of the pins walked that matched, from which walking on is cheaper than the
    /// search lists (a walk checks a pin in ~0.5 µs and reads ~11 to a page; the lists give
    /// the word's every posting, then a page is read per candidate).
    static let searchWalkShare = 0.1
    /// How many more matches than still needed a range is sized for (its share may be
    /// lower than the ranges above).
    static let searchMargin = 1.1

    public func search(_ text: String, categories: Set<String>?, scanLimit: Int) throws(StoreError) -> SearchResults {
        let words = SearchText(text)
        let need = scanLimit + 1
        let query = PlainRelevance.Query(text)
        var matches: [SearchMatch]
        do {
            matches = try reading { () throws -> [SearchMatch] in
                try searchMatches(words, categories: categories, need: need, query: query)
            }
        } catch let e as StoreError { throw e } catch { throw StoreError("\(error)") }
        let capped = matches.count > scanLimit
        if capped { matches.removeLast(matches.count - scanLimit) }
        return SearchResults(text: text, matches: matches, capped: capped)
    }

    /// How one id range is read.
    enum SearchRangeWay: Equatable {
        /// Every pin of the range newest first, the words checked on each (LIKE).
        case walk
        /// The search lists' candidates within the range, their rows read by the primary key.
        case indexInRange
        /// The same for every id left (the last, widest range).
        case index
    }

    /// At most `need` matches, newest first: ranges from the newest id down until enough.
    func searchMatches(_ words: SearchText, categories: Set<String>?, need: Int,
                       query: PlainRelevance.Query) throws(StoreError) -> [SearchMatch] {
        let planner = ["enable_seqscan", "enable_indexscan", "enable_bitmapscan", "max_parallel_workers_per_gather"]
        let ends = try db.execute("SELECT min(id), max(id), " + planner.map { "current_setting('\($0)')" }.joined(separator: ", ") + " FROM pins")
        guard ends.rows > 0, !ends.isNull(0, 0) else { return [] }
        let first = ends.int(0, 0)
        var hi = ends.int(0, 1)
        var rows: [SearchMatch] = []
        var walked: Int64 = 0
        var way = SearchRangeWay.walk
        var lo = max(first, hi - Self.searchProbe + 1)
        var candidates: [Int64]?  // read once, by the first range that needs them
        while true {
            rows += try searchRange(words, categories: categories, lo: lo, hi: hi, way: way, limit: need - rows.count, query: query,
                                    candidates: &candidates)
            walked += hi - lo + 1
            hi = lo - 1
            if rows.count >= need || hi < first { break }
            (way, lo) = Self.nextRange(found: rows.count, need: need, walked: walked, first: first, hi: hi)
        }
        // The planner as it was (for a caller's transaction that goes on).
        try db.execute("SELECT " + planner.indices.map { "set_config('\(planner[$0])', $\($0 + 1), true)" }.joined(separator: ", "),
                       planner.indices.map { ends.text(0, $0 + 2) })
        return rows
    }

    /// The next range below `hi` and how to read it, from the share of the ids read so far
    /// that matched: as wide as should hold the matches still needed, and a margin. The
    /// primary key's range costs ~0.06 µs an id, a match read from the table several µs:
    /// a range below all the ids left is cheaper than reading the word's every match.
    static func nextRange(found: Int, need: Int, walked: Int64, first: Int64, hi: Int64) -> (SearchRangeWay, Int64) {
        let share = Double(found) / Double(max(walked, 1))
        let wanted = Double(need - found) * searchMargin
        let span = share > 0 ? wanted / share : .infinity
        if span >= Double(hi - first + 1) { return (share >= searchWalkShare ? .walk : .index, first) }
        let lo = max(first, hi - Int64(span.rounded(.up)) + 1)
        return (share >= searchWalkShare ? .walk : .indexInRange, lo)
    }

    /// Candidates a read through the search lists sends at most at once (newest first): a
    /// few more than the matches still needed, as most candidates match.
    static func candidateChunk(_ limit: Int) -> Int { max(2 * limit, 1_000) }

    /// The matches with ids in `lo...hi`, newest first, at most `limit`, each ranked for
    /// `query`: a walk of the range, or the rows of the search lists' candidates in it
    /// (`candidateIDs`, read into `candidates` when still nil), newest first, in chunks.
    func searchRange(_ words: SearchText, categories: Set<String>?, lo: Int64, hi: Int64, way: SearchRangeWay,
                     limit: Int, query: PlainRelevance.Query, candidates: inout [Int64]?) throws(StoreError) -> [SearchMatch] {
        // The plan is the store's (above): the planner may use only the index it is given, and
        // no parallel workers (their start costs more than these short reads on a busy server).
        // Both ways read `pins` by its primary key, newest first: the walk every id of the
        // range, the others only the candidates' (`id = ANY`), each checked on its row.
        try db.execute("SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'on', true), "
                       + "set_config('enable_bitmapscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)")
        guard way != .walk && !words.words.isEmpty else {
            return try searchRows(words, categories: categories, lo: lo, hi: hi, ids: nil, limit: limit, query: query)
        }
        if candidates == nil { candidates = try candidateIDs(words) }
        let all = candidates ?? []
        let start = Self.firstIndex(in: all, notBelow: lo), end = Self.firstIndex(in: all, notBelow: hi + 1)
        var out: [SearchMatch] = []
        var top = end
        while out.count < limit && top > start {
            let bottom = max(start, top - Self.candidateChunk(limit - out.count))
            out += try searchRows(words, categories: categories, lo: lo, hi: hi, ids: all[bottom..<top], limit: limit - out.count,
                                  query: query)
            top = bottom
        }
        return out
    }

    /// The index of the first id of the increasing `ids` that is `id` or above.
    static func firstIndex(in ids: [Int64], notBelow id: Int64) -> Int {
        var low = 0, high = ids.count
        while low < high {
            let mid = (low + high) / 2
            if ids[mid] < id { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The matches with ids in `lo...hi` (and among `ids`, when given), newest first, at most
    /// `limit`.
    private func searchRows(_ words: SearchText, categories: Set<String>?, lo: Int64, hi: Int64, ids: ArraySlice<Int64>?,
                            limit: Int, query: PlainRelevance.Query) throws(StoreError) -> [SearchMatch] {
        var b = PGParams(start: 1)
        var conditions = walkConditions(words, &b)
        if let ids { conditions.append("id = ANY(\(b.add(PGArray.ints(ids)))::bigint[])") }
        conditions.append("id BETWEEN \(b.add(lo)) AND \(b.add(hi))")
        if let cats = categories { conditions.append("category = ANY(\(b.add(PGArray.texts(cats.sorted())))::text[])") }
        let sql = "SELECT id, latitude, longitude, category, created_at, title, description, coalesce(properties_text, properties::text) "
            + "FROM pins WHERE \(conditions.joined(separator: " AND ")) ORDER BY id DESC LIMIT \(b.add(Int64(limit)))"
        let r = try db.execute(sql, b.values)
        return (0..<r.rows).map { i in
            let category = r.text(i, 3)
            // As SQLite's `pinmap_relevance`: on the bytes when it can, a `String` only else.
            let relevance = PlainRelevance.tier(title: r.bytes(i, 5), description: r.bytes(i, 6), category: r.bytes(i, 3),
                                                properties: r.bytes(i, 7), query: query)
                ?? SearchRelevance(title: r.text(i, 5), description: r.text(i, 6), category: category,
                                   properties: r.text(i, 7), query: query.folded)
            return SearchMatch(id: r.int(i, 0), latitude: r.double(i, 1), longitude: r.double(i, 2), category: category,
                               createdAt: r.text(i, 4), relevance: relevance)
        }
    }

    /// A walk's condition per word: the folded word in the folded text (`pinmap_fold`, as
    /// `pinmap_search_text` folds; `strpos`: a plain
    /// substring, twice as fast as LIKE), the text computed without the properties' JSON for
    /// the pins that have none (most: 25 µs a pin less).
    func walkConditions(_ words: SearchText, _ b: inout PGParams) -> [String] {
        words.words.map { w in
            "strpos(CASE WHEN properties = '{}' THEN pinmap_fold(title || E'\\n' || description || E'\\n' || category) "
                + "ELSE pinmap_search_text(title, description, category, properties) END, \(b.add(w.lowercased()))) > 0"
        }
    }
}
