import PinModel
import PinStore

/// The map's cell counts (`pin_cells`, migration 3) of the pins a load sends, counted by the
/// client as it sends them: the rows `pinmap_cells_rebuild` groups on the server (levels
/// 2…16, all pins as scope 0 and per category as scope 1, each cell with its lowest-id pin),
/// for a load into a store that holds no pins. Grouping a million pins on the server took
/// 27 s (it reads the whole table again); here it is one dictionary update a pin, one sort,
/// and one pass over each level's cells.
struct PostgresCellCounts: Sendable {
    /// A cell of one category (`category` indexes `names`), or of all pins (-1).
    private struct Key: Hashable, Sendable { var category: Int32; var code: Int64 }
    /// Its count and lowest-id pin (`category`: that pin's).
    private struct Cell: Sendable { var n: Int32; var rep: Int64; var latitude: Double; var longitude: Double; var category: Int32 }

    private var names: [String] = []
    private var index: [String: Int32] = [:]
    private var finest: [Key: Cell] = [:]

    init() {}

    /// The counts of the snapshot's pins, with ids `firstID`, `firstID + 1`, … in its order.
    init(_ snapshot: StoreSnapshot, firstID: Int64) {
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
        let c = number(category)
        let key = Key(category: c, code: fineMorton >> Int64(2 * (PinGrid.maxLevel - PostgresStore.cellTableMaxLevel)))
        let cell = Cell(n: 1, rep: id, latitude: latitude, longitude: longitude, category: c)
        finest[key] = finest[key].map { Self.merged($0, cell) } ?? cell
    }

    /// The number of category `name`, given on first sight.
    private mutating func number(_ name: String) -> Int32 {
        if let known = index[name] { return known }
        let c = Int32(names.count)
        names.append(name)
        index[name] = c
        return c
    }

    /// Two parts of one cell as one: counts summed, the lower id's pin kept.
    private static func merged(_ a: Cell, _ b: Cell) -> Cell {
        var out = a.rep <= b.rep ? a : b
        out.n = a.n + b.n
        return out
    }

    /// Adds the counts of `other` (another connection's share of the same load).
    mutating func merge(_ other: PostgresCellCounts) {
        let renumbered = other.names.map { number($0) }
        for (key, cell) in other.finest {
            var cell = cell
            cell.category = renumbered[Int(cell.category)]
            let k = Key(category: renumbered[Int(key.category)], code: key.code)
            finest[k] = finest[k].map { Self.merged($0, cell) } ?? cell
        }
    }

    /// The categories counted (not "").
    var categories: [String] { names.filter { !$0.isEmpty } }

    /// A cell as `rows` writes it: `key` -1 for all pins, else the category's number.
    private struct Row { var key: Int32; var code: Int64; var cell: Cell }

    /// Writes every row of `pin_cells` in COPY's binary form (level, scope, category, code,
    /// n, rep_id, rep_lat, rep_lon, rep_category), in the order of its primary key: the key
    /// is then built from rows already sorted (PostgreSQL's sort checks for that first; the
    /// key of 2 million rows in random order took 3.8 s). Each level is grouped from the one
    /// below in one pass: in (category, code) order a parent's children are neighbours.
    func rows(_ out: PGCopyBinary) throws(StoreError) {
        // Category numbers in the byte order of their names (the key's `COLLATE "C"`).
        let order = names.indices.sorted { names[$0].utf8.lexicographicallyPrecedes(names[$1].utf8) }
        var rank = [Int32](repeating: 0, count: names.count)
        for (r, c) in order.enumerated() { rank[c] = Int32(r) }
        var one = finest.map { Row(key: $0.key.category, code: $0.key.code, cell: $0.value) }
        one.sort { a, b in a.key == b.key ? a.code < b.code : rank[Int(a.key)] < rank[Int(b.key)] }
        var all = one.map { Row(key: -1, code: $0.code, cell: $0.cell) }
        all.sort { $0.code < $1.code }
        all = Self.merged(all, shift: 0)
        var levels = [(all, one)]  // finest first
        for _ in PinGrid.minLevel..<PostgresStore.cellTableMaxLevel {
            let (a, o) = levels[levels.count - 1]
            levels.append((Self.merged(a, shift: 2), Self.merged(o, shift: 2)))
        }
        for (k, (all, one)) in levels.enumerated().reversed() {
            let l = PostgresStore.cellTableMaxLevel - k
            for row in all { try write(row, level: l, out) }
            for row in one { try write(row, level: l, out) }
        }
    }

    private func write(_ row: Row, level: Int, _ out: PGCopyBinary) throws(StoreError) {
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
