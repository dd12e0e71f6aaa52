import CSQLite

/// The pin cell tree (`pin_tiles`, migration 3): what lets the map show a
/// million pins without reading them. For every `PinGrid` level it counts the
/// pins per cell, with the lowest-id pin of the cell as its representative;
/// one tree for all pins (scope 0) and one per category. A cell is stored
/// only when its parent holds two or more pins, so a pin alone in a cell is
/// stored once, where it becomes alone: about 1.7 cells per pin per tree on
/// clustered data, instead of one per pin per level (for the generated
/// million: 3.4 million cells in 0.4 million tile rows, 111 MB).
///
/// Writes to `pins` (any connection, any tool) only append to a change log
/// through triggers; the store applies the log before it reads the tree
/// (`syncPinCells()`), one pin at a time (≈ 0.2 ms a pin) or, for many
/// changes, by rebuilding the whole tree from the pins (≈ 10 s per million
/// pins on a 2-core test machine; memory independent of the number of pins).
extension Store {
    /// Log entries above which a sync rebuilds instead of applying them one by one.
    func pinCellRebuildThreshold(total: Int) -> Int { max(2_000, total / 40) }

    /// Brings the pin cell tree up to date with the pins: builds it when it
    /// was never built, else applies the change log. Pins inserted during a
    /// bulk insert (`beginBulkInsert()`) join at `endBulkInsert()`.
    /// - Throws: `StoreError` from SQLite (e.g. `SQLITE_BUSY` while another
    ///   process writes); the tree is then left as it was, still consistent.
    public func syncPinCells() throws(StoreError) {
        let built = try db.scalarInt("SELECT count(*) FROM pin_cell_state") > 0
        if built, try db.scalarInt("SELECT EXISTS (SELECT 1 FROM pin_cell_log)") == 0 { return }
        try atomically { () throws(StoreError) in
            let pending = Int(try db.scalarInt("SELECT count(*) FROM pin_cell_log"))
            let total = try pinCellTotal()
            if !built || pending > pinCellRebuildThreshold(total: total) {
                try rebuildPinCellsNow(includePaused: false)
            } else if try !applyPinCellLog() {
                try rebuildPinCellsNow(includePaused: false)
            }
        }
    }

    /// Rebuilds the pin cell tree from the pins table (repair; ≈ 10 s per
    /// million pins). - Throws: `StoreError` from SQLite; nothing changes then.
    public func rebuildPinCells() throws(StoreError) {
        try atomically { () throws(StoreError) in try rebuildPinCellsNow(includePaused: false) }
    }

    /// Adds the pins above `fromID` (inserted during a bulk insert, which the
    /// triggers skipped) to the tree: `endBulkInsert()` calls it before it
    /// lifts the pause. Few pins are added one by one, many by a rebuild.
    /// - Throws: `StoreError` from SQLite.
    /// - Parameter progress: called with the fraction done during a rebuild.
    func addBulkInsertedPinsToCells(fromID: Int64, progress: ((Double) -> Void)? = nil) throws(StoreError) {
        guard try db.scalarInt("SELECT count(*) FROM pin_cell_state") > 0 else { return }  // the next sync builds
        let added = Int(try db.scalarInt("SELECT count(*) FROM pins WHERE id > ?", [.int(fromID)]))
        let pending = Int(try db.scalarInt("SELECT count(*) FROM pin_cell_log"))
        guard added > 0 || pending > 0 else { return }
        if added + pending > pinCellRebuildThreshold(total: try pinCellTotal()) {
            try rebuildPinCellsNow(includePaused: true, progress: progress)
            return
        }
        guard try applyPinCellLog() else { try rebuildPinCellsNow(includePaused: true); return }
        let writer = try PinCellWriter(db: db)
        var scopes = try PinCellScopes(db: db)
        let st = try db.prepare("SELECT id, latitude, longitude, category FROM pins WHERE id > ? ORDER BY id")
        try st.bind([.int(fromID)])
        do {
            while try st.step() {
                let scope = try scopes.id(for: st.text(3))
                let rep = PinCellRep(id: st.int(0), latitude: st.double(1), longitude: st.double(2), scope: scope)
                try writer.add(rep, scope: 0)
                try writer.add(rep, scope: scope)
            }
            try writer.flush()
        } catch {
            try rebuildPinCellsNow(includePaused: true)
        }
    }

    /// Pins in the tree of `scope` (the sum of its level-2 cells, one tile).
    func pinCellTotal(scope: Int64 = 0) throws(StoreError) -> Int {
        let st = try db.prepare("SELECT cells FROM pin_tiles WHERE key = ?")
        try st.bind([.int(PinCellTile.key(scope: scope, level: PinGrid.minLevel, tile: 0))])
        var total = 0
        if try st.step() { st.withBlob(0) { p, n in PinCellTile.forEach(p, count: n) { total += $0.n } } }
        return total
    }

    /// Applies and empties the change log. Returns false when the tree
    /// turned out damaged (the caller rebuilds; the changes so far stay in
    /// the transaction the caller rolls back or rebuilds over).
    private func applyPinCellLog() throws(StoreError) -> Bool {
        let writer = try PinCellWriter(db: db)
        var scopes = try PinCellScopes(db: db)
        let st = try db.prepare("SELECT seq, delta, pin_id, latitude, longitude, category FROM pin_cell_log ORDER BY seq")
        var last: Int64 = 0
        do {
            while try st.step() {
                last = st.int(0)
                let scope = try scopes.id(for: st.text(5))
                let rep = PinCellRep(id: st.int(2), latitude: st.double(3), longitude: st.double(4), scope: scope)
                if st.int(1) > 0 {
                    try writer.add(rep, scope: 0)
                    try writer.add(rep, scope: scope)
                } else {
                    try writer.remove(rep, scope: 0)
                    try writer.remove(rep, scope: scope)
                }
            }
        } catch is PinCellTreeDamaged {
            return false
        } catch let e as StoreError where e.code & 0xFF == SQLITE_CONSTRAINT {
            return false  // a cell that should not exist yet: the tree is damaged
        } catch let e as StoreError {
            throw e
        } catch {
            return false
        }
        try writer.flush()
        try db.execute("DELETE FROM pin_cell_log WHERE seq <= \(last)")
        return true
    }

    /// Rebuilds every tree from the pins, streamed in Morton order of their
    /// finest cell (SQLite sorts; memory stays small). Pins above a bulk
    /// insert pause are left out unless `includePaused`. Call inside a transaction.
    private func rebuildPinCellsNow(includePaused: Bool, progress: ((Double) -> Void)? = nil) throws(StoreError) {
        try registerPinCellKeyFunction()
        // The build appends to one spot per level and scope (≈ 250 tile
        // pages with their parents): about SQLite's default 2 MiB page
        // cache; 16 MiB leaves room without raising an import's peak memory.
        let cache = try db.scalarInt("PRAGMA cache_size")
        try db.execute("PRAGMA cache_size = \(min(cache, -16384))")
        defer { try? db.execute("PRAGMA cache_size = \(cache)") }
        try db.execute("DELETE FROM pin_tiles; DELETE FROM pin_cell_log; DELETE FROM pin_cell_state")
        var limit = Int64.max
        if !includePaused, try db.scalarInt("SELECT count(*) FROM search_index_pause") > 0 {
            limit = try db.scalarInt("SELECT min(from_id) FROM search_index_pause")
        }
        var scopes = try PinCellScopes(db: db)
        let sink = try PinCellSink(db: db)
        var all = PinCellBuilder(scope: 0)
        // One builder per category scope, indexed by scope id (small integers).
        var byCategory: [PinCellBuilder] = []
        let st = try db.prepare("""
            SELECT id, latitude, longitude, category, pinmap_cell_key(latitude, longitude) AS k
            FROM pins WHERE id <= ? ORDER BY k
            """)
        try st.bind([.int(limit)])
        var lastCategory = "", lastScope: Int64 = -1
        // SQLite sorts before the first row (about a third of the time), then streams.
        let total = progress == nil ? 0 : max(1, try db.scalarInt("SELECT count(*) FROM pins WHERE id <= ?", [.int(limit)]))
        var rows: Int64 = 0
        while try st.step() {
            rows += 1
            if let progress, rows % 50_000 == 0 { progress(0.35 + 0.65 * Double(rows) / Double(total)) }
            let category = st.text(3)
            if lastScope < 0 || category != lastCategory {
                lastScope = try scopes.id(for: category)
                lastCategory = category
            }
            let scope = lastScope
            let rep = PinCellRep(id: st.int(0), latitude: st.double(1), longitude: st.double(2), scope: scope)
            let fine = st.int(4)
            try all.push(rep, fine: fine, sink: sink)
            let i = Int(scope)
            while byCategory.count <= i { byCategory.append(PinCellBuilder(scope: Int64(byCategory.count))) }
            try byCategory[i].push(rep, fine: fine, sink: sink)
        }
        try all.finish(sink: sink)
        for i in byCategory.indices { try byCategory[i].finish(sink: sink) }
        try sink.finish()
        try db.execute("INSERT INTO pin_cell_state(built) VALUES(1)")
    }

    /// Registers `pinmap_cell_key(latitude, longitude)`, the finest-cell
    /// Morton code (`PinGrid.fineMorton`), on this connection.
    private func registerPinCellKeyFunction() throws(StoreError) {
        let rc = sqlite3_create_function_v2(
            db.handle, "pinmap_cell_key", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
            { ctx, argc, argv in
                guard argc == 2, let argv else { sqlite3_result_null(ctx); return }
                let lat = sqlite3_value_double(argv[0]), lon = sqlite3_value_double(argv[1])
                sqlite3_result_int64(ctx, PinGrid.fineMorton(latitude: lat, longitude: lon))
            }, nil, nil, nil)
        if rc != SQLITE_OK { throw db.failure(rc) }
    }
}

/// Category → scope id (`pin_cell_scopes`), creating scopes for new categories.
struct PinCellScopes {
    private let db: Database
    private var ids: [String: Int64] = [:]
    private let insert: Statement

    init(db: Database) throws(StoreError) {
        self.db = db
        insert = try db.prepare("INSERT INTO pin_cell_scopes(category) VALUES(?)")
        let st = try db.prepare("SELECT id, category FROM pin_cell_scopes")
        while try st.step() { ids[st.text(1)] = st.int(0) }
    }

    mutating func id(for category: String) throws(StoreError) -> Int64 {
        if let id = ids[category] { return id }
        try insert.bind([.text(category)])
        try insert.step()
        let id = db.lastInsertRowID
        ids[category] = id
        return id
    }
}
