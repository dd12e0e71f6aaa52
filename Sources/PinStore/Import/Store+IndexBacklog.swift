import CSQLite

extension Store {
    /// What is left to index.
    /// - Throws: `StoreError` from SQLite.
    public func indexBacklog() throws(StoreError) -> IndexBacklog {
        let indexes = try deferredIndexNames()
        guard let from = try unindexedAbove() else { return IndexBacklog(pins: 0, indexes: indexes, paused: false) }
        let pins = Int(try db.scalarInt("SELECT count(*) FROM pins WHERE id > ?", [.int(from)]))
        return IndexBacklog(pins: pins, indexes: indexes, paused: true)
    }

    /// Whether anything is left to index (or a drop to undo): one query,
    /// cheap enough for every reload of the UI, unlike `indexBacklog()`,
    /// which counts the pins.
    /// - Throws: `StoreError` from SQLite.
    public func hasIndexBacklog() throws(StoreError) -> Bool {
        try db.scalarInt("SELECT EXISTS (SELECT 1 FROM deferred_schema) OR EXISTS (SELECT 1 FROM search_index_pause)") != 0
    }

    /// Indexes everything a bulk insert left: rebuilds the deferred indexes,
    /// adds the pins above the pause mark to the search index (and, inside
    /// the bulk insert's own transaction, to the pin cell tree), and lifts the
    /// pause, in one transaction (≈ 10 s of CPU for 1,000,000 pins on a 2-core
    /// machine, about half of it the search index). A kill, an error or `shouldStop` leaves the backlog
    /// as it was.
    /// Does nothing when the backlog is empty.
    /// - Parameters:
    ///   - progress: called after each step (about a hundred calls).
    ///   - shouldStop: asked every few milliseconds; true abandons the work
    ///     (rolled back) and throws `StoreError` with code `SQLITE_INTERRUPT`.
    /// - Returns: how many pins joined the search index (rows).
    /// - Throws: `StoreError` from SQLite (e.g. `SQLITE_BUSY` while another
    ///   process writes); nothing changes then.
    @discardableResult
    public func finishIndexing(progress: ((IndexingProgress) -> Void)? = nil,
                               shouldStop: (() -> Bool)? = nil) throws(StoreError) -> Int {
        guard try hasIndexBacklog() else { return 0 }
        let cache = try db.scalarInt("PRAGMA cache_size")
        // 8 MiB, whatever the connection used before (the UI keeps 32 MiB): each CREATE INDEX
        // sort holds up to about twice the cache in sorted runs besides the cache itself
        // (`PRAGMA threads = 2`). Measured, a million pins, `import --index`: 16 MiB peaked at
        // 106 MB, 8 MiB at 86 MB (the import's own peak), 4 MiB at 85 MB; one index alone in
        // the sqlite3 shell: 70 MB, 37 MB, 21 MB, as fast at 8 MiB as at 16.
        try db.execute("PRAGMA cache_size = -8192")
        defer { try? db.execute("PRAGMA cache_size = \(cache)") }
        return try db.whileAsking(shouldStop) { () throws(StoreError) -> Int in
            try atomically { () throws(StoreError) -> Int in try finishIndexingNow(progress, shouldStop) }
        }
    }

    private func finishIndexingNow(_ report: ((IndexingProgress) -> Void)?,
                                   _ shouldStop: (() -> Bool)?) throws(StoreError) -> Int {
        // Between steps too: a step of a small store may end before SQLite asks.
        var stopped = false
        let progress = { (p: IndexingProgress) in
            report?(p)
            if shouldStop?() == true { stopped = true }
        }
        func check() throws(StoreError) {
            if stopped { throw StoreError("indexing stopped", code: SQLITE_INTERRUPT) }
        }
        // Shares of the work for 1,000,000 pins: indexes 0.5, search 0.45 (migration 11); the map's part
        // is left only inside a bulk insert (`endBulkInsert()`), a small one.
        try restoreDeferredSchema { done, all in
            progress(IndexingProgress(stage: .indexes, fraction: 0.5 * Double(done) / Double(all)))
        }
        try check()
        guard let from = try unindexedAbove() else { try addPausedPinsToCells(); return 0 }
        // Only within a bulk insert (`endBulkInsert()`): the map's tree, when it is rebuilt,
        // is sorted and encoded on a second thread while this one builds the search index.
        let tree = try startPinCellSideBuild()
        defer { tree?.cancel() }
        let n = try indexSearch(above: from) { f in
            progress(IndexingProgress(stage: .search, fraction: 0.5 + 0.45 * f))
        }
        try check()
        progress(IndexingProgress(stage: .map, fraction: 0.95))
        try addPausedPinsToCells(sideBuild: tree) { f in
            progress(IndexingProgress(stage: .map, fraction: 0.95 + 0.05 * f))
        }
        try check()
        try db.execute("DELETE FROM search_index_pause")
        report?(IndexingProgress(stage: .map, fraction: 1))
        return n
    }
}
