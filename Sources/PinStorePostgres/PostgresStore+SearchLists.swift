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
    /// The ids of the pins that may hold every word of `words` (within `lo…hi`, when given),
    /// as a query of one column `id`: for each word its grams (the word itself when it has
    /// at most 3 scalars, else its trigrams), each the union of its postings and its delta,
    /// intersected.
    func candidateIDs(_ words: SearchText, lo: String? = nil, hi: String? = nil, _ b: inout PGParams) -> String {
        var grams: [String] = []
        for w in words.words {
            let folded = w.lowercased()
            for gram in folded.unicodeScalars.count <= 3 ? [folded] : SearchText.trigrams(folded) where !grams.contains(gram) {
                grams.append(gram)
            }
        }
        let range = lo.map { lo in hi.map { hi in (lo, hi) } } ?? nil
        return grams.map { gram in
            let g = b.add(gram)
            var postings = "SELECT p.base + o AS id FROM search_postings p, unnest(p.ids) AS o WHERE p.gram = \(g)"
            var delta = "SELECT id FROM search_delta WHERE gram = \(g)"
            if let (lo, hi) = range {
                postings = "SELECT id FROM (\(postings) AND p.base <= \(hi)) AS s WHERE id BETWEEN \(lo) AND \(hi)"
                delta += " AND id BETWEEN \(lo) AND \(hi)"
            }
            return "(\(postings) UNION ALL \(delta))"
        }.joined(separator: " INTERSECT ")
    }

    /// Empties the search lists when `pins` has no rows (call it with `pins` locked against
    /// writers): a load into a store without pins starts them anew, without the lists of
    /// pins deleted before.
    func dropStaleSearchLists() throws(StoreError) {
        try db.execute("DELETE FROM search_postings WHERE NOT EXISTS (SELECT 1 FROM pins)")
        try db.execute("DELETE FROM search_delta WHERE NOT EXISTS (SELECT 1 FROM pins)")
    }
}
