import Foundation
import PinModel
import PinStore

/// The map's cell counts (`pin_cells`, migration 3) of the pins a load sends, counted by the
/// client as it sends them: the rows `pinmap_cells_rebuild` groups on the server (all pins
/// as scope 0 at levels 2, 4, …, 16, per category as scope 1 at levels 2, 4, …, 14, each
/// cell with its lowest-id pin),
/// for a load into a store that holds no pins. Grouping a million pins on the server took
/// 27 s (it reads the whole table again); here it is one record appended a pin, one radix
/// sort, and one pass over each level's cells.
///
/// A pin is a 32-byte record (its finest stored cell and category as one key, its id and
/// position), appended as it is sent; the records are grouped into cells once, when the rows
/// are written. (Counting each pin into a hash table of cells as it went cost three cache
/// misses a pin: 0.3–0.4 CPU-s of the loaders' at a million pins, against ~0.1 s for the
/// sort.) Categories are numbered by their UTF-8 bytes (as the server groups them) in an
/// open addressing table of their own: making a `String` of each pin's category was most of
/// the counting once.
struct PostgresCellCounts: Sendable {
    /// A cell of one category (`category` numbers it), or of all pins (-1).
    private struct Key: Equatable, Sendable { var category: Int32; var code: Int64 }
    /// Its count and lowest-id pin (`category`: that pin's).
    private struct Cell: Sendable { var n: Int32; var rep: Int64; var latitude: Double; var longitude: Double; var category: Int32 }
    /// A pin as counted: `key` its category's number above its finest stored cell's code
    /// (`codeBits` bits).
    private struct Pin: Sendable { var key: UInt64; var id: Int64; var latitude: Double; var longitude: Double }

    /// The bits of a code at `PostgresStore.cellTableMaxLevel` (`PinGrid.morton`: 2L − 2).
    private static let codeBits = 2 * PostgresStore.cellTableMaxLevel - 2

    /// The categories' UTF-8 bytes one after the other, by number (name `k` ends at `nameEnds[k]`).
    private var nameBytes: [UInt8] = []
    private var nameEnds: [Int] = []
    /// Open addressing from a category's bytes to its number + 1 (0: free).
    private var nameSlots = [Int32](repeating: 0, count: 64)
    /// The number of the category last looked up (-1: none): a file's pins often share one.
    private var lastName: Int32 = -1

    /// The pins counted, in the order added.
    private var pins: [Pin] = []

    init() {}

    /// The counts of the snapshot's pins, with ids `firstID`, `firstID + 1`, … in its order.
    init(_ snapshot: StoreSnapshot, firstID: Int64) {
        pins.reserveCapacity(snapshot.pins.count)
        var id = firstID
        for sp in snapshot.pins {
            let p = sp.pin
            add(id: id, latitude: p.latitude, longitude: p.longitude, category: p.category,
                fineMorton: PinGrid.fineMorton(latitude: p.latitude, longitude: p.longitude))
            id += 1
        }
    }

    /// Counts pin `id` at its finest stored cell (level `PostgresStore.cellTableMaxLevel`).
    mutating func add(id: Int64, latitude: Double, longitude: Double, category: String, fineMorton: Int64) {
        var category = category
        category.withUTF8 { add(id: id, latitude: latitude, longitude: longitude, category: $0, fineMorton: fineMorton) }
    }

    /// `add` with the category's UTF-8 bytes.
    mutating func add(id: Int64, latitude: Double, longitude: Double, category: UnsafeBufferPointer<UInt8>, fineMorton: Int64) {
        let code = fineMorton >> Int64(2 * (PinGrid.maxLevel - PostgresStore.cellTableMaxLevel))
        let key = UInt64(number(category)) << Self.codeBits | UInt64(code)
        pins.append(Pin(key: key, id: id, latitude: latitude, longitude: longitude))
    }

    /// The number of the category of UTF-8 bytes `name`, given on first sight.
    private mutating func number(_ name: UnsafeBufferPointer<UInt8>) -> Int32 {
        if lastName >= 0, nameIs(Int(lastName), name) { return lastName }
        let mask = nameSlots.count - 1
        var i = Self.slot(name, nameSlots.count)
        while true {
            let s = Int(nameSlots[i])
            if s == 0 { break }
            if nameIs(s - 1, name) {
                lastName = Int32(s - 1)
                return lastName
            }
            i = (i + 1) & mask
        }
        nameBytes.append(contentsOf: name)
        nameEnds.append(nameBytes.count)
        nameSlots[i] = Int32(nameEnds.count)
        if nameEnds.count * 2 > nameSlots.count { growNames() }
        lastName = Int32(nameEnds.count - 1)
        return lastName
    }

    /// Whether category `k`'s bytes are `name`.
    private func nameIs(_ k: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        withName(k) { known in
            known.count == name.count && (name.isEmpty || memcmp(known.baseAddress!, name.baseAddress!, name.count) == 0)
        }
    }

    /// FNV-1a of the bytes, as a slot of `count` (a power of two).
    private static func slot(_ name: UnsafeBufferPointer<UInt8>, _ count: Int) -> Int {
        Int(truncatingIfNeeded: FNV1a.hash(name)) & (count - 1)
    }

    private mutating func growNames() {
        nameSlots = [Int32](repeating: 0, count: 2 * nameSlots.count)
        let mask = nameSlots.count - 1
        for k in nameEnds.indices {
            var i = withName(k) { Self.slot($0, nameSlots.count) }
            while nameSlots[i] != 0 { i = (i + 1) & mask }
            nameSlots[i] = Int32(k + 1)
        }
    }

    /// `body` with the bytes of category `k`.
    private func withName<T>(_ k: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let start = k == 0 ? 0 : nameEnds[k - 1]
        return nameBytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<nameEnds[k]])) }
    }

    /// Two parts of one cell as one: counts summed, the lower id's pin kept.
    private static func merged(_ a: Cell, _ b: Cell) -> Cell {
        var out = a.rep <= b.rep ? a : b
        out.n = a.n + b.n
        return out
    }

    /// Adds the counts of `other` (another connection's share of the same load).
    mutating func merge(_ other: PostgresCellCounts) {
        let renumbered = other.nameEnds.indices.map { k in other.withName(k) { UInt64(number($0)) } }
        let codes = UInt64(1) << Self.codeBits - 1
        pins.reserveCapacity(pins.count + other.pins.count)
        for var pin in other.pins {
            pin.key = renumbered[Int(pin.key >> Self.codeBits)] << Self.codeBits | pin.key & codes
            pins.append(pin)
        }
    }

    /// The finest cells of each category (their keys and cells, in key order): the pins
    /// sorted by key, each run of one key a cell.
    private func finest() -> (keys: [Key], cells: [Cell]) {
        let sorted = Self.sortedByKey(pins)
        var keys: [Key] = [], cells: [Cell] = []
        let codes = UInt64(1) << Self.codeBits - 1
        for pin in sorted {
            let category = Int32(pin.key >> Self.codeBits)
            let cell = Cell(n: 1, rep: pin.id, latitude: pin.latitude, longitude: pin.longitude, category: category)
            if let last = keys.last, last.category == category, last.code == Int64(pin.key & codes) {
                cells[cells.count - 1] = Self.merged(cells[cells.count - 1], cell)
            } else {
                keys.append(Key(category: category, code: Int64(pin.key & codes)))
                cells.append(cell)
            }
        }
        return (keys, cells)
    }

    /// `pins` in the order of their keys: a least-significant-digit radix sort, 11 bits a
    /// pass, over the bits the keys use (3 passes at a million pins of fewer than 8
    /// categories).
    private static func sortedByKey(_ pins: [Pin]) -> [Pin] {
        let used = pins.reduce(UInt64(0)) { $0 | $1.key }
        let bits = 64 - used.leadingZeroBitCount, digit = 11
        var from = pins, to = pins
        var shift = 0
        while shift < bits {
            var start = [Int](repeating: 0, count: 1 << digit + 1)
            let mask = UInt64(1) << digit - 1
            from.withUnsafeBufferPointer { src in
                start.withUnsafeMutableBufferPointer { start in
                    for p in src { start[Int(p.key >> UInt64(shift) & mask) + 1] += 1 }
                    for d in 0..<(1 << digit) { start[d + 1] += start[d] }
                }
                to.withUnsafeMutableBufferPointer { dst in
                    start.withUnsafeMutableBufferPointer { start in
                        for p in src {
                            let d = Int(p.key >> UInt64(shift) & mask)
                            dst[start[d]] = p
                            start[d] += 1
                        }
                    }
                }
            }
            swap(&from, &to)
            shift += digit
        }
        return from
    }

    /// The categories' names, by number.
    private var names: [String] { nameEnds.indices.map { k in withName(k) { String(decoding: $0, as: UTF8.self) } } }

    /// The categories counted (not "").
    var categories: [String] { names.filter { !$0.isEmpty } }

    /// A cell as `rows` writes it: `key` -1 for all pins, else the category's number.
    private struct Row { var key: Int32; var rank: Int32; var code: Int64; var cell: Cell }

    /// Writes every row of `pin_cells` in COPY's binary form (level, scope, category, code,
    /// n, rep_id, rep_lat, rep_lon, rep_category), in the order of its primary key: the key
    /// is then built from rows already sorted (PostgreSQL's sort checks for that first; the
    /// key of 2 million rows in random order took 3.8 s). Each level is grouped from the one
    /// below in one pass: in (category, code) order a parent's children are neighbours.
    func rows(_ out: PGCopyBinary) throws(StoreError) {
        // Category numbers in the byte order of their names (the key's `COLLATE "C"`).
        let order = nameEnds.indices.sorted { a, b in withName(a) { x in withName(b) { y in x.lexicographicallyPrecedes(y) } } }
        var rank = [Int32](repeating: 0, count: nameEnds.count)
        for (r, c) in order.enumerated() { rank[c] = Int32(r) }
        let top = PostgresStore.cellTableMaxLevel, categoryTop = PostgresStore.categoryCellMaxLevel
        let step = PostgresStore.cellLevelStep, stepShift = Int64(2 * step)
        let (keys, cells) = finest()
        let byCode = Self.byCode(keys)
        var all = byCode.map { Row(key: -1, rank: -1, code: keys[$0].code, cell: cells[$0]) }
        var fine = Self.byRank(byCode, keys, rank).map { Row(key: keys[$0].category, rank: rank[Int(keys[$0].category)], code: keys[$0].code, cell: cells[$0]) }
        // The stored levels, finest first, each grouped from the stored one below it.
        let levels = Array(stride(from: top, through: PinGrid.minLevel, by: -step))
        var alls = [Self.merged(all, shift: 0)]
        all = []
        for _ in levels.dropFirst() { alls.append(Self.merged(alls[alls.count - 1], shift: stepShift)) }
        // A category's cells start at `categoryTop`, straight from the finest.
        var ones = [Self.merged(fine, shift: Int64(2 * (top - categoryTop)))]
        fine = []
        for l in levels.dropFirst() where l < categoryTop { ones.append(Self.merged(ones[ones.count - 1], shift: stepShift)) }
        let names = self.names
        for l in levels.reversed() {
            for row in alls[(top - l) / step] { try Self.write(row, level: l, names, out) }
            guard l <= categoryTop else { continue }
            for row in ones[(categoryTop - l) / step] { try Self.write(row, level: l, names, out) }
        }
    }

    /// The finest cells' indexes in the order of their codes: one sort of plain integers,
    /// code and index packed (sorting the rows themselves by a closure took a quarter of a
    /// second at a million pins, on the import's critical path).
    private static func byCode(_ keys: [Key]) -> [Int] {
        // A level-L code has 2L - 2 bits (`PinGrid.morton`): 30 at level 16.
        precondition(2 * PostgresStore.cellTableMaxLevel - 2 <= 32 && keys.count < 1 << 32, "a code and an index in 64 bits")
        var packed = keys.indices.map { k in UInt64(keys[k].code) << 32 | UInt64(k) }
        packed.sort()
        return packed.map { Int($0 & 0xFFFF_FFFF) }
    }

    /// `byCode` in the order of their categories' `rank`, then code: a counting sort by rank,
    /// which keeps the code order within each category.
    private static func byRank(_ byCode: [Int], _ keys: [Key], _ rank: [Int32]) -> [Int] {
        var start = [Int](repeating: 0, count: rank.count + 1)
        for k in byCode { start[Int(rank[Int(keys[k].category)]) + 1] += 1 }
        for r in 0..<rank.count { start[r + 1] += start[r] }
        var out = [Int](repeating: 0, count: byCode.count)
        for k in byCode {
            let r = Int(rank[Int(keys[k].category)])
            out[start[r]] = k
            start[r] += 1
        }
        return out
    }

    private static func write(_ row: Row, level: Int, _ names: [String], _ out: PGCopyBinary) throws(StoreError) {
        out.row(9)
        out.int16(level)
        out.int16(row.key < 0 ? 0 : 1)
        out.text(row.key < 0 ? "" : names[Int(row.key)])
        out.int64(row.code)
        out.int32(Int(row.cell.n))
        out.int64(row.cell.rep)
        out.float8(row.cell.latitude)
        out.float8(row.cell.longitude)
        out.text(names[Int(row.cell.category)])
        try out.endRow()
    }

    /// `rows` (sorted by key, then code) with their codes shifted right by `shift` bits,
    /// neighbours with the same key and code made one.
    private static func merged(_ rows: [Row], shift: Int64) -> [Row] {
        var out: [Row] = []
        out.reserveCapacity(rows.count / 2)
        for var row in rows {
            row.code >>= shift
            if let last = out.last, last.key == row.key, last.code == row.code {
                out[out.count - 1].cell = merged(last.cell, row.cell)
            } else {
                out.append(row)
            }
        }
        return out
    }
}
