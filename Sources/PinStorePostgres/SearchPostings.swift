import PinModel

/// The posting lists of one bulk load's pins, built by the client as it sends them: for
/// every gram (`SearchGrams`), the ids of the pins that hold it, in increasing order, written
/// at the end as one segment of `search_postings` (migration 7): a row per gram, its ids as
/// LEB128 varints (`id - base + 1` first, then each id's difference from the one before),
/// as they are built. A million pins make ~57 million postings: building them costs the
/// client a hash lookup per gram of a pin, and the server a `COPY` of ~70 MB of bytes
/// instead of a GIN build of as many entries.
///
/// Pins must be added with increasing ids, from `base` up (a load's ids are). One builder
/// per thread.
///
/// Its arrays go without Swift's dynamic exclusivity checks (one thread uses a builder, and
/// no access overlaps another): they were about a tenth of a loader thread's work.
final class SearchPostings {
    /// The lowest id the segment may hold: every id is stored as `id - base`.
    let base: Int64
    /// Gram keys (`SearchGrams`), by list.
    @exclusivity(unchecked) private var grams: [UInt64] = []
    /// Each list's ids as `search_postings.ids` holds them.
    @exclusivity(unchecked) private var lists: [[UInt8]] = []
    /// Each list's last offset + 1 (the pin last added to it).
    @exclusivity(unchecked) private var last: [UInt32] = []
    /// Open addressing from a gram key to its list (+ 1; 0: free).
    @exclusivity(unchecked) private var slots: [Int32] = Array(repeating: 0, count: 1 << 12)
    private var shift: UInt64 = 64 - 12
    /// Pins whose grams the server computes (properties that are not all strings).
    private(set) var serverComputed: [Int64] = []

    init(base: Int64) { self.base = base }

    /// Adds a pin's grams; its `id` is above every id added before.
    func add(id: Int64, title: String, description: String, category: String, properties: String) {
        precondition(id >= base && id - base < Int64(Int32.max), "a segment's ids are base + 0 ..< 2^31")
        let offset = UInt32(id - base) + 1
        let computed = SearchGrams.forEachGram(title: title, description: description, category: category, properties: properties) {
            post($0, offset)
        }
        if !computed { serverComputed.append(id) }
    }

    /// Appends pin `offset + 1` to the list of `gram`, once.
    @inline(__always)
    private func post(_ gram: UInt64, _ offsetPlusOne: UInt32) {
        let list = self.list(gram)
        let previous = last[list]
        guard previous != offsetPlusOne else { return }
        var d = offsetPlusOne - previous
        while d >= 0x80 {
            lists[list].append(UInt8(truncatingIfNeeded: d) | 0x80)
            d >>= 7
        }
        lists[list].append(UInt8(d))
        last[list] = offsetPlusOne
    }

    /// The list of `gram`, made when new.
    @inline(__always)
    private func list(_ gram: UInt64) -> Int {
        let mask = slots.count - 1
        var i = Int((gram &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while true {
            let s = slots[i]
            if s == 0 { break }
            if grams[Int(s) - 1] == gram { return Int(s) - 1 }
            i = (i + 1) & mask
        }
        grams.append(gram)
        lists.append([])
        last.append(0)
        slots[i] = Int32(grams.count)
        if grams.count * 2 > slots.count { grow() }
        return grams.count - 1
    }

    private func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        shift -= 1
        let mask = slots.count - 1
        for (k, gram) in grams.enumerated() {
            var i = Int((gram &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = Int32(k + 1)
        }
    }

    /// Writes the segment into `search_postings` (`COPY` in binary form), and the grams of
    /// the pins the client could not compute into `search_delta`, computed by the server from
    /// their rows in `table` (`pins`, or a load's side table). Frees the lists as it goes.
    func write(on db: PGConnection, pinsIn table: String) throws(StoreError) {
        if !grams.isEmpty {
            try db.copyBinary("COPY search_postings (gram, base, ids) FROM STDIN (FORMAT binary)") { (out: PGCopyBinary) throws(StoreError) in
                for k in grams.indices {
                    out.row(3)
                    out.text(scalars: { append in SearchGrams.scalars(grams[k], append) })
                    out.int64(base)
                    out.raw(lists[k])
                    lists[k] = []
                    try out.endRow()
                }
            }
        }
        if !serverComputed.isEmpty {
            try db.execute("""
                INSERT INTO search_delta(gram, id)
                SELECT DISTINCT g, id FROM \(table), unnest(pinmap_search_grams(pinmap_search_text(title, description, category, properties))) AS g
                WHERE id = ANY($1::bigint[]) ON CONFLICT DO NOTHING
                """, [PGArray.ints(serverComputed)])
        }
    }
}
