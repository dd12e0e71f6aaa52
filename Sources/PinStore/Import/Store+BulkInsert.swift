import CSQLite
import Glibc

/// Bulk inserts (imports) and the indexing they leave behind.
///
/// Row by row, the search index (`pins_fts`, migration 2) and the map's pin
/// cell tree (migration 3) follow every insert through triggers: inserting
/// 1,000,000 generated pins that way took 218–246 s on a 2-core machine. So
/// an import pauses search indexing (`beginBulkInsert`: pins above the
/// `search_index_pause` mark are skipped) and the pins it adds are indexed in
/// one pass: at once for a small import (`endBulkInsert()`), or, for a large
/// one, after it commits (`endBulkInsert(deferring: true)`): the import then
/// commits its pins with the spatial index and the map's pin cell tree, and
/// the other indexes on `pins` and the search index wait for
/// `finishIndexing(progress:)` (`pinmap index`, the UI when it opens,
/// `pinmap render`; ≈ 10 s of CPU a million pins). Meanwhile search still finds
/// every pin (unindexed ones by a scan, `SearchText`). The map is current at
/// every commit (migration 8): a large import drops the tree's insert
/// trigger too and builds the tree before it commits (`addPausedPinsToCells`).
extension Store {
    /// Pauses search and map indexing of pins inserted from now on (by any
    /// connection) until the pins are indexed in one pass, and drops the
    /// pins indexes when `expectedRows` (rows) is large (Store+BulkIndexes).
    /// Raises this connection's page cache to 16 MiB, which keeps a
    /// 1,000,000-row import under 100 MB. Calling it while paused adds no
    /// second mark. The change log gets one row for the pins added, not one each
    /// (`pauseChangeLog`). Call inside the import's transaction so a failure rolls
    /// everything back.
    /// - Throws: `StoreError` from SQLite.
    public func beginBulkInsert(expectedRows: Int = 0) throws(StoreError) {
        try db.execute("PRAGMA cache_size = -16384")
        try dropPinIndexesForBulkInsert(expectedRows: expectedRows)
        try pauseChangeLog()
        try db.execute("""
            INSERT INTO search_index_pause(from_id)
            SELECT (SELECT coalesce(max(id), 0) FROM pins) WHERE NOT EXISTS (SELECT 1 FROM search_index_pause)
            """)
        // Without its insert trigger the map's tree learns of the new pins at the end
        // (`addPausedPinsToCells`), still inside this transaction.
        try db.execute("""
            INSERT INTO pin_cell_pause(from_id)
            SELECT (SELECT coalesce(max(id), 0) FROM pins) WHERE NOT EXISTS (SELECT 1 FROM pin_cell_pause)
            AND NOT EXISTS (SELECT 1 FROM main.sqlite_master WHERE type = 'trigger' AND name = 'pin_cells_insert')
            """)
    }

    /// Ends a bulk insert. With `deferring` and indexes dropped (by this
    /// import or an earlier one not finished yet), rebuilds only the spatial
    /// index and leaves the rest to `finishIndexing`; otherwise indexes
    /// everything now, in the import's own transaction (`pinmap import --index`:
    /// no second transaction, and an empty store's index pages are written once,
    /// straight into the file, not into the WAL and then copied again).
    /// With `deferringAll` as well, nothing is built: the pins commit alone, the map's tree
    /// paused too, for `finishIndexingBeside` right after the commit (`pinmap import --index`).
    /// Sets the page cache back to SQLite's default 2 MiB. The change log gets its row for
    /// the pins added first (`resumeChangeLog`), whatever waits for after the commit.
    /// - Parameter progress: called after each indexing step when indexing now.
    /// - Returns: how many pins were indexed now (rows; 0 when deferred).
    /// - Throws: `StoreError` from SQLite; the pause then stays, so nothing is lost.
    @discardableResult
    public func endBulkInsert(deferring: Bool = false, deferringAll: Bool = false,
                              progress: ((IndexingProgress) -> Void)? = nil) throws(StoreError) -> Int {
        defer { try? db.execute("PRAGMA cache_size = -2000") }
        try resumeChangeLog()
        if deferring, try !deferredIndexNames().isEmpty {
            // Everything waits for `finishIndexingBeside`, right after the commit; until then
            // other programs see whose it is (`indexingElsewhere`).
            if deferringAll {
                try setSetting(Store.indexingProcessKey, String(getpid()))
                return 0
            }
            // The sort behind CREATE INDEX takes up to the page cache per sorter thread:
            // 8 MiB keeps a million-row import's peak under 100 MB.
            try db.execute("PRAGMA cache_size = -8192")
            try atomically { () throws(StoreError) in
                try restoreDeferredSchema(indexes: [Store.spatialIndexName])
                // The map is current at commit; only search and the list's indexes wait.
                try addPausedPinsToCells()
                try syncPinCells()
            }
            return 0
        }
        let indexed = try finishIndexing(progress: progress)
        try syncPinCells()  // rows the tree's trigger logged: in the tree at commit
        return indexed
    }

    /// Whether search indexing is paused: a bulk insert is running, or its
    /// pins wait for `finishIndexing`.
    /// - Throws: `StoreError` from SQLite.
    public func searchIndexIsPaused() throws(StoreError) -> Bool {
        try db.scalarInt("SELECT count(*) FROM search_index_pause") > 0
    }

    /// The lowest pin id the search index may lack pins above (it holds
    /// every pin up to it), or nil when nothing is paused.
    /// - Throws: `StoreError` from SQLite.
    func unindexedAbove() throws(StoreError) -> Int64? {
        guard try searchIndexIsPaused() else { return nil }
        return try db.scalarInt("SELECT min(from_id) FROM search_index_pause")
    }

    /// Rebuilds the whole search index from the pins table (repair; takes
    /// about as long as indexing every pin, ~3 s of CPU per million pins).
    /// - Throws: `StoreError` from SQLite.
    public func rebuildSearchIndex() throws(StoreError) {
        try atomically { () throws(StoreError) in
            // Contentless (migrations 9 and 11): emptied and filled again from the pins.
            try db.execute("""
                INSERT INTO pins_fts(pins_fts) VALUES ('delete-all');
                \(SearchIndexBuild.bulkSettings)
                \(SearchIndexBuild.insert(where: "1"));
                \(SearchIndexBuild.defaultSettings)
                DELETE FROM search_index_pause
                """)
        }
    }

    /// Adds the pins above `from` to the search index, in steps of
    /// `SearchIndexBuild.rowsPerStep` ids (one for a small import), calling `each` with the
    /// fraction done. Call inside a transaction.
    /// - Returns: pins indexed (rows).
    func indexSearch(above from: Int64, each: (Double) -> Void) throws(StoreError) -> Int {
        let last = try db.scalarInt("SELECT coalesce(max(id), 0) FROM pins")
        guard last > from else { return 0 }
        let st = try db.prepare(SearchIndexBuild.insertRange)
        try db.execute(SearchIndexBuild.bulkSettings)
        var low = from, n = 0
        while low < last {
            let high = min(last, low + SearchIndexBuild.rowsPerStep)
            try st.bind([.int(low), .int(high)])
            try st.step()
            n += db.changes
            st.reset()
            low = high
            each(Double(low - from) / Double(last - from))
        }
        try db.execute(SearchIndexBuild.defaultSettings)
        return n
    }
}

extension Store {
    /// Runs `body` with this connection's foreign key checks off, for a bulk
    /// import whose rows reference only the batch it just created (checking
    /// that for each of a million rows costs 1.2 s). SQLite ignores the
    /// switch inside a transaction, so call it outside one; the checks are
    /// back on when `body` returns or throws.
    /// - Throws: what `body` throws, or `StoreError` from SQLite.
    public func withoutForeignKeyChecks<T>(_ body: () throws -> T) throws -> T {
        try db.execute("PRAGMA foreign_keys = OFF")
        defer { try? db.execute("PRAGMA foreign_keys = ON") }
        return try body()
    }
}

extension Store {
    /// For a bulk load into an empty store: switches the file from WAL to a
    /// rollback journal, so the pages are written once, straight into the
    /// database, instead of into the WAL and then copied by a checkpoint
    /// (measured: 4.0 s → 3.4 s for inserting and indexing 1,000,000 rows).
    /// A rollback journal is as safe against a kill or a crash (the next open
    /// rolls the unfinished transaction back). Only when the store holds no
    /// pins (nothing for a reader to miss) and no other connection has it
    /// open (SQLite refuses to leave WAL mode then). Call outside a transaction.
    /// - Returns: whether it switched; call `endDirectWrites()` afterwards then.
    public func beginDirectWrites() -> Bool {
        guard path != ":memory:", (try? count()) == 0 else { return false }
        guard let st = try? db.prepare("PRAGMA journal_mode = DELETE"), (try? st.step()) == true else { return false }
        return st.text(0) == "delete"
    }

    /// Goes back to WAL after `beginDirectWrites()` (if another process
    /// opened the store meanwhile and this fails, its next open switches).
    public func endDirectWrites() {
        try? db.execute("PRAGMA journal_mode = WAL")
    }
}
