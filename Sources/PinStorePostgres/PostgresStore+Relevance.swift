import PinModel
import PinStore

/// A list sorted by relevance (`pinmap list --search a`, the default order with a search):
/// `SearchRelevance`'s tier first, newest first within a tier, as the SQLite store's
/// `ORDER BY pinmap_relevance(…), created_at DESC, id DESC`. Every match is ranked, as there:
/// the best tier may hold the oldest pin, and no index gives a tier. So the rows come as the
/// server reads them (`PGCursor`, no sort), each ranked on its bytes (`PlainRelevance`, no
/// `String` made), and only the best `limit` are kept as pins.
///
/// A word most pins hold (`a`: 72 % of a million) is found by checking every pin (a walk):
/// its search list would name most ids, all sent back to the server. A rarer one reads the
/// rows of its candidates.
extension PostgresStore {
    /// `query`'s matches best first, at most `query.limit` (−1: all). Inside a snapshot
    /// (candidates and rows must see the same pins).
    func pinsByRelevance(_ query: PinQuery) throws(StoreError) -> [Pin] {
        guard query.limit != 0 else { return [] }
        var plain = query
        plain.search = nil
        let (whereSQL, params) = try whereClause(plain)
        var b = PGParams(start: params.count + 1)
        let words = try wordConditions(SearchText(query.search ?? ""), &b)
        let sql = "SELECT \(Self.pinColumns) FROM pins \(whereSQL.isEmpty ? "WHERE" : whereSQL + " AND") "
            + (words.isEmpty ? ["true"] : words).joined(separator: " AND ")
        let reader = PGPinReader(try PGCursor(sql, params + b.values, on: db))
        var best = RankedPins(limit: query.limit)
        let q = PlainRelevance.Query(query.search ?? "")
        while let (r, i) = try reader.nextRow() {
            let tier = PlainRelevance.tier(title: r.bytes(i, 1), description: r.bytes(i, 2), category: r.bytes(i, 3),
                                           properties: r.bytes(i, 8), query: q)
                ?? SearchRelevance(title: r.text(i, 1), description: r.text(i, 2), category: r.text(i, 3),
                                   properties: r.text(i, 8), query: q.folded)
            best.offer(tier: tier, createdAt: r.bytes(i, 6), id: r.int(i, 0)) { Self.pin(r, i) }
        }
        return best.sorted()
    }

    /// Each word checked on the row, and the search lists' candidates when they are fewer
    /// than `searchWalkShare` of the ids (else every pin is walked).
    private func wordConditions(_ words: SearchText, _ b: inout PGParams) throws(StoreError) -> [String] {
        guard !words.words.isEmpty else { return [] }
        let candidates = try candidateIDs(words)
        let ids = try db.execute("SELECT coalesce(max(id) - min(id) + 1, 0) FROM pins").int(0, 0)
        let few = Double(candidates.count) < Double(ids) * Self.searchWalkShare
        return (few ? ["id = ANY(\(b.add(PGArray.ints(candidates)))::bigint[])"] : []) + walkConditions(words, &b)
    }
}

/// The best `limit` pins (all when −1) by tier, then newest (`created_at` compared byte by
/// byte, as SQLite's BINARY), then highest id: a heap whose root is the worst kept, so a pin
/// that cannot enter is turned away without being made.
struct RankedPins {
    private struct Entry {
        var tier: SearchRelevance
        var createdAt: [UInt8]
        var id: Int64
        var pin: Pin

        /// Whether this entry lists before `other`.
        func precedes(tier t: SearchRelevance, createdAt c: UnsafeBufferPointer<UInt8>, id i: Int64) -> Bool {
            if tier != t { return tier < t }
            let order = createdAt.withUnsafeBufferPointer { Self.compare($0, c) }
            return order != 0 ? order > 0 : id > i
        }

        static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
            for k in 0..<min(a.count, b.count) where a[k] != b[k] { return a[k] < b[k] ? -1 : 1 }
            return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
        }

        func precedes(_ other: Entry) -> Bool {
            other.createdAt.withUnsafeBufferPointer { precedes(tier: other.tier, createdAt: $0, id: other.id) }
        }
    }

    private let limit: Int
    /// Kept entries; with a limit, a binary heap with the worst at index 0.
    private var heap: [Entry] = []

    init(limit: Int) { self.limit = limit }

    /// Keeps the pin `make` gives when it ranks among the best `limit` so far.
    mutating func offer(tier: SearchRelevance, createdAt: UnsafeBufferPointer<UInt8>, id: Int64, _ make: () -> Pin) {
        if limit >= 0 && heap.count >= limit {
            guard !heap[0].precedes(tier: tier, createdAt: createdAt, id: id) else { return }
            heap[0] = Entry(tier: tier, createdAt: Array(createdAt), id: id, pin: make())
            siftDown(0)
            return
        }
        heap.append(Entry(tier: tier, createdAt: Array(createdAt), id: id, pin: make()))
        if limit >= 0 { siftUp(heap.count - 1) }
    }

    /// The kept pins, best first (sorted in place: a list of every match holds them once).
    mutating func sorted() -> [Pin] {
        heap.sort { $0.precedes($1) }
        defer { heap = [] }
        return heap.map(\.pin)
    }

    /// `a` is worse than `b`: it belongs nearer the root.
    private func worse(_ a: Int, _ b: Int) -> Bool { heap[b].precedes(heap[a]) }

    private mutating func siftUp(_ k: Int) {
        var k = k
        while k > 0 {
            let parent = (k - 1) / 2
            guard worse(k, parent) else { return }
            heap.swapAt(k, parent)
            k = parent
        }
    }

    private mutating func siftDown(_ k: Int) {
        var k = k
        while true {
            let l = 2 * k + 1, r = l + 1
            var worst = k
            if l < heap.count && worse(l, worst) { worst = l }
            if r < heap.count && worse(r, worst) { worst = r }
            if worst == k { return }
            heap.swapAt(k, worst)
            k = worst
        }
    }
}
