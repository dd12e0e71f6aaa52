/// The pin a cell stands for on the map: the lowest pin id in the cell, where
/// it is, and its category scope (`pin_cell_scopes.id`).
struct PinCellRep: Sendable, Equatable {
    var id: Int64
    var latitude: Double
    var longitude: Double
    var scope: Int64

    /// The lower id of two representatives (the map shows a cell by its lowest id).
    static func lower(_ a: PinCellRep, _ b: PinCellRep) -> PinCellRep { a.id <= b.id ? a : b }

    var fineMorton: Int64 { PinGrid.fineMorton(latitude: latitude, longitude: longitude) }
}

/// The tree is not what the rules say it must be (a cell missing, a count
/// off): the caller rebuilds it from the pins.
struct PinCellTreeDamaged: Error {}

/// Adds and removes single pins in the pin cell tree (`pin_tiles`), keeping
/// its rule: a cell of level 2 is always stored, a deeper cell exactly when
/// its parent holds two or more pins. So a pin alone in a cell is stored once,
/// on the coarsest level where it is alone, and the levels below hold nothing
/// for it. Cost per pin: about two statements per level it passes (≤ 21).
final class PinCellWriter {
    private let tiles: PinCellTiles
    private let finest: Statement

    init(db: Database) throws(StoreError) {
        tiles = try PinCellTiles(db: db)
        finest = try db.prepare("""
            SELECT p.id, p.latitude, p.longitude, s.id FROM pins p JOIN pin_cell_scopes s ON s.category = p.category
            WHERE p.latitude BETWEEN ? AND ? AND p.longitude BETWEEN ? AND ? AND p.id <> ? ORDER BY p.id
            """)
    }

    /// Writes the changes so far (before anything else reads the tree).
    func flush() throws(StoreError) { try tiles.flush() }

    private static let maxLevel = PinGrid.maxLevel

    private func code(_ fine: Int64, _ level: Int) -> Int64 { fine >> Int64(2 * (PinCellWriter.maxLevel - level)) }

    private func find(_ scope: Int64, _ level: Int, _ z: Int64) throws(StoreError) -> (n: Int, rep: PinCellRep)? {
        try tiles.cell(scope: scope, level: level, z: z)
    }

    private func set(_ scope: Int64, _ level: Int, _ z: Int64, n: Int, rep: PinCellRep) throws(StoreError) {
        try tiles.set(scope: scope, level: level, z: z, (n, rep))
    }

    /// Adds pin `p` to the tree of `scope`.
    func add(_ p: PinCellRep, scope: Int64) throws(StoreError) {
        let fine = p.fineMorton
        var level = PinGrid.minLevel
        while level <= PinCellWriter.maxLevel {
            let z = code(fine, level)
            guard let cell = try find(scope, level, z) else {
                try set(scope, level, z, n: 1, rep: p)
                return
            }
            try set(scope, level, z, n: cell.n + 1, rep: .lower(cell.rep, p))
            if cell.n == 1 && level < PinCellWriter.maxLevel {
                // The cell held one pin, stored only here: it now holds two,
                // so its children must exist; push the old pin down a level.
                let q = cell.rep
                try set(scope, level + 1, code(q.fineMorton, level + 1), n: 1, rep: q)
            }
            level += 1
        }
    }

    /// Removes pin `p` (as it was when added) from the tree of `scope`.
    /// - Throws: `PinCellTreeDamaged` when the tree does not hold it;
    ///   `StoreError` from SQLite.
    func remove(_ p: PinCellRep, scope: Int64) throws {
        let fine = p.fineMorton
        // Cells whose count dropped but which stay, top down: their
        // representative may have been `p` and is fixed bottom up afterwards.
        var kept: [(level: Int, z: Int64, n: Int, rep: PinCellRep)] = []
        var level = PinGrid.minLevel
        while level <= PinCellWriter.maxLevel {
            let z = code(fine, level)
            guard let cell = try find(scope, level, z) else { throw PinCellTreeDamaged() }
            if cell.n == 1 {
                guard cell.rep.id == p.id else { throw PinCellTreeDamaged() }
                try tiles.set(scope: scope, level: level, z: z, nil)
                break
            }
            if cell.n == 2 && level < PinCellWriter.maxLevel {
                // One pin stays: it is now alone here, so nothing below is kept.
                let r = try remaining(scope: scope, level: level, z: z, cell: cell.rep, without: p.id, fine: fine)
                for m in (level + 1)...PinCellWriter.maxLevel {
                    let shift = Int64(2 * (m - level))
                    try tiles.removeAll(scope: scope, level: m, in: (z << shift)...(((z + 1) << shift) - 1))
                }
                try set(scope, level, z, n: 1, rep: r)
                break
            }
            try set(scope, level, z, n: cell.n - 1, rep: cell.rep)
            kept.append((level, z, cell.n - 1, cell.rep))
            level += 1
        }
        for k in kept.reversed() where k.rep.id == p.id {
            let rep = k.level < PinCellWriter.maxLevel
                ? try lowestChild(scope: scope, level: k.level, z: k.z)
                : try lowestInFinestCell(scope: scope, fine: fine, without: p.id)
            guard let rep else { throw PinCellTreeDamaged() }
            try set(scope, k.level, k.z, n: k.n, rep: rep)
        }
    }

    /// The pin other than `without` in a two-pin cell: its representative,
    /// or else the first other representative below it.
    private func remaining(scope: Int64, level: Int, z: Int64, cell rep: PinCellRep,
                           without: Int64, fine: Int64) throws -> PinCellRep {
        if rep.id != without { return rep }
        for m in (level + 1)...PinCellWriter.maxLevel {
            let shift = Int64(2 * (m - level))
            let below = try tiles.cells(scope: scope, level: m, in: (z << shift)...(((z + 1) << shift) - 1))
            if let r = below.first(where: { $0.rep.id != without }) { return r.rep }
        }
        // Both pins share a finest cell, where the other one is no representative.
        guard let r = try lowestInFinestCell(scope: scope, fine: fine, without: without) else {
            throw PinCellTreeDamaged()
        }
        return r
    }

    /// The lowest-id pin of `scope` other than `without` in finest cell
    /// `fine`, read from the pins table (the tree keeps one pin per cell).
    private func lowestInFinestCell(scope: Int64, fine: Int64, without: Int64) throws(StoreError) -> PinCellRep? {
        let c = PinGrid.cell(morton: fine, level: PinCellWriter.maxLevel)
        let box = PinGrid.bounds(level: PinCellWriter.maxLevel, x: c.x, y: c.y)
        try finest.bind([.double(box.south), .double(box.north), .double(box.west), .double(box.east), .int(without)])
        defer { finest.reset() }
        while try finest.step() {
            let r = PinCellRep(id: finest.int(0), latitude: finest.double(1), longitude: finest.double(2), scope: finest.int(3))
            if r.fineMorton == fine && (scope == 0 || r.scope == scope) { return r }
        }
        return nil
    }

    /// The lowest-id representative among the children of cell `z` of `level`.
    private func lowestChild(scope: Int64, level: Int, z: Int64) throws(StoreError) -> PinCellRep? {
        guard level < PinCellWriter.maxLevel else { return nil }
        var best: PinCellRep?
        for c in try tiles.cells(scope: scope, level: level + 1, in: (z << 2)...((z << 2) + 3)) {
            best = best.map { .lower($0, c.rep) } ?? c.rep
        }
        return best
    }
}
