import CSQLite
import Foundation

extension Store {
    /// The newest `limit` pins inside `boxes` (WGS84 degrees, `west <= east`)
    /// whose category is in `categories` (nil: all), ordered by `created_at`
    /// then id, both descending: the list that follows the map.
    ///
    /// Never sorts the pins in view: with `inView` (how many pins are in
    /// view, e.g. from `forEachPinCell`; an estimate is fine) of `total`, it
    /// either walks the creation-time index from the newest pin, stopping at
    /// `limit` matches (≈ limit × total / inView rows read), or, when that
    /// would read too much, merges the newest-first runs of the non-empty
    /// level-14 tiles in view, reading about `limit` rows plus a few per tile.
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

    private func newestPinsPlanned(in boxes: [LatLonBox], categories: Set<String>?, limit: Int,
                                   inView: Int, total: Int) throws(StoreError) -> (pins: [Pin], plan: InViewPlan) {
        // A large import may have left both indexes to `finishIndexing`: SQLite sorts then.
        guard try hasIndex("pins_created_position"), try hasIndex("pins_tile_created") else {
            return (try newestUnindexed(boxes: boxes, categories: categories, limit: limit), .sort)
        }
        // Rows a created-at scan reads, and its cost in µs (≈ 0.2 µs a row). Up
        // to 2,000 rows (0.4 ms, and never more than the table: a 45-pin store
        // scans 45) the scan is cheap enough; beyond, the merge (a few tiles at
        // street zoom) wins even for the UI's short first page.
        let scanRows = Double(limit) * Double(max(total, 1)) / Double(max(inView, 1))
        if min(scanRows, Double(total)) <= 2_000 || inView >= total {
            return (try newestByCreatedScan(boxes: boxes, categories: categories, limit: limit), .createdScan)
        }
        // A merge seeks each tile (≈ 3 µs) and reads ≈ limit rows more.
        let maxTiles = Int(min(4_000, scanRows * 0.2 / 3))
        guard let tiles = try tilesInView(boxes: boxes, categories: categories, maxTiles: maxTiles) else {
            return (try newestByCreatedScan(boxes: boxes, categories: categories, limit: limit), .createdScan)
        }
        return (try newestByTileMerge(tiles: tiles, boxes: boxes, categories: categories, limit: limit, inView: inView),
                .tileMerge)
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

    /// Non-empty level-14 tiles meeting `boxes` with their pin counts, or nil
    /// when there are more than `maxTiles`.
    func tilesInView(boxes: [LatLonBox], categories: Set<String>?, maxTiles: Int) throws(StoreError) -> [Int64: Int]? {
        var tiles: [Int64: Int] = [:]
        var tooMany = false
        try visitPinCells(level: PinGrid.tileLevel, boxes: boxes, categories: categories) { cell in
            let key: Int64
            if cell.level == PinGrid.tileLevel {
                key = Int64(cell.y) * Int64(PinGrid.columns(level: PinGrid.tileLevel)) + Int64(cell.x)
            } else {
                key = PinGrid.tile(latitude: cell.repLatitude, longitude: cell.repLongitude)
            }
            tiles[key, default: 0] += cell.count
            tooMany = tiles.count > maxTiles
            return !tooMany
        }
        return tooMany ? nil : tiles
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
}

extension Store {
    /// Runs `body` in one read transaction (when none is open): SQLite then
    /// takes the file's read lock once instead of once per statement, which
    /// for a frame's few hundred short reads saves a system call each.
    /// - Throws: what `body` throws, or `StoreError` when BEGIN fails.
    public func reading<T>(_ body: () throws -> T) throws -> T { try db.transaction(.read, body) }
}
