/// How the pin cell tree is stored: the cells of one scope and level that
/// share their ancestor three levels up (a block of up to 8 × 8 cells) are
/// one row of `pin_tiles`, their records packed in a blob. The map reads a
/// world view's ≈ 14,000 cells from a few hundred rows instead of 14,000:
/// SQLite's cost is per row, decoding a record in Swift is a few loads.
///
/// Row key (`pin_tiles.key`, an integer primary key): scope << 41 | level << 36
/// | tile, where tile = the cell's Morton code >> 6. So one scope and level is
/// one key range, ordered by tile. (docs/storage.md, "The map's pin tiles", has these tables too.)
///
/// Blob, since migration 10 (before it, 33-byte records: `Migration10Tiles`). All
/// integers unsigned; sizes in bytes unless said:
///
/// | offset | size | meaning |
/// | --- | --- | --- |
/// | 0 | 1 | records in the tile − 1 (1…64 records) |
/// | 1 | 1 | `e`, the position encoding: 0…7, or 15 for raw `Double`s |
/// | 2 | 1 | bits of a record's id field (0…64) |
/// | 3 | 1 | bits of a record's count field (0…63) |
/// | 4 | 1 | bits of a record's scope field (0…64) |
/// | 5 | 1…10 | LEB128 varint: the smallest representative pin id of the tile |
/// | after it | 1…10 | LEB128 varint: the smallest representative scope of the tile |
/// | after it | ⌈records × record bits / 8⌉ | the records, sorted by `local`, back to back in a little-endian bit stream (`PinCellBits`) |
///
/// Each record, in this order (widths in bits; a field whose values are all equal in the
/// tile takes 0 bits: the scope in a category's tree, the count in a tile of lone pins):
///
/// | field | width | meaning |
/// | --- | --- | --- |
/// | local | 6 | the cell's Morton code's low 6 bits (its place in the 8 × 8 tile) |
/// | n − 1 | header byte 3 | pins in the cell, minus one |
/// | id | header byte 2 | representative pin id − the tile's smallest |
/// | latitude | `PinCellPosition.latitudeBits(level:e:)` | representative pin's latitude |
/// | longitude | `PinCellPosition.longitudeBits(level:e:)` | representative pin's longitude |
/// | scope | header byte 4 | representative scope − the tile's smallest |
///
/// In a tile with a field wider than 57 bits (raw positions; ids or scopes spread over
/// more than 2^57) every field takes whole bytes (`Layout`), so each can be read with one
/// 64-bit load. Positions are lossless: with `e` in 0…7 each is an integer number of
/// 10^−e degrees counted from just south-west of the cell's corner (`PinCellPosition`; a
/// pin typed with six decimals takes 25 bits for both at level 17, where most cells are),
/// else (`e` = 15) the two `Double`s' 64-bit patterns. ≈ 8 bytes a cell, 33 before.
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
        withUnsafeTemporaryAllocation(of: (lat: UInt64, lon: UInt64).self, capacity: records.count) { positions in
            let e = PinCellPosition.exponent(records, level: level, tile: tile, fields: positions)
            let idBits = PinCellBits.width(UInt64(bitPattern: maxID) &- UInt64(bitPattern: minID))
            let nBits = PinCellBits.width(UInt64(maxN - 1))
            let scopeBits = PinCellBits.width(UInt64(bitPattern: maxScope) &- UInt64(bitPattern: minScope))
            out += [UInt8(records.count - 1), UInt8(e), UInt8(idBits), UInt8(nBits), UInt8(scopeBits)]
            PinCellBits.appendVarint(UInt64(bitPattern: minID), to: &out)
            PinCellBits.appendVarint(UInt64(bitPattern: minScope), to: &out)
            let latBits = PinCellPosition.latitudeBits(level: level, e: e)
            let lonBits = PinCellPosition.longitudeBits(level: level, e: e)
            let layout = Layout(nBits: nBits, idBits: idBits, latBits: latBits, lonBits: lonBits, scopeBits: scopeBits)
            let start = out.count
            out.append(contentsOf: repeatElement(0, count: (records.count * layout.recordBits + 7) / 8))
            out.withUnsafeMutableBytes { buf in
                var w = PinCellBitWriter(buf, byte: start)
                for (i, r) in records.enumerated() {
                    w.write(UInt64(r.local), width: layout.localSpan)
                    w.write(UInt64(max(1, r.n) - 1), width: layout.nSpan)
                    w.write(UInt64(bitPattern: r.rep.id) &- UInt64(bitPattern: minID), width: layout.idSpan)
                    w.write(positions[i].lat, width: layout.latSpan)
                    w.write(positions[i].lon, width: layout.lonSpan)
                    w.write(UInt64(bitPattern: r.rep.scope) &- UInt64(bitPattern: minScope), width: layout.scopeSpan)
                }
                w.finish()
            }
        }
    }

    /// Where the fields sit in a record: back to back, local first. In a tile with a
    /// field wider than 57 bits (raw positions; ids or scopes spread over more than
    /// 2^57) every field takes whole bytes, so that every field of every record lies
    /// within one 8-byte load, whatever its bit offset (`PinCellTileReader.field`).
    struct Layout {
        /// Bits each field takes (its width, or in whole bytes), and where each starts.
        let localSpan, nSpan, idSpan, latSpan, lonSpan, scopeSpan: Int
        let nAt, idAt, latAt, lonAt, scopeAt, recordBits: Int

        init(nBits: Int, idBits: Int, latBits: Int, lonBits: Int, scopeBits: Int) {
            let bytewise = max(nBits, idBits, latBits, lonBits, scopeBits) > 57
            func span(_ w: Int) -> Int { bytewise ? (w + 7) / 8 * 8 : w }
            (localSpan, nSpan, idSpan) = (span(Int(tileBits)), span(nBits), span(idBits))
            (latSpan, lonSpan, scopeSpan) = (span(latBits), span(lonBits), span(scopeBits))
            nAt = localSpan
            idAt = nAt + nSpan
            latAt = idAt + idSpan
            lonAt = latAt + latSpan
            scopeAt = lonAt + lonSpan
            recordBits = scopeAt + scopeSpan
        }
    }

    /// Calls `body` for each record of the blob of `count` bytes at `base`, a tile of
    /// `level` (a truncated tail is ignored).
    static func forEach(_ base: UnsafeRawPointer?, count: Int, level: Int, tile: Int64, _ body: (Record) -> Void) {
        let t = PinCellTileReader(base, bytes: count, level: level, tile: tile)
        for i in 0..<t.count { body(t.record(i)) }
    }
}

/// Reads the records of one tile blob in place (`PinCellTile`): no allocation; per
/// field one unaligned 8-byte load, a shift and a mask (the tile's widths, offsets and
/// masks worked out once); any record by its bit offset.
struct PinCellTileReader {
    private let p: UnsafeRawPointer
    private let bytes: Int
    /// Records in the blob.
    let count: Int
    let level: Int
    let tile: Int64
    /// Bit offset of the first record, and bits per record (record `i` is at
    /// `start + i * recordBits`).
    let start, recordBits: Int
    private let idBase, scopeBase: UInt64
    /// Each field's bit offset in a record and its mask.
    private let nAt, idAt, latAt, lonAt, scopeAt: Int
    private let localMask, nMask, idMask, latMask, lonMask, scopeMask: UInt64
    /// The last byte offset an 8-byte load may start at.
    private let lastLoad: Int
    private let position: PinCellPosition.Coder
    /// The tile's first cell on `level` (its 8 × 8 cells from there), when level ≥ 5.
    private let x0, y0: Int

    /// A reader of no records that knows the cells of `tile` on `level` (`cell(local:)`,
    /// for the encoder).
    init(cornerOf tile: Int64, level: Int) { self.init(nil, bytes: 0, level: level, tile: tile) }

    /// A reader of no records for a blob too short for a record, a damaged header or a
    /// level off the grid.
    init(_ base: UnsafeRawPointer?, bytes: Int, level: Int, tile: Int64) {
        // A whole blob is at least 8 bytes (header, two varints, a record).
        var o = PinCellTile.headerBytes
        let b = base ?? UnsafeRawPointer(bitPattern: 8)!
        let onGrid = level >= PinGrid.minLevel && level <= PinGrid.maxLevel
        let ok = base != nil && bytes >= 8 && onGrid
        func byte(_ i: Int) -> Int { ok ? Int(b.load(fromByteOffset: i, as: UInt8.self)) : 0 }
        let e = byte(1)
        let idBase = ok ? PinCellBits.varint(b, bytes: bytes, offset: &o) : nil
        let scopeBase = ok ? PinCellBits.varint(b, bytes: bytes, offset: &o) : nil
        let valid = ok && (e <= 7 || e == PinCellTile.rawPositions) && byte(2) <= 64 && byte(3) <= 63 && byte(4) <= 64
            && idBase != nil && scopeBase != nil
        p = b
        self.bytes = bytes
        self.level = onGrid ? level : PinGrid.minLevel
        self.tile = tile
        self.idBase = idBase ?? 0
        self.scopeBase = scopeBase ?? 0
        position = PinCellPosition.Coder(level: self.level, e: valid ? e : 0)
        let nBits = byte(3), idBits = byte(2), scopeBits = byte(4)
        let layout = PinCellTile.Layout(nBits: nBits, idBits: idBits, latBits: position.latitudeBits,
                                        lonBits: position.longitudeBits, scopeBits: scopeBits)
        func mask(_ w: Int) -> UInt64 { w >= 64 ? ~0 : (1 << UInt64(w)) - 1 }
        localMask = mask(Int(PinCellTile.tileBits)); nMask = mask(nBits); idMask = mask(idBits)
        latMask = mask(position.latitudeBits); lonMask = mask(position.longitudeBits); scopeMask = mask(scopeBits)
        (nAt, idAt, latAt, lonAt, scopeAt) = (layout.nAt, layout.idAt, layout.latAt, layout.lonAt, layout.scopeAt)
        recordBits = layout.recordBits
        lastLoad = bytes - 8
        start = 8 * o
        count = valid ? min(byte(0) + 1, (8 * bytes - start) / recordBits) : 0
        (x0, y0) = onGrid && level >= 5 ? PinGrid.cell(morton: PinCellTile.z(tile: tile, local: 0), level: level) : (0, 0)
    }

    /// The cell on `level` of the record with `local`: from level 5 on the low 3 bits of
    /// its column and row are interleaved in `local` (x in the even bits).
    @inline(__always)
    func cell(local: Int) -> (x: Int, y: Int) {
        guard level >= 5 else { return PinGrid.cell(morton: PinCellTile.z(tile: tile, local: local), level: level) }
        let x = local & 1 | (local &>> 1) & 2 | (local &>> 2) & 4
        let y = (local &>> 1) & 1 | (local &>> 2) & 2 | (local &>> 3) & 4
        return (x0 | x, y0 | y)
    }

    /// The field at bit `b` under `mask`: one load, no branch. A field in the blob's
    /// last 8 bytes is read by the load that ends with the blob, shifted further; either
    /// way the field lies within the load (`PinCellTile.Layout`).
    @inline(__always)
    private func field(_ b: Int, _ mask: UInt64) -> UInt64 {
        let byte = Swift.min(b &>> 3, lastLoad)
        return UInt64(littleEndian: p.loadUnaligned(fromByteOffset: byte, as: UInt64.self)) &>> UInt64(b &- byte &* 8) & mask
    }

    /// The bit offset of record `i`.
    @inline(__always)
    func at(_ i: Int) -> Int { start &+ i &* recordBits }

    /// The `local` (the Morton code's low 6 bits) of the record at bit `r`.
    @inline(__always)
    func local(at r: Int) -> Int { Int(field(r, localMask)) }

    /// The pin count of the record at bit `r`.
    @inline(__always)
    func n(at r: Int) -> Int { Int(field(r &+ nAt, nMask)) &+ 1 }

    /// The representative of the record at bit `r`; (`x`, `y`) is its cell on `level`
    /// (the position is stored relative to it).
    @inline(__always)
    func rep(at r: Int, x: Int, y: Int) -> PinCellRep {
        PinCellRep(id: Int64(bitPattern: idBase &+ field(r &+ idAt, idMask)),
                   latitude: position.latitude(field(r &+ latAt, latMask), y: y),
                   longitude: position.longitude(field(r &+ lonAt, lonMask), x: x),
                   scope: Int64(bitPattern: scopeBase &+ field(r &+ scopeAt, scopeMask)))
    }

    /// Record `i` whole.
    func record(_ i: Int) -> PinCellTile.Record {
        let r = at(i)
        let local = local(at: r)
        let c = cell(local: local)
        return PinCellTile.Record(local: local, n: n(at: r), rep: rep(at: r, x: c.x, y: c.y))
    }
}
