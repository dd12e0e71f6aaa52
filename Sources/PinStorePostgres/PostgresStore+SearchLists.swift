import PinModel
import PinStore

/// The search lists of migration 7: which pins hold a gram, in `search_postings` (segments a
/// bulk load writes, `SearchPostings`) and `search_delta` (every other write's, from a
/// trigger).
///
/// The lists may name more pins than hold a gram (a pin edited or deleted since its grams
/// were listed keeps its old ones): they give candidates, and every reader checks each
/// candidate on its row (`walkConditions`). They never name fewer.
extension PostgresStore {
    /// The grams that find `words`: each word itself when it has at most 3 scalars, else its
    /// trigrams (folded as the grams are: `SearchGrams`).
    static func grams(_ words: SearchText) -> [String] {
        var grams: [String] = []
        for w in words.words {
            let folded = w.lowercased()
            for gram in folded.unicodeScalars.count <= 3 ? [folded] : SearchText.trigrams(folded) where !grams.contains(gram) {
                grams.append(gram)
            }
        }
        return grams
    }

    /// The ids, increasing, of the pins that may hold every word of `words` (at least one
    /// word): for each gram the union of its segments and its delta, intersected.
    func candidateIDs(_ words: SearchText) throws(StoreError) -> [Int64] {
        let grams = Self.grams(words)
        let r = try db.execute("""
            SELECT gram, base, encode(ids, 'hex') FROM search_postings WHERE gram = ANY($1::text[])
            UNION ALL SELECT gram, id, NULL FROM search_delta WHERE gram = ANY($1::text[])
            """, [PGArray.texts(grams)])
        var lists = [String: [Int64]]()
        for i in 0..<r.rows {
            let gram = r.text(i, 0)
            if r.isNull(i, 2) {
                lists[gram, default: []].append(r.int(i, 1))
            } else {
                Self.decodePostings(hex: r.bytes(i, 2), base: r.int(i, 1), into: &lists[gram, default: []])
            }
        }
        var sets = grams.map { gram -> [Int64] in
            var ids = lists[gram] ?? []
            // Segments come in any order, and a pin may be in a segment and the delta.
            guard !zip(ids, ids.dropFirst()).allSatisfy({ $0 < $1 }) else { return ids }
            ids.sort()
            var unique: [Int64] = []
            unique.reserveCapacity(ids.count)
            for id in ids where unique.last != id { unique.append(id) }
            return unique
        }.sorted { $0.count < $1.count }
        var out = sets.removeFirst()
        for ids in sets where !out.isEmpty { out = Self.intersection(out, ids) }
        return out
    }

    /// The ids of a segment (`search_postings.ids` as hex: LEB128 varints, the first
    /// `id - base + 1`, then differences), appended in order.
    static func decodePostings(hex: UnsafeBufferPointer<UInt8>, base: Int64, into ids: inout [Int64]) {
        func nibble(_ c: UInt8) -> UInt64 { UInt64(c <= 0x39 ? c &- 0x30 : (c | 0x20) &- 0x61 &+ 10) }
        var id = base - 1, v: UInt64 = 0, shift: UInt64 = 0
        var k = 0
        while k + 1 < hex.count {
            let byte = nibble(hex[k]) << 4 | nibble(hex[k + 1])
            k += 2
            v |= (byte & 0x7F) << shift
            if byte & 0x80 != 0 { shift += 7; continue }
            id += Int64(v)
            ids.append(id)
            v = 0
            shift = 0
        }
    }

    /// The ids in both increasing lists.
    static func intersection(_ a: [Int64], _ b: [Int64]) -> [Int64] {
        var out: [Int64] = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] < b[j] { i += 1 } else if a[i] > b[j] { j += 1 } else { out.append(a[i]); i += 1; j += 1 }
        }
        return out
    }

    /// Lists the grams of a bulk load's new pins whose ids the server gave (the per-row
    /// trigger is off): their ids read back, `copy_pins.dest` of the pins `added` (`staged`)
    /// or the rows this transaction wrote into `pins` (a `COPY` in the snapshot's order, so
    /// ids increase with it), then one segment. A role without the right to insert into
    /// `search_postings`, or rows that do not match the snapshot, leave it to the server
    /// (`pinmap_search_index`: ~0.25 ms a pin).
    func writeSearchSegment(_ snapshot: StoreSnapshot, staged: Bool) throws(StoreError) {
        let r = staged
            ? try db.execute("SELECT dest, src FROM copy_pins WHERE added ORDER BY dest")
            : try db.execute("SELECT id FROM pins WHERE xmin = pg_current_xact_id()::xid ORDER BY id")
        guard r.rows > 0 else { return }
        let sources = staged ? Dictionary(snapshot.pins.indices.map { (snapshot.pins[$0].pin.id, $0) }, uniquingKeysWith: { a, _ in a }) : [:]
        let matched = staged ? (0..<r.rows).allSatisfy { sources[r.int($0, 1)] != nil } : r.rows == snapshot.pins.count
        let allowed = try db.execute("SELECT has_table_privilege('search_postings', 'INSERT')").text(0, 0) == "t"
        guard matched && allowed else {
            try db.execute("SELECT pinmap_search_index($1, $2)", ["\(r.int(0, 0))", "\(r.int(r.rows - 1, 0))"])
            return
        }
        let postings = SearchPostings(base: r.int(0, 0))
        for i in 0..<r.rows {
            let p = snapshot.pins[staged ? sources[r.int(i, 1)]! : i].pin
            postings.add(id: r.int(i, 0), title: p.title, description: p.description, category: p.category, properties: p.properties)
        }
        try postings.write(on: db, pinsIn: "pins")
    }

    /// Empties the search lists when `pins` has no rows (call it with `pins` locked against
    /// writers): a load into a store without pins starts them anew, without the lists of
    /// pins deleted before.
    func dropStaleSearchLists() throws(StoreError) {
        try db.execute("DELETE FROM search_postings WHERE NOT EXISTS (SELECT 1 FROM pins)")
        try db.execute("DELETE FROM search_delta WHERE NOT EXISTS (SELECT 1 FROM pins)")
    }
}
