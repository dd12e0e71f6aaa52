import CSQLite
import Foundation

extension Store {
    /// The newest `limit` pins inside `boxes` (WGS84 degrees, `west <= east`)
    /// whose category is in `categories` (nil: all), ordered by `created_at`
    /// then id, both descending: the list that follows the map.
    ///
    /// Never sorts more than the pins in view, and reads one index only
    /// (`pins_created_position`, beside the spatial index `pins_lat_lon`):
    /// with `inView` (how many pins are in view, e.g. from `forEachPinCell`;
    /// an estimate is fine) of `total`, it either walks the creation-time
    /// index from the newest pin, stopping at `limit` matches (≈ limit ×
    /// total / inView index rows, read without touching the table), or, when
    /// that would cost more, fetches the pins in view through the spatial
    /// index and keeps the newest `limit` (a table read per pin in view).
    /// - Returns: the pins and the plan used.
    /// - Throws: `StoreError` from SQLite.
    public func newestPins(in boxes: [LatLonBox], categories: Set<String>?, limit: Int,
                           inView: Int, total: Int) throws(StoreError) -> (pins: [Pin], plan: InViewPlan) {
        guard limit > 0, !boxes.isEmpty else { return ([], .createdScan) }
        do {
            return try reading { () throws -> (pins: [Pin], plan: InViewPlan) in
                try newestPinsPlanned(in: boxes, categories: categories, limit: limit, inView: inView, total: total)
            }
        } catch let e as StoreError {
            throw e
        } catch {
            throw StoreError("\(error)")
        }
    }

    /// The plan `newestPins` takes for `limit` pins (rows) when `inView` of `total` pins are
    /// in view (counts; an estimate is fine): the one whose estimated cost (µs) is lower.
    /// Costs measured at 1,000,000 pins (`sqlite3` shell, the same SQLite, warm cache, on
    /// the shared 2-core VM): a row of the creation index read and rejected 0.05–0.1 µs; a
    /// pin in view fetched through the spatial index and ranked 2–4 µs (its row is read
    /// from the table).
    public static func inViewPlan(limit: Int, inView: Int, total: Int) -> InViewPlan {
        guard inView < total else { return .createdScan }
        let scanRows = Double(limit) * Double(max(total, 1)) / Double(max(inView, 1))
        let scanCost = min(scanRows, Double(total)) * createdScanRowCost
        return scanCost <= Double(inView) * spatialFetchPinCost ? .createdScan : .spatialFetch
    }

    /// µs per row of the creation index walked (`inViewPlan`).
    static let createdScanRowCost = 0.07
    /// µs per pin in view fetched through the spatial index (`inViewPlan`).
    static let spatialFetchPinCost = 2.5

    private func newestPinsPlanned(in boxes: [LatLonBox], categories: Set<String>?, limit: Int,
                                   inView: Int, total: Int) throws(StoreError) -> (pins: [Pin], plan: InViewPlan) {
        // A large import may have left the index to `finishIndexing`: SQLite sorts then.
        guard try hasIndex("pins_created_position") else {
            return (try newestUnindexed(boxes: boxes, categories: categories, limit: limit), .sort)
        }
        let plan = Store.inViewPlan(limit: limit, inView: inView, total: total)
        try changeWatch.check()
        let pins = try newestPinsWindow.newest(in: boxes, categories: categories, limit: limit, plan: plan,
                                               generation: changeWatch.generation) { (boxes, limit) throws(StoreError) in
            try newest(plan, boxes: boxes, categories: categories, limit: limit)
        }
        return (pins, plan)
    }

    private func newest(_ plan: InViewPlan, boxes: [LatLonBox], categories: Set<String>?,
                        limit: Int) throws(StoreError) -> [Pin] {
        plan == .spatialFetch ? try newestBySpatialFetch(boxes: boxes, categories: categories, limit: limit)
            : try newestByCreatedScan(boxes: boxes, categories: categories, limit: limit)
    }

    func boxesSQL(_ boxes: [LatLonBox]) -> (sql: String, args: [SQLValue]) {
        var args: [SQLValue] = []
        let ors = boxes.map { b -> String in
            args += [.double(b.south), .double(b.north), .double(b.west), .double(b.east)]
            return "(latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?)"
        }
        return ("(" + ors.joined(separator: " OR ") + ")", args)
    }

    func categorySQL(_ categories: Set<String>?) -> (sql: String, args: [SQLValue]) {
        guard let cats = categories else { return ("", []) }
        let list = cats.sorted()
        return (" AND category IN (" + list.map { _ in "?" }.joined(separator: ",") + ")", list.map { .text($0) })
    }

    /// The SQL of the created-at scan (for EXPLAIN QUERY PLAN in tests).
    func createdScanSQL(boxes: [LatLonBox], categories: Set<String>?) -> (sql: String, args: [SQLValue]) {
        let (b, bargs) = boxesSQL(boxes)
        let (c, cargs) = categorySQL(categories)
        return ("SELECT \(pinColumns) FROM pins INDEXED BY pins_created_position WHERE \(b)\(c) ORDER BY created_at DESC, id DESC LIMIT ?",
                bargs + cargs)
    }

    private func newestByCreatedScan(boxes: [LatLonBox], categories: Set<String>?, limit: Int) throws(StoreError) -> [Pin] {
        let (sql, args) = createdScanSQL(boxes: boxes, categories: categories)
        let st = try db.prepare(sql)
        try st.bind(args + [.int(Int64(limit))])
        var out: [Pin] = []
        while try st.step() { out.append(st.pin()) }
        return out
    }

    private func newestUnindexed(boxes: [LatLonBox], categories: Set<String>?, limit: Int) throws(StoreError) -> [Pin] {
        let (b, bargs) = boxesSQL(boxes)
        let (c, cargs) = categorySQL(categories)
        let st = try db.prepare("SELECT \(pinColumns) FROM pins WHERE \(b)\(c) ORDER BY created_at DESC, id DESC LIMIT ?")
        try st.bind(bargs + cargs + [.int(Int64(limit))])
        var out: [Pin] = []
        while try st.step() { out.append(st.pin()) }
        return out
    }

    /// The SQL of the spatial fetch (for EXPLAIN QUERY PLAN in tests): the ids of the
    /// newest pins in view. The ids in view come from the spatial index (no table read),
    /// SQLite reads their rows in id order and keeps the newest `limit` (a bounded sort
    /// of (created_at, id) only; the pins are read afterwards).
    func spatialFetchSQL(boxes: [LatLonBox], categories: Set<String>?) -> (sql: String, args: [SQLValue]) {
        let (b, bargs) = boxesSQL(boxes)
        let (c, cargs) = categorySQL(categories)
        return ("SELECT id FROM pins WHERE id IN (SELECT id FROM pins WHERE \(b))\(c) ORDER BY created_at DESC, id DESC LIMIT ?",
                bargs + cargs)
    }

    private func newestBySpatialFetch(boxes: [LatLonBox], categories: Set<String>?, limit: Int) throws(StoreError) -> [Pin] {
        let (sql, args) = spatialFetchSQL(boxes: boxes, categories: categories)
        let st = try db.prepare(sql)
        try st.bind(args + [.int(Int64(limit))])
        var ids: [Int64] = []
        while try st.step() { ids.append(st.int(0)) }
        return try pins(ids: ids)
    }

    /// The pins with `ids`, in that order (missing ids left out).
    public func pins(ids: [Int64]) throws(StoreError) -> [Pin] {
        guard !ids.isEmpty else { return [] }
        var byID: [Int64: Pin] = [:]
        for start in stride(from: 0, to: ids.count, by: 500) {
            let part = ids[start..<min(ids.count, start + 500)]
            let st = try db.prepare("SELECT \(pinColumns) FROM pins WHERE id IN (\(part.map { _ in "?" }.joined(separator: ",")))")
            try st.bind(part.map { .int($0) })
            while try st.step() { let p = st.pin(); byID[p.id] = p }
        }
        return ids.compactMap { byID[$0] }
    }

    /// `PinRepository.titles(ids:)`: from `titleCache` while the pins are unchanged, else
    /// ids and titles only, up to 500 ids a statement.
    public func titles(ids: [Int64]) throws(StoreError) -> [Int64: String] {
        try changeWatch.check()
        var (out, missing) = titleCache.lookup(ids, generation: changeWatch.generation)
        var read: [Int64: String] = [:]
        for start in stride(from: 0, to: missing.count, by: 500) {
            let part = missing[start..<min(missing.count, start + 500)]
            let st = try db.prepare("SELECT id, title FROM pins WHERE id IN (\(part.map { _ in "?" }.joined(separator: ",")))")
            try st.bind(part.map { .int($0) })
            while try st.step() { read[st.int(0)] = st.text(1) }
        }
        titleCache.keep(read)
        out.merge(read) { _, new in new }
        return out
    }
}

extension Store {
    /// Runs `body` in one read transaction (when none is open): SQLite then
    /// takes the file's read lock once instead of once per statement, which
    /// for a frame's few hundred short reads saves a system call each.
    /// - Throws: what `body` throws, or `StoreError` when BEGIN fails.
    public func reading<T>(_ body: () throws -> T) throws -> T { try db.transaction(.read, body) }
}
