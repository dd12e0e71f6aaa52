import CSQLite

/// How the pin cell tree is stored: the cells of one scope and level that
/// share their ancestor three levels up (a block of up to 8 × 8 cells) are
/// one row of `pin_tiles`, their records packed in a blob. The map reads a
/// world view's ≈ 14,000 cells from a few hundred rows instead of 14,000:
/// SQLite's cost is per row, decoding a record in Swift is a few loads.
///
/// Row key (`pin_tiles.key`, an integer primary key): scope << 41 | level << 36
/// | tile, where tile = the cell's Morton code >> 6. So one scope and level is
/// one key range, ordered by tile. A blob holds records of 33 bytes, sorted
/// by `local` (the Morton code's low 6 bits): local u8, n u32, rep id i64,
/// rep latitude f64, rep longitude f64, rep category scope i32, little-endian.
enum PinCellTile {
    static let recordSize = 33
    /// Cells per tile side is 2^tileShift / 2 per axis: Morton >> 6 = 8 × 8.
    static let tileBits: Int64 = 6

    static func key(scope: Int64, level: Int, tile: Int64) -> Int64 {
        (scope << 41) | (Int64(level) << 36) | tile
    }

    static func tile(of z: Int64) -> Int64 { z >> tileBits }
    static func local(of z: Int64) -> Int { Int(z & ((1 << tileBits) - 1)) }
    static func z(tile: Int64, local: Int) -> Int64 { (tile << tileBits) | Int64(local) }

    /// One stored cell.
    struct Record: Equatable {
        var local: Int
        var n: Int
        var rep: PinCellRep
    }

    static func encode(_ records: [Record]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(records.count * recordSize)
        for r in records { append(r, to: &out) }
        return out
    }

    /// Appends one record's `recordSize` bytes (stored in place: a rebuild
    /// encodes millions of records).
    static func append(_ r: Record, to out: inout [UInt8]) {
        let o = out.count
        out.append(contentsOf: repeatElement(0, count: recordSize))
        out.withUnsafeMutableBytes { p in
            p.storeBytes(of: UInt8(truncatingIfNeeded: r.local), toByteOffset: o, as: UInt8.self)
            p.storeBytes(of: UInt32(truncatingIfNeeded: r.n).littleEndian, toByteOffset: o + 1, as: UInt32.self)
            p.storeBytes(of: UInt64(bitPattern: r.rep.id).littleEndian, toByteOffset: o + 5, as: UInt64.self)
            p.storeBytes(of: r.rep.latitude.bitPattern.littleEndian, toByteOffset: o + 13, as: UInt64.self)
            p.storeBytes(of: r.rep.longitude.bitPattern.littleEndian, toByteOffset: o + 21, as: UInt64.self)
            p.storeBytes(of: UInt32(truncatingIfNeeded: r.rep.scope).littleEndian, toByteOffset: o + 29, as: UInt32.self)
        }
    }

    /// Calls `body` for each record in a blob of `count` bytes at `base`
    /// (a truncated tail is ignored).
    static func forEach(_ base: UnsafeRawPointer?, count: Int, _ body: (Record) -> Void) {
        guard let base else { return }
        var o = 0
        while o + recordSize <= count {
            body(record(base, o))
            o += recordSize
        }
    }

    @inline(__always)
    static func record(_ p: UnsafeRawPointer, _ o: Int) -> Record {
        let n = UInt32(littleEndian: p.loadUnaligned(fromByteOffset: o + 1, as: UInt32.self))
        let id = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: o + 5, as: UInt64.self))
        let lat = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: o + 13, as: UInt64.self))
        let lon = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: o + 21, as: UInt64.self))
        let scope = Int32(bitPattern: UInt32(littleEndian: p.loadUnaligned(fromByteOffset: o + 29, as: UInt32.self)))
        return Record(local: Int(p.load(fromByteOffset: o, as: UInt8.self)), n: Int(n),
                      rep: PinCellRep(id: Int64(bitPattern: id), latitude: Double(bitPattern: lat),
                                      longitude: Double(bitPattern: lon), scope: Int64(scope)))
    }
}

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
            read.withBlob(0) { p, n in PinCellTile.forEach(p, count: n) { t[$0.local] = $0 } }
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
            let tile = key & ((1 << 36) - 1)
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
                try write.bindBlob(PinCellTile.encode(records), at: 2)
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
