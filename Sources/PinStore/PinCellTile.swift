/// How the pin cell tree is stored: the cells of one scope and level that
/// share their ancestor three levels up (a block of up to 8 × 8 cells) are
/// one row of `pin_tiles`, their records packed in a blob. The map reads a
/// world view's ≈ 14,000 cells from a few hundred rows instead of 14,000:
/// SQLite's cost is per row, decoding a record in Swift is a few loads.
///
/// Row key (`pin_tiles.key`, an integer primary key): scope << 41 | level << 36
/// | tile, where tile = the cell's Morton code >> 6. So one scope and level is
/// one key range, ordered by tile.
///
/// Blob (since migration 10; before it, 33-byte records: `Migration10Tiles`): a 5-byte
/// header, records − 1 (u8), the position encoding `e` (u8), the bit widths of the id,
/// count and scope fields (u8 each); then two unsigned LEB128 varints, the smallest rep
/// id and the smallest rep scope of the tile; then the records, sorted by `local`, each
/// the same number of bits, back to back in a little-endian bit stream
/// (`PinCellBits`): local (6 bits, the Morton code's low 6 bits), n − 1, rep id − the
/// smallest, rep latitude, rep longitude, rep scope − the smallest. A field whose values
/// are all equal takes no bits (the scope in a category's tree; n in a tile of lone pins).
/// Positions are lossless: with `e` in 0…7 each is an integer number of 10^−e degrees
/// counted from the cell's south-west corner (`PinCellPosition`; a pin typed with six
/// decimals takes ≈ 24 bits at the levels where most cells are), else (`e` = 15) the
/// two `Double`s' 64-bit patterns. ≈ 8 bytes a cell, 33 before.
enum PinCellTile {
    /// Cells per tile side is 2^tileShift / 2 per axis: Morton >> 6 = 8 × 8.
    static let tileBits: Int64 = 6
    /// `e` for positions stored as raw `Double` bit patterns.
    static let rawPositions = 15
    static let headerBytes = 5

    static func key(scope: Int64, level: Int, tile: Int64) -> Int64 {
        (scope << 41) | (Int64(level) << 36) | tile
    }

    static func level(ofKey key: Int64) -> Int { Int((key >> 36) & 31) }
    static func tile(ofKey key: Int64) -> Int64 { key & ((1 << 36) - 1) }
    static func tile(of z: Int64) -> Int64 { z >> tileBits }
    static func local(of z: Int64) -> Int { Int(z & ((1 << tileBits) - 1)) }
    static func z(tile: Int64, local: Int) -> Int64 { (tile << tileBits) | Int64(local) }

    /// One stored cell.
    struct Record: Equatable {
        var local: Int
        var n: Int
        var rep: PinCellRep
    }

    static func encode(_ records: [Record], level: Int, tile: Int64) -> [UInt8] {
        var out: [UInt8] = []
        append(records, level: level, tile: tile, to: &out)
        return out
    }

    /// Appends the blob of one tile of `level`: 1…64 `records`, sorted by `local`.
    static func append(_ records: [Record], level: Int, tile: Int64, to out: inout [UInt8]) {
        guard let first = records.first else { return }
        var minID = first.rep.id, maxID = minID, minScope = first.rep.scope, maxScope = minScope, maxN = 1
        for r in records {
            minID = min(minID, r.rep.id); maxID = max(maxID, r.rep.id)
            minScope = min(minScope, r.rep.scope); maxScope = max(maxScope, r.rep.scope)
            maxN = max(maxN, r.n)
        }
        let e = PinCellPosition.exponent(records, level: level, tile: tile)
        let idBits = PinCellBits.width(UInt64(bitPattern: maxID) &- UInt64(bitPattern: minID))
        let nBits = PinCellBits.width(UInt64(maxN - 1))
        let scopeBits = PinCellBits.width(UInt64(bitPattern: maxScope) &- UInt64(bitPattern: minScope))
        out += [UInt8(records.count - 1), UInt8(e), UInt8(idBits), UInt8(nBits), UInt8(scopeBits)]
        PinCellBits.appendVarint(UInt64(bitPattern: minID), to: &out)
        PinCellBits.appendVarint(UInt64(bitPattern: minScope), to: &out)
        let latBits = PinCellPosition.latitudeBits(level: level, e: e)
        let lonBits = PinCellPosition.longitudeBits(level: level, e: e)
        var w = PinCellBitWriter()
        for r in records {
            w.write(UInt64(r.local), width: Int(tileBits), to: &out)
            w.write(UInt64(max(1, r.n) - 1), width: nBits, to: &out)
            w.write(UInt64(bitPattern: r.rep.id) &- UInt64(bitPattern: minID), width: idBits, to: &out)
            let pos = PinCellPosition.stored(r.rep, e: e, level: level, z: z(tile: tile, local: r.local))
            w.write(pos.lat, width: latBits, to: &out)
            w.write(pos.lon, width: lonBits, to: &out)
            w.write(UInt64(bitPattern: r.rep.scope) &- UInt64(bitPattern: minScope), width: scopeBits, to: &out)
        }
        w.finish(to: &out)
    }

    /// Calls `body` for each record of the blob of `count` bytes at `base`, a tile of
    /// `level` (a truncated tail is ignored).
    static func forEach(_ base: UnsafeRawPointer?, count: Int, level: Int, tile: Int64, _ body: (Record) -> Void) {
        guard let t = PinCellTileReader(base, bytes: count, level: level, tile: tile) else { return }
        for i in 0..<t.count { body(t.record(i)) }
    }
}

/// Reads the records of one tile blob in place (`PinCellTile`): no allocation, a few
/// loads and shifts per field, any record by its index.
struct PinCellTileReader {
    private let p: UnsafeRawPointer
    private let bytes: Int
    /// Records in the blob.
    let count: Int
    let level: Int
    let tile: Int64
    private let e: Int
    private let idBase, scopeBase: UInt64
    private let nBits, idBits, latBits, lonBits, scopeBits: Int
    /// Bit offset of the first record, and bits per record.
    private let start, recordBits: Int

    /// nil for a blob too short for its header or a level off the grid.
    init?(_ base: UnsafeRawPointer?, bytes: Int, level: Int, tile: Int64) {
        guard let base, bytes >= PinCellTile.headerBytes, (PinGrid.minLevel...PinGrid.maxLevel).contains(level) else { return nil }
        func byte(_ i: Int) -> Int { Int(base.load(fromByteOffset: i, as: UInt8.self)) }
        let e = byte(1)
        guard e <= 7 || e == PinCellTile.rawPositions, byte(2) <= 64, byte(3) <= 63, byte(4) <= 64 else { return nil }
        var o = PinCellTile.headerBytes
        guard let idBase = PinCellBits.varint(base, bytes: bytes, offset: &o),
              let scopeBase = PinCellBits.varint(base, bytes: bytes, offset: &o) else { return nil }
        p = base
        self.bytes = bytes
        self.level = level
        self.tile = tile
        self.e = e
        self.idBase = idBase
        self.scopeBase = scopeBase
        idBits = byte(2)
        nBits = byte(3)
        scopeBits = byte(4)
        latBits = PinCellPosition.latitudeBits(level: level, e: e)
        lonBits = PinCellPosition.longitudeBits(level: level, e: e)
        start = 8 * o
        recordBits = Int(PinCellTile.tileBits) + nBits + idBits + latBits + lonBits + scopeBits
        count = min(byte(0) + 1, (8 * bytes - start) / recordBits)
    }

    @inline(__always)
    private func field(_ bit: Int, _ width: Int) -> UInt64 { PinCellBits.read(p, bytes: bytes, bit: bit, width: width) }

    /// Record `i`'s `local` (its Morton code's low 6 bits).
    @inline(__always)
    func local(_ i: Int) -> Int { Int(field(start + i * recordBits, Int(PinCellTile.tileBits))) }

    /// Record `i`'s pin count.
    @inline(__always)
    func n(_ i: Int) -> Int { Int(field(start + i * recordBits + Int(PinCellTile.tileBits), nBits)) + 1 }

    /// Record `i`'s representative; (`x`, `y`) is its cell on `level` (the position is
    /// stored relative to it).
    @inline(__always)
    func rep(_ i: Int, x: Int, y: Int) -> PinCellRep {
        var bit = start + i * recordBits + Int(PinCellTile.tileBits) + nBits
        let id = Int64(bitPattern: idBase &+ field(bit, idBits))
        bit += idBits
        let lat = field(bit, latBits), lon = field(bit + latBits, lonBits)
        bit += latBits + lonBits
        let scope = Int64(bitPattern: scopeBase &+ field(bit, scopeBits))
        let pos = PinCellPosition.degrees(lat: lat, lon: lon, e: e, level: level, x: x, y: y)
        return PinCellRep(id: id, latitude: pos.lat, longitude: pos.lon, scope: scope)
    }

    /// Record `i` whole.
    func record(_ i: Int) -> PinCellTile.Record {
        let local = local(i)
        let c = PinGrid.cell(morton: PinCellTile.z(tile: tile, local: local), level: level)
        return PinCellTile.Record(local: local, n: n(i), rep: rep(i, x: c.x, y: c.y))
    }
}
