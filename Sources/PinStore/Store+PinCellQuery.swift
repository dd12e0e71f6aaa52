import CSQLite

extension PinCell {
    /// The cell's box in degrees.
    public var bounds: LatLonBox { PinGrid.bounds(level: level, x: x, y: y) }
}

extension Store {
    /// Visits cells that hold every pin inside `boxes` (WGS84 degrees) whose
    /// category is in `categories` (nil: all) exactly once: the stored cells
    /// of `level` that meet a box, and the pins alone in a coarser cell that
    /// lie inside a box (count 1, at their exact position). A cell of
    /// `level` on a box edge may also count pins just outside the box. With
    /// categories, a cell is visited once per category present in it.
    ///
    /// Visits about one cell per occupied cell of `level` in view (≈ 14,000
    /// at world zoom on a 200-column map of the generated million pins), read
    /// from a few hundred tile rows (`PinCellTile`), never the pins. Syncs
    /// the tree first (`syncPinCells()`); while another process holds the
    /// write lock it reads the tree as it is.
    /// - Throws: `StoreError` from SQLite.
    public func forEachPinCell(level: Int, boxes: [LatLonBox], categories: Set<String>?,
                               _ body: (PinCell) -> Void) throws(StoreError) {
        try visitPinCells(level: level, boxes: boxes, categories: categories) { body($0); return true }
    }

    /// `forEachPinCell`, stopping as soon as `body` returns false.
    func visitPinCells(level: Int, boxes: [LatLonBox], categories: Set<String>?,
                       _ body: (PinCell) -> Bool) throws(StoreError) {
        try syncPinCellsIfPossible()
        let scopes: [Int64]
        if let cats = categories {
            scopes = try pinCellCategoryNames().filter { cats.contains($0.value) }.map(\.key).sorted()
        } else {
            scopes = [0]
        }
        let top = min(PinGrid.maxLevel, max(PinGrid.minLevel, level))
        let cache = pinCellTileCache
        try cache.dropIfChanged()
        for scope in scopes {
            for box in boxes {
                for k in PinGrid.minLevel...top {
                    let lo = PinGrid.cell(latitude: box.south, longitude: box.west, level: k)
                    let hi = PinGrid.cell(latitude: box.north, longitude: box.east, level: k)
                    // Tiles are the cells' ancestors three levels up (below level 5, one tile).
                    let rect = k - 3 < PinGrid.minLevel ? PinCellTileCache.TileRect(x0: 0, x1: 0, y0: 0, y1: 0)
                        : PinCellTileCache.TileRect(x0: lo.x >> 3, x1: hi.x >> 3, y0: lo.y >> 3, y1: hi.y >> 3)
                    let w = try cache.window(scope: scope, level: k, rect: rect)
                    let tileX = w.tileX, tileY = w.tileY, starts = w.starts  // no copies: shared buffers
                    let goOn = w.cells.withUnsafeBufferPointer { cells -> Bool in
                        // The window's tiles in key order, those of the view: the rows SQLite
                        // would return for the view's ranges, less tiles wholly outside it.
                        for t in tileX.indices where rect.contains(x: tileX[t], y: tileY[t]) {
                            for c in cells[Int(starts[t])..<Int(starts[t + 1])] {
                                // Coarser levels only add their lone pins: the
                                // other pins are counted by cells of `top`.
                                let n = Int(c.n)
                                guard k == top || n == 1 else { continue }
                                let x = Int(c.x), y = Int(c.y)
                                guard x >= lo.x, x <= hi.x, y >= lo.y, y <= hi.y else { continue }
                                let lat = c.latitude, lon = c.longitude
                                if n == 1 && !box.contains(latitude: lat, longitude: lon) { continue }
                                guard body(PinCell(level: k, x: x, y: y, count: n, repID: c.id, repLatitude: lat,
                                                   repLongitude: lon, repCategoryID: c.repScope, scope: scope)) else { return false }
                            }
                        }
                        return true
                    }
                    guard goOn else { return }
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
        // Each scope's level-2 tile (≤ 4 cells), by category name.
        let st = try db.prepare("""
            SELECT 0, NULL, (SELECT cells FROM pin_tiles WHERE key = ?1)
            UNION ALL
            SELECT id, category, (SELECT cells FROM pin_tiles WHERE key = (id << 41) | ?1) FROM pin_cell_scopes
            ORDER BY 2
            """)
        try st.bind([.int(PinCellTile.key(scope: 0, level: PinGrid.minLevel, tile: 0))])
        var totals = PinCellTotals(total: 0, categories: [])
        while try st.step() {
            var n = 0
            st.withBlob(2) { p, count in
                PinCellTile.forEach(p, count: count, level: PinGrid.minLevel, tile: 0) { n += $0.n }
            }
            if st.int(0) == 0 {
                totals.total = n
            } else if n > 0, !st.text(1).isEmpty {
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
        defer { sqlite3_busy_timeout(db.handle, StoreErrorText.busyTimeoutMilliseconds) }
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
        st = try store.db.prepare("SELECT cells FROM pin_tiles WHERE key = ?")
    }

    /// The stored children of `cell` (level + 1), which hold its pins; empty
    /// for a cell of one pin or of the finest level.
    /// - Throws: `StoreError` from SQLite.
    public func children(of cell: PinCell) throws(StoreError) -> [PinCell] {
        guard cell.count > 1, cell.level < PinGrid.maxLevel else { return [] }
        let first = PinGrid.morton(x: cell.x, y: cell.y, level: cell.level) << 2  // the four children share a tile
        let tile = PinCellTile.tile(of: first)
        try st.bind([.int(PinCellTile.key(scope: cell.scope, level: cell.level + 1, tile: tile))])
        defer { st.reset() }
        var out: [PinCell] = []
        guard try st.step() else { return [] }
        let lo = PinCellTile.local(of: first)
        st.withBlob(0) { p, count in
            let t = PinCellTileReader(p, bytes: count, level: cell.level + 1, tile: tile)
            for i in 0..<t.count {
                let r = t.at(i)
                let local = t.local(at: r)
                guard local >= lo && local < lo + 4 else { continue }
                let c = t.cell(local: local)
                let rep = t.rep(at: r, x: c.x, y: c.y)
                out.append(PinCell(level: cell.level + 1, x: c.x, y: c.y, count: t.n(at: r), repID: rep.id,
                                   repLatitude: rep.latitude, repLongitude: rep.longitude,
                                   repCategoryID: rep.scope, scope: cell.scope))
            }
        }
        return out
    }
}
