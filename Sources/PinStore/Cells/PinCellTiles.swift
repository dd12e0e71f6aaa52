import CSQLite

/// Read-modify-write access to single cells for `PinCellWriter`: tiles are
/// read once, changed in memory and written back by `flush()` (call it
/// before anything else reads `pin_tiles`). Memory: the tiles touched since
/// the last flush.
final class PinCellTiles {
    private let read, write, delete, keysInRange: Statement
    /// Decoded tiles by row key: local → record.
    private var cache: [Int64: [Int: PinCellTile.Record]] = [:]
    private var dirty: Set<Int64> = []

    init(db: Database) throws(StoreError) {
        read = try db.prepare("SELECT cells FROM pin_tiles WHERE key = ?")
        write = try db.prepare("INSERT OR REPLACE INTO pin_tiles(key, cells) VALUES(?, ?)")
        delete = try db.prepare("DELETE FROM pin_tiles WHERE key = ?")
        keysInRange = try db.prepare("SELECT key FROM pin_tiles WHERE key BETWEEN ? AND ?")
    }

    private func load(_ key: Int64) throws(StoreError) -> [Int: PinCellTile.Record] {
        if let t = cache[key] { return t }
        try read.bind([.int(key)])
        defer { read.reset() }
        var t: [Int: PinCellTile.Record] = [:]
        if try read.step() {
            read.withBlob(0) { p, n in
                PinCellTile.forEach(p, count: n, level: PinCellTile.level(ofKey: key), tile: PinCellTile.tile(ofKey: key)) {
                    t[$0.local] = $0
                }
            }
        }
        cache[key] = t
        return t
    }

    /// The cell `z` of `level` in `scope`: its count and representative.
    func cell(scope: Int64, level: Int, z: Int64) throws(StoreError) -> (n: Int, rep: PinCellRep)? {
        let key = PinCellTile.key(scope: scope, level: level, tile: PinCellTile.tile(of: z))
        return try load(key)[PinCellTile.local(of: z)].map { ($0.n, $0.rep) }
    }

    /// Stores (or, with nil, removes) cell `z`.
    func set(scope: Int64, level: Int, z: Int64, _ value: (n: Int, rep: PinCellRep)?) throws(StoreError) {
        let key = PinCellTile.key(scope: scope, level: level, tile: PinCellTile.tile(of: z))
        var t = try load(key)
        let local = PinCellTile.local(of: z)
        t[local] = value.map { PinCellTile.Record(local: local, n: $0.n, rep: $0.rep) }
        cache[key] = t
        dirty.insert(key)
    }

    /// The cells of `level` with codes in `range`, in code order. Visits
    /// only tiles that exist (stored or changed since the last flush).
    func cells(scope: Int64, level: Int, in range: ClosedRange<Int64>) throws(StoreError) -> [(z: Int64, n: Int, rep: PinCellRep)] {
        let lo = PinCellTile.key(scope: scope, level: level, tile: PinCellTile.tile(of: range.lowerBound))
        let hi = PinCellTile.key(scope: scope, level: level, tile: PinCellTile.tile(of: range.upperBound))
        var keys = Set(cache.keys.filter { $0 >= lo && $0 <= hi })
        try keysInRange.bind([.int(lo), .int(hi)])
        while try keysInRange.step() { keys.insert(keysInRange.int(0)) }
        keysInRange.reset()
        var out: [(z: Int64, n: Int, rep: PinCellRep)] = []
        for key in keys.sorted() {
            let tile = PinCellTile.tile(ofKey: key)
            for r in try load(key).values.sorted(by: { $0.local < $1.local }) {
                let z = PinCellTile.z(tile: tile, local: r.local)
                if range.contains(z) { out.append((z, r.n, r.rep)) }
            }
        }
        return out
    }

    /// Removes every cell of `level` with a code in `range`.
    func removeAll(scope: Int64, level: Int, in range: ClosedRange<Int64>) throws(StoreError) {
        for c in try cells(scope: scope, level: level, in: range) { try set(scope: scope, level: level, z: c.z, nil) }
    }

    /// Writes the changed tiles (an empty tile deletes its row).
    func flush() throws(StoreError) {
        for key in dirty.sorted() {
            let records = (cache[key] ?? [:]).values.sorted { $0.local < $1.local }
            if records.isEmpty {
                try delete.bind([.int(key)])
                try delete.step()
            } else {
                try write.bind([.int(key)])
                try write.bindBlob(PinCellTile.encode(records, level: PinCellTile.level(ofKey: key),
                                                         tile: PinCellTile.tile(ofKey: key)), at: 2)
                try write.step()
            }
        }
        dirty = []
        cache = [:]
    }
}

extension Statement {
    /// Binds `bytes` as a blob (SQLite copies them).
    func bindBlob(_ bytes: [UInt8], at i: Int32) throws(StoreError) {
        let rc = bytes.withUnsafeBytes { sqlite3_bind_blob(stmt, i, $0.baseAddress, Int32($0.count), sqliteTransient) }
        if rc != SQLITE_OK { throw db.failure(rc) }
    }

    /// Calls `body` with column `col`'s blob (valid only during the call).
    func withBlob<T>(_ col: Int32, _ body: (UnsafeRawPointer?, Int) -> T) -> T {
        let p = sqlite3_column_blob(stmt, col)
        return body(p, Int(sqlite3_column_bytes(stmt, col)))
    }
}
