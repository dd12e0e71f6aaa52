import CSQLite

/// A cell of the pin cell tree as the map reads it: how many pins of one
/// scope (all pins, or one category) lie in cell (`x`, `y`) of `PinGrid`
/// level `level`, and the lowest-id one of them.
public struct PinCell: Sendable, Hashable {
    public var level: Int
    /// Column (from 180°W) and row (from 90°S) on `level`.
    public var x: Int, y: Int
    /// Pins in the cell (≥ 1).
    public var count: Int
    /// The lowest pin id in the cell, with its position (degrees) and its
    /// category's id (a key of `Store.pinCellCategoryNames()`; ids are not
    /// counts, so reading cells costs no text).
    public var repID: Int64
    public var repLatitude: Double
    public var repLongitude: Double
    public var repCategoryID: Int64
    /// 0: counts all pins; else the category scope counted.
    let scope: Int64

    /// The cell's box in degrees.
    public var bounds: LatLonBox { PinGrid.bounds(level: level, x: x, y: y) }
}

/// Pin counts from the level-2 cells: the whole store and each category.
public struct PinCellTotals: Sendable, Equatable {
    /// Pins in the store (rows).
    public var total: Int
    /// Non-empty categories (not the blank one) with their pin counts, by name
    /// (the order and counts `Store.categories()` gives).
    public var categories: [CategoryTotal]

    public struct CategoryTotal: Sendable, Equatable {
        public var name: String
        public var count: Int
    }
}

extension Store {
    /// Visits cells that hold every pin inside `boxes` (WGS84 degrees) whose
    /// category is in `categories` (nil: all) exactly once: the stored cells
    /// of `level` that meet a box, and the pins alone in a coarser cell that
    /// lie inside a box (count 1, at their exact position). A cell of
    /// `level` on a box edge may also count pins just outside the box. With
    /// categories, a cell is visited once per category present in it.
    ///
    /// Reads about one row per occupied cell of `level` in view (≈ 14,000 at
    /// world zoom on a 200-column map of a million clustered pins), never the
    /// pins. Syncs the tree first (`syncPinCells()`); while another process
    /// holds the write lock it reads the tree as it is.
    /// - Throws: `StoreError` from SQLite.
    public func forEachPinCell(level: Int, boxes: [LatLonBox], categories: Set<String>?,
                               _ body: (PinCell) -> Void) throws(StoreError) {
        try visitPinCells(level: level, boxes: boxes, categories: categories) { body($0); return true }
    }

    /// `forEachPinCell`, stopping as soon as `body` returns false.
    func visitPinCells(level: Int, boxes: [LatLonBox], categories: Set<String>?,
                       _ body: (PinCell) -> Bool) throws(StoreError) {
        try syncPinCellsIfPossible()
        let names = try pinCellCategoryNames()
        let scopes: [Int64] = categories.map { cats in names.filter { cats.contains($0.value) }.map(\.key).sorted() } ?? [0]
        let top = min(PinGrid.maxLevel, max(PinGrid.minLevel, level))
        let st = try db.prepare("SELECT z, n, rep_id, rep_lat, rep_lon, rep_scope FROM pin_cells WHERE scope = ? AND level = ? AND z BETWEEN ? AND ?")
        for scope in scopes {
            for box in boxes {
                for k in PinGrid.minLevel...top {
                    let lo = PinGrid.cell(latitude: box.south, longitude: box.west, level: k)
                    let hi = PinGrid.cell(latitude: box.north, longitude: box.east, level: k)
                    for range in PinGrid.mortonRanges(level: k, x0: lo.x, x1: hi.x, y0: lo.y, y1: hi.y) {
                        try st.bind([.int(scope), .int(Int64(k)), .int(range.lowerBound), .int(range.upperBound)])
                        while try st.step() {
                            let n = Int(st.int(1))
                            // Coarser levels only add their lone pins: the
                            // other pins are counted by deeper cells.
                            if k < top && n > 1 { continue }
                            let c = PinGrid.cell(morton: st.int(0), level: k)
                            guard c.x >= lo.x, c.x <= hi.x, c.y >= lo.y, c.y <= hi.y else { continue }
                            let lat = st.double(3), lon = st.double(4)
                            if n == 1 && !(lat >= box.south && lat <= box.north && lon >= box.west && lon <= box.east) { continue }
                            let cell = PinCell(level: k, x: c.x, y: c.y, count: n, repID: st.int(2), repLatitude: lat,
                                               repLongitude: lon, repCategoryID: st.int(5), scope: scope)
                            if !body(cell) { return }
                        }
                    }
                }
            }
        }
    }

    /// The stored children of `cell` (level + 1), which hold its pins; empty
    /// for a cell of one pin or of the finest level (see `PinCellChildReader`
    /// for many cells). - Throws: `StoreError` from SQLite.
    public func pinCellChildren(of cell: PinCell) throws(StoreError) -> [PinCell] {
        try PinCellChildReader(store: self).children(of: cell)
    }

    /// Pins in the store and per category, from the tree (a few rows read,
    /// whatever the number of pins). Syncs the tree first.
    /// - Throws: `StoreError` from SQLite.
    public func pinCellTotals() throws(StoreError) -> PinCellTotals {
        try syncPinCellsIfPossible()
        // One primary-key range per scope (level 2 has at most 4 cells).
        let st = try db.prepare("""
            SELECT 0, NULL, (SELECT coalesce(sum(n), 0) FROM pin_cells WHERE scope = 0 AND level = 2)
            UNION ALL
            SELECT s.id, s.category, (SELECT coalesce(sum(n), 0) FROM pin_cells WHERE scope = s.id AND level = 2)
            FROM pin_cell_scopes s
            ORDER BY 2
            """)
        var totals = PinCellTotals(total: 0, categories: [])
        while try st.step() {
            let n = Int(st.int(2))
            if st.int(0) == 0 {
                totals.total = n
            } else if !st.isNull(1), !st.text(1).isEmpty, n > 0 {
                totals.categories.append(.init(name: st.text(1), count: n))
            }
        }
        return totals
    }

    /// Category id (`PinCell.repCategoryID`) → category name.
    /// - Throws: `StoreError` from SQLite.
    public func pinCellCategoryNames() throws(StoreError) -> [Int64: String] {
        let st = try db.prepare("SELECT id, category FROM pin_cell_scopes")
        var out: [Int64: String] = [:]
        while try st.step() { out[st.int(0)] = st.text(1) }
        return out
    }

    /// Syncs unless another connection holds the write lock (then the tree
    /// is read as it is: consistent, only behind by the pending changes).
    func syncPinCellsIfPossible() throws(StoreError) {
        // Do not wait for the lock: a frame must not stall behind an import.
        sqlite3_busy_timeout(db.handle, 0)
        defer { sqlite3_busy_timeout(db.handle, 2000) }
        do {
            try syncPinCells()
        } catch {
            let primary = error.code & 0xFF
            if primary == SQLITE_BUSY || primary == SQLITE_LOCKED || primary == SQLITE_READONLY { return }
            throw error
        }
    }
}

/// Reads the children of pin cells with one prepared statement (the map
/// refines a few hundred cells per frame; preparing each time would cost
/// more than the reads).
public final class PinCellChildReader {
    private let st: Statement

    /// - Throws: `StoreError` when the statement does not compile.
    public init(store: Store) throws(StoreError) {
        st = try store.db.prepare("SELECT z, n, rep_id, rep_lat, rep_lon, rep_scope FROM pin_cells WHERE scope = ? AND level = ? AND z BETWEEN ? AND ?")
    }

    /// The stored children of `cell` (level + 1), which hold its pins; empty
    /// for a cell of one pin or of the finest level.
    /// - Throws: `StoreError` from SQLite.
    public func children(of cell: PinCell) throws(StoreError) -> [PinCell] {
        guard cell.count > 1, cell.level < PinGrid.maxLevel else { return [] }
        let z = PinGrid.morton(x: cell.x, y: cell.y, level: cell.level)
        try st.bind([.int(cell.scope), .int(Int64(cell.level + 1)), .int(z << 2), .int((z << 2) + 3)])
        defer { st.reset() }
        var out: [PinCell] = []
        while try st.step() {
            let c = PinGrid.cell(morton: st.int(0), level: cell.level + 1)
            out.append(PinCell(level: cell.level + 1, x: c.x, y: c.y, count: Int(st.int(1)), repID: st.int(2),
                               repLatitude: st.double(3), repLongitude: st.double(4),
                               repCategoryID: st.int(5), scope: cell.scope))
        }
        return out
    }
}
