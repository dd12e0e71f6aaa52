import PinModel
import PinStore

/// The map's cell counts (`pin_cells`, migration 3) of the pins a load sends, counted by the
/// client as it sends them: the rows `pinmap_cells_rebuild` groups on the server (levels
/// 2…16, all pins as scope 0 and per category as scope 1, each cell with its lowest-id pin),
/// for a load into a store that holds no pins. Grouping a million pins on the server took
/// 27 s (it reads the whole table again); here it is one dictionary update a pin and one
/// pass over each level's cells.
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

    /// Writes every row of `pin_cells` in COPY's binary form (level, scope, category, code,
    /// n, rep_id, rep_lat, rep_lon, rep_category), in the order of its primary key: the key
    /// is then built from rows already sorted (PostgreSQL's sort checks for that first).
    func rows(_ out: PGCopyBinary) throws(StoreError) {
        // Category numbers in the byte order of their names (the key's `COLLATE "C"`).
        let order = names.indices.sorted { names[$0].utf8.lexicographicallyPrecedes(names[$1].utf8) }
        var rank = [Int32](repeating: 0, count: names.count)
        for (r, c) in order.enumerated() { rank[c] = Int32(r) }
        var levels: [[Key: Cell]] = [finest]
        for _ in stride(from: PostgresStore.cellTableMaxLevel - 1, through: PinGrid.minLevel, by: -1) {
            levels.append(Self.grouped(levels[levels.count - 1]) { Key(category: $0.category, code: $0.code >> 2) })
        }
        for (k, level) in levels.enumerated().reversed() {
            let l = PostgresStore.cellTableMaxLevel - k
            let all = Self.grouped(level) { Key(category: -1, code: $0.code) }.sorted { $0.key.code < $1.key.code }
            let one = level.sorted { a, b in
                a.key.category == b.key.category ? a.key.code < b.key.code : rank[Int(a.key.category)] < rank[Int(b.key.category)]
            }
            for (key, cell) in all + one {
                out.row(9)
                out.int16(l)
                out.int16(key.category < 0 ? 0 : 1)
                out.text(key.category < 0 ? "" : names[Int(key.category)])
                out.int64(key.code)
                out.int32(Int(cell.n))
                out.int64(cell.rep)
                out.float8(cell.latitude)
                out.float8(cell.longitude)
                out.text(names[Int(cell.category)])
                try out.endRow()
            }
        }
    }

    private static func grouped(_ cells: [Key: Cell], by parent: (Key) -> Key) -> [Key: Cell] {
        var out: [Key: Cell] = [:]
        out.reserveCapacity(cells.count / 2)
        for (key, cell) in cells {
            let p = parent(key)
            out[p] = out[p].map { merged($0, cell) } ?? cell
        }
        return out
    }
}
