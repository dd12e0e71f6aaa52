import CSQLite
import Foundation

/// How `newestPins(in:categories:limit:inView:)` found its rows, for tests
/// and the benchmark.
public enum InViewPlan: String, Sendable {
    /// Walked `pins_created_position` from the newest pin until `limit` pins
    /// in view were found: cheap when many of all pins are in view.
    case createdScan = "created-at scan"
    /// Merged the newest-first runs of the level-14 tiles in view
    /// (`pins_tile_created`): cheap when few pins are in view.
    case tileMerge = "tile merge"
}

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
        // Rows a created-at scan reads, and its cost in µs (≈ 0.2 µs a row).
        let scanRows = Double(limit) * Double(max(total, 1)) / Double(max(inView, 1))
        if scanRows <= 8_000 || inView >= total {
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

    private func boxesSQL(_ boxes: [LatLonBox]) -> (sql: String, args: [SQLValue]) {
        var args: [SQLValue] = []
        let ors = boxes.map { b -> String in
            args += [.double(b.south), .double(b.north), .double(b.west), .double(b.east)]
            return "(latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?)"
        }
        return ("(" + ors.joined(separator: " OR ") + ")", args)
    }

    private func categorySQL(_ categories: Set<String>?) -> (sql: String, args: [SQLValue]) {
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

    /// Newest-first merge of the tiles' runs (`pins_tile_created`), keeping
    /// the rows inside `boxes`; each run is read in chunks sized by its share
    /// of the pins in view.
    func newestByTileMerge(tiles: [Int64: Int], boxes: [LatLonBox], categories: Set<String>?,
                           limit: Int, inView: Int) throws(StoreError) -> [Pin] {
        let (c, cargs) = categorySQL(categories)
        let first = try db.prepare("""
            SELECT created_at, id, latitude, longitude FROM pins INDEXED BY pins_tile_created
            WHERE \(PinGrid.tileSQL) = ?\(c) ORDER BY created_at DESC, id DESC LIMIT ?
            """)
        let more = try db.prepare("""
            SELECT created_at, id, latitude, longitude FROM pins INDEXED BY pins_tile_created
            WHERE \(PinGrid.tileSQL) = ? AND (created_at, id) < (?, ?)\(c) ORDER BY created_at DESC, id DESC LIMIT ?
            """)
        var runs = try tiles.map { (tile, n) throws(StoreError) -> TileRun in
            // Expected share of the list, with slack, so most runs need one read.
            let chunk = min(limit, Int(Double(limit) * Double(n) / Double(max(inView, 1)) * 1.5) + 2)
            var run = TileRun(tile: tile, chunk: chunk)
            try run.read(first, more, cargs)
            return run
        }
        var heap = RunHeap(runs.indices.filter { !runs[$0].rows.isEmpty }, runs)
        var ids: [Int64] = []
        while ids.count < limit, let i = heap.popMax(runs) {
            let row = runs[i].rows[runs[i].next]
            runs[i].next += 1
            if boxes.contains(where: { row.latitude >= $0.south && row.latitude <= $0.north && row.longitude >= $0.west && row.longitude <= $0.east }) {
                ids.append(row.key.id)
            }
            if runs[i].next == runs[i].rows.count && !runs[i].done {
                runs[i].chunk = min(limit, runs[i].chunk * 4)
                try runs[i].read(first, more, cargs)
            }
            if runs[i].next < runs[i].rows.count { heap.push(i, runs) }
        }
        return try pins(ids: ids)
    }

    /// The pins with `ids`, in that order (missing ids left out).
    func pins(ids: [Int64]) throws(StoreError) -> [Pin] {
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

/// A row's place in the newest-first order: `created_at` compared byte by
/// byte (SQLite's BINARY collation), then the id. The first 24 bytes are
/// packed big-endian into integers, so most comparisons are three integer
/// comparisons; longer texts keep their bytes for ties.
struct CreatedKey: Comparable {
    var k0: UInt64, k1: UInt64, k2: UInt64
    /// All the bytes when there are more than 24, else nil.
    var long: [UInt8]?
    var id: Int64

    init(_ p: UnsafePointer<UInt8>?, count: Int, id: Int64) {
        func word(_ o: Int) -> UInt64 {
            var w: UInt64 = 0
            for i in 0..<8 { w = w << 8 | UInt64(o + i < count ? (p?[o + i] ?? 0) : 0) }
            return w
        }
        k0 = word(0); k1 = word(8); k2 = word(16)
        long = count > 24 ? p.map { Array(UnsafeBufferPointer(start: $0, count: count)) } : nil
        self.id = id
    }

    /// The `created_at` text back.
    var text: String {
        if let long { return String(decoding: long, as: UTF8.self) }
        var bytes: [UInt8] = []
        for w in [k0, k1, k2] { for i in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: w >> UInt64(i))) } }
        while bytes.last == 0 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func < (a: CreatedKey, b: CreatedKey) -> Bool {
        if a.k0 != b.k0 { return a.k0 < b.k0 }
        if a.k1 != b.k1 { return a.k1 < b.k1 }
        if a.k2 != b.k2 { return a.k2 < b.k2 }
        let la = a.long ?? [], lb = b.long ?? []
        if la != lb { return la.lexicographicallyPrecedes(lb) }
        return a.id < b.id
    }

    static func == (a: CreatedKey, b: CreatedKey) -> Bool {
        a.k0 == b.k0 && a.k1 == b.k1 && a.k2 == b.k2 && a.long == b.long && a.id == b.id
    }
}

/// One tile's newest-first rows, read a chunk at a time.
private struct TileRun {
    struct Row { var key: CreatedKey; var latitude: Double; var longitude: Double }
    let tile: Int64
    var chunk: Int
    var rows: [Row] = []
    var next = 0
    var done = false

    init(tile: Int64, chunk: Int) { self.tile = tile; self.chunk = chunk }

    /// Replaces `rows` by the next chunk (after the last row read).
    mutating func read(_ first: Statement, _ more: Statement, _ cargs: [SQLValue]) throws(StoreError) {
        let st: Statement
        var i: Int32 = 1
        if let last = rows.last {
            st = more
            st.reset()
            try st.bind(.int(tile), at: 1)
            try st.bind(.text(last.key.text), at: 2)
            try st.bind(.int(last.key.id), at: 3)
            i = 4
        } else {
            st = first
            st.reset()
            try st.bind(.int(tile), at: 1)
            i = 2
        }
        for a in cargs { try st.bind(a, at: i); i += 1 }
        try st.bind(.int(Int64(chunk)), at: i)
        var out: [Row] = []
        out.reserveCapacity(chunk)
        while try st.step() {
            out.append(Row(key: st.createdKey(0, id: st.int(1)), latitude: st.double(2), longitude: st.double(3)))
        }
        done = out.count < chunk
        rows = out
        next = 0
    }

    /// Newer heads first.
    func head(isAfter other: TileRun) -> Bool { other.rows[other.next].key < rows[next].key }
}

extension Statement {
    /// Column `col`'s text as a `CreatedKey` (no `String` made).
    func createdKey(_ col: Int32, id: Int64) -> CreatedKey {
        CreatedKey(sqlite3_column_text(stmt, col), count: Int(sqlite3_column_bytes(stmt, col)), id: id)
    }
}

/// A binary max-heap of run indexes by their head row.
private struct RunHeap {
    private var items: [Int] = []

    init(_ indexes: [Int], _ runs: [TileRun]) { for i in indexes { push(i, runs) } }

    mutating func push(_ i: Int, _ runs: [TileRun]) {
        items.append(i)
        var c = items.count - 1
        while c > 0 {
            let p = (c - 1) / 2
            guard runs[items[c]].head(isAfter: runs[items[p]]) else { break }
            items.swapAt(c, p)
            c = p
        }
    }

    mutating func popMax(_ runs: [TileRun]) -> Int? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var p = 0
            while true {
                let l = 2 * p + 1, r = l + 1
                var m = p
                if l < items.count && runs[items[l]].head(isAfter: runs[items[m]]) { m = l }
                if r < items.count && runs[items[r]].head(isAfter: runs[items[m]]) { m = r }
                if m == p { break }
                items.swapAt(p, m)
                p = m
            }
        }
        return top
    }
}

extension Store {
    /// Runs `body` in one read transaction (when none is open): SQLite then
    /// takes the file's read lock once instead of once per statement, which
    /// for a frame's few hundred short reads saves a system call each.
    /// - Throws: what `body` throws, or `StoreError` when BEGIN fails.
    public func reading<T>(_ body: () throws -> T) throws -> T {
        guard sqlite3_get_autocommit(db.handle) != 0 else { return try body() }
        try db.execute("BEGIN")
        defer { try? db.execute("COMMIT") }
        return try body()
    }
}
