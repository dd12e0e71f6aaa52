import CSQLite
import Support

/// The pin cell tree (`pin_tiles`, migration 3): what lets the map show a
/// million pins without reading them. For every `PinGrid` level it counts the
/// pins per cell, with the lowest-id pin of the cell as its representative;
/// one tree for all pins (scope 0) and one per category. A cell is stored
/// only when its parent holds two or more pins, so a pin alone in a cell is
/// stored once, where it becomes alone: about 1.7 cells per pin per tree on
/// clustered data, instead of one per pin per level (for the generated
/// million: 3.4 million cells in 0.4 million tile rows, 36 MB; `PinCellTile`).
///
/// Writes to `pins` (any connection, any tool) only append to a change log
/// through triggers; the store applies the log before it reads the tree
/// (`syncPinCells()`), one pin at a time (≈ 0.2 ms a pin) or, for many
/// changes, by rebuilding the whole tree from the pins (≈ 4 s of CPU per
/// million pins on a 2-core test machine; memory independent of the number of pins).
/// Inside `pinmap import --index` the rebuild runs on a second thread beside
/// the search build instead (`PinCellSideBuild`, ≈ 2.5 s of CPU and 32 bytes
/// a pin), for up to 2,000,000 pins.
extension Store {
    /// Log entries above which a sync rebuilds instead of applying them one by one.
    func pinCellRebuildThreshold(total: Int) -> Int { max(2_000, total / 40) }

    /// Brings the pin cell tree up to date with the pins: builds it when it
    /// was never built, else applies the change log. Pins a large bulk insert
    /// wrote without the tree's trigger join at its `endBulkInsert()`.
    /// - Throws: `StoreError` from SQLite (e.g. `SQLITE_BUSY` while another
    ///   process writes); the tree is then left as it was, still consistent.
    public func syncPinCells() throws(StoreError) {
        let built = try db.scalarInt("SELECT count(*) FROM pin_cell_state") > 0
        if built, try db.scalarInt("SELECT EXISTS (SELECT 1 FROM pin_cell_log)") == 0 { return }
        try atomically { () throws(StoreError) in
            let pending = Int(try db.scalarInt("SELECT count(*) FROM pin_cell_log"))
            let total = try pinCellTotal()
            if !built || pending > pinCellRebuildThreshold(total: total) {
                try rebuildPinCellsNow()
            } else if try !applyPinCellLog() {
                try rebuildPinCellsNow()
            }
        }
    }

    /// Rebuilds the pin cell tree from the pins table (repair; ≈ 4 s of CPU per
    /// million pins). - Throws: `StoreError` from SQLite; nothing changes then.
    public func rebuildPinCells() throws(StoreError) {
        try atomically { () throws(StoreError) in try rebuildPinCellsNow() }
    }

    /// Adds the pins a bulk insert wrote without the tree's insert trigger
    /// (those above the `pin_cell_pause` mark) to the tree and lifts the mark,
    /// so the map is current when the import commits: `endBulkInsert()` calls
    /// it after it restores the trigger. Few pins are added one by one, many
    /// (or a tree never built) by a rebuild: `sideBuild` when one was started
    /// (`startPinCellSideBuild()`), else here. Does nothing without a mark.
    /// Call inside the bulk insert's transaction.
    /// - Parameter progress: called with the fraction done during a rebuild.
    /// - Throws: `StoreError` from SQLite or from the side build.
    func addPausedPinsToCells(sideBuild: PinCellSideBuild? = nil,
                              progress: ((Double) -> Void)? = nil) throws(StoreError) {
        if let sideBuild {
            try sideBuild.finish(db: db, progress: progress)
            try db.execute("INSERT INTO pin_cell_state(built) VALUES(1)")
        } else {
            switch try pausedPinCellPlan() {
            case .none: return
            case .oneByOne(let fromID): try addPinsOneByOne(above: fromID)
            case .rebuild:
                // The import's read buffers (the duplicate table, the reader thread's arena)
                // are free by now; hand them back before the sort takes its share, so the
                // import's peak stays the larger of the two steps, not their sum.
                FreedMemory.release()
                try rebuildPinCellsNow(progress: progress)
            }
        }
        try db.execute("DELETE FROM pin_cell_pause")
    }

    /// Starts rebuilding the tree on a side thread (`PinCellSideBuild`) when
    /// the paused pins call for a rebuild and the pins fit its memory bound;
    /// hand the result to `addPausedPinsToCells(sideBuild:)` later in the same
    /// transaction, after writes that leave `pins` alone (the search index).
    /// - Returns: the running build, or nil (nothing to rebuild, too many pins,
    ///   no temporary file): `addPausedPinsToCells()` then does it all itself.
    /// - Throws: `StoreError` from SQLite.
    /// - Parameter limit: most pins for a side build (`PinCellSideBuild.maxPins`).
    func startPinCellSideBuild(limit: Int = PinCellSideBuild.maxPins) throws(StoreError) -> PinCellSideBuild? {
        guard case .rebuild = try pausedPinCellPlan() else { return nil }
        FreedMemory.release()
        var scopes = try PinCellScopes(db: db)
        guard let build = try PinCellSideBuild.start(db: db, scopes: &scopes, limit: limit) else { return nil }
        try resetPinCells()
        return build
    }

    /// What the pins above the `pin_cell_pause` mark need.
    enum PausedPinCells { case none, oneByOne(above: Int64), rebuild }

    /// Decides how the paused pins join the tree: one by one when few, by a
    /// rebuild when many (`pinCellRebuildThreshold`) or when no tree was built.
    func pausedPinCellPlan() throws(StoreError) -> PausedPinCells {
        guard try db.scalarInt("SELECT count(*) FROM pin_cell_pause") > 0 else { return .none }
        let fromID = try db.scalarInt("SELECT min(from_id) FROM pin_cell_pause")
        let built = try db.scalarInt("SELECT count(*) FROM pin_cell_state") > 0
        let added = Int(try db.scalarInt("SELECT count(*) FROM pins WHERE id > ?", [.int(fromID)]))
        let pending = Int(try db.scalarInt("SELECT count(*) FROM pin_cell_log"))
        let total = try pinCellTotal()
        return !built || added + pending > pinCellRebuildThreshold(total: total) ? .rebuild : .oneByOne(above: fromID)
    }

    /// Applies the change log, then adds the pins above `fromID` to the tree
    /// (≈ 0.2 ms a pin); rebuilds when the tree turns out damaged.
    private func addPinsOneByOne(above fromID: Int64) throws(StoreError) {
        guard try applyPinCellLog() else { try rebuildPinCellsNow(); return }
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
            try rebuildPinCellsNow()
        }
    }

    /// Pins in the tree of `scope` (the sum of its level-2 cells, one tile).
    func pinCellTotal(scope: Int64 = 0) throws(StoreError) -> Int {
        let st = try db.prepare("SELECT cells FROM pin_tiles WHERE key = ?")
        try st.bind([.int(PinCellTile.key(scope: scope, level: PinGrid.minLevel, tile: 0))])
        var total = 0
        if try st.step() {
            st.withBlob(0) { p, n in PinCellTile.forEach(p, count: n, level: PinGrid.minLevel, tile: 0) { total += $0.n } }
        }
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

    /// Rebuilds every tree from all the pins, streamed in Morton order of
    /// their finest cell (SQLite sorts; memory stays small, whatever the
    /// number of pins). Call inside a transaction.
    private func rebuildPinCellsNow(progress: ((Double) -> Void)? = nil) throws(StoreError) {
        try registerPinCellKeyFunction()
        // The build appends to one spot per level and scope (≈ 250 tile
        // pages with their parents): about SQLite's default 2 MiB page
        // cache; 8 MiB leaves room, and keeps `pinmap import` under 100 MB
        // (the sort takes about as much again; 16 MiB, without `malloc_trim`
        // first, made a million-pin import peak at 106 MB).
        let cache = try db.scalarInt("PRAGMA cache_size")
        try db.execute("PRAGMA cache_size = \(min(cache, -8192))")
        defer { try? db.execute("PRAGMA cache_size = \(cache)") }
        try resetPinCells()
        var scopes = try PinCellScopes(db: db)
        let sink = try PinCellSink(db: db)
        var forest = PinCellForest()
        let st = try db.prepare("""
            SELECT id, latitude, longitude, category, pinmap_cell_key(latitude, longitude) AS k
            FROM pins ORDER BY k
            """)
        var lastCategory = "", lastScope: Int64 = -1
        // SQLite sorts before the first row (about a third of the time), then streams.
        let total = progress == nil ? 0 : max(1, try db.scalarInt("SELECT count(*) FROM pins"))
        var rows: Int64 = 0
        while try st.step() {
            rows += 1
            if let progress, rows % 50_000 == 0 { progress(0.35 + 0.65 * Double(rows) / Double(total)) }
            let category = st.text(3)
            if lastScope < 0 || category != lastCategory {
                lastScope = try scopes.id(for: category)
                lastCategory = category
            }
            let rep = PinCellRep(id: st.int(0), latitude: st.double(1), longitude: st.double(2), scope: lastScope)
            try forest.push(rep, fine: st.int(4), sink: sink)
        }
        try forest.finish(sink: sink)
        try db.execute("INSERT INTO pin_cell_state(built) VALUES(1)")
    }

    /// Empties the tree before a rebuild. A running bulk insert's
    /// `pin_cell_pause` moves up to the last pin (the rebuild takes them all).
    private func resetPinCells() throws(StoreError) {
        try db.execute("DELETE FROM pin_tiles; DELETE FROM pin_cell_log; DELETE FROM pin_cell_state")
        try db.execute("UPDATE pin_cell_pause SET from_id = (SELECT coalesce(max(id), 0) FROM pins)")
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
