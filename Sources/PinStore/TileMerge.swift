import CSQLite

/// The tile merge behind `Store.newestPins` when few of all pins are in
/// view: every non-empty level-14 tile in view is a run of rows newest
/// first (`pins_tile_created`), and a heap merges the runs until the list is
/// full, so the rows read are about the list's length plus a few per tile.
extension Store {
    /// Newest-first merge of the tiles' runs (`pins_tile_created`) of the
    /// rows inside `boxes`; each run is read in chunks sized by its share of
    /// the pins in view.
    func newestByTileMerge(tiles: [Int64: Int], boxes: [LatLonBox], categories: Set<String>?,
                           limit: Int, inView: Int) throws(StoreError) -> [Pin] {
        // The box test runs inside SQLite on the index's own columns, so a
        // chunk counts only pins in view and rejected rows cost no Swift work.
        let (b, bargs) = boxesSQL(boxes)
        let (c, cargs) = categorySQL(categories)
        let filter = bargs + cargs
        let first = try db.prepare("""
            SELECT created_at, id, latitude, longitude FROM pins INDEXED BY pins_tile_created
            WHERE \(PinGrid.tileSQL) = ? AND \(b)\(c) ORDER BY created_at DESC, id DESC LIMIT ?
            """)
        let more = try db.prepare("""
            SELECT created_at, id, latitude, longitude FROM pins INDEXED BY pins_tile_created
            WHERE \(PinGrid.tileSQL) = ? AND (created_at, id) < (?, ?) AND \(b)\(c) ORDER BY created_at DESC, id DESC LIMIT ?
            """)
        let columns = Int64(PinGrid.columns(level: PinGrid.tileLevel))
        var runs = try tiles.map { (tile, n) throws(StoreError) -> TileRun in
            // Expected share of the list (the tile's pins times the part of
            // it in view), with slack, so most runs need one read.
            let box = PinGrid.bounds(level: PinGrid.tileLevel, x: Int(tile % columns), y: Int(tile / columns))
            let inside = Double(n) * PinsInViewGeometry.overlap(box, boxes)
            let chunk = min(limit, Int(Double(limit) * inside / Double(max(inView, 1)) * 1.5) + 2)
            var run = TileRun(tile: tile, chunk: chunk)
            try run.read(first, more, filter)
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
                try runs[i].read(first, more, filter)
            }
            if runs[i].next < runs[i].rows.count { heap.push(i, runs) }
        }
        return try pins(ids: ids)
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
struct TileRun {
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
struct RunHeap {
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

enum PinsInViewGeometry {
    /// The fraction (0…1) of `box`'s area that lies inside `boxes`
    /// (degrees, as a plane: enough to size a read).
    static func overlap(_ box: LatLonBox, _ boxes: [LatLonBox]) -> Double {
        let area = (box.north - box.south) * (box.east - box.west)
        guard area > 0 else { return 1 }
        var inside = 0.0
        for b in boxes {
            let h = min(box.north, b.north) - max(box.south, b.south)
            let w = min(box.east, b.east) - max(box.west, b.west)
            if h > 0 && w > 0 { inside += h * w }
        }
        return min(1, inside / area)
    }
}
