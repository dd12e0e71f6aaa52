import CSQLite

/// The full-text index `pins_fts` (migration 2) follows every insert, edit and
/// delete through triggers. Row by row that is expensive: inserting 1,000,000
/// generated pins (`shared/data/bench/gen_big.py`) through `PinInserter` in
/// one transaction took 218–246 s with the triggers, and 91–104 s paused with
/// one indexing pass at the end (15–22 s of it), on 2 busy cores. So bulk
/// imports pause the triggers and index in one pass.
extension Store {
    /// Pauses search indexing of pins inserted from now on (by any connection)
    /// until `endBulkInsert()`. Pins already indexed stay in sync; new pins are
    /// not found by search until then. Calling it while paused changes nothing.
    /// Also raises this connection's page cache to 64 MiB so the index
    /// B-trees stay in memory (in the sqlite3 shell, inserting 1,000,000 pins
    /// took 13 s instead of 24 s with the default 2 MiB).
    /// Safe inside or outside a transaction; if the process dies before
    /// `endBulkInsert()`, the next `endBulkInsert()` indexes what was left.
    /// - Throws: `StoreError` from SQLite.
    public func beginBulkInsert(expectedRows: Int = 0) throws(StoreError) {
        try db.execute("PRAGMA cache_size = -16384")  // 16 MiB: keeps a 1M-row import under 100 MB
        try dropPinIndexesForBulkInsert(expectedRows: expectedRows)
        try db.execute("""
            INSERT INTO search_index_pause(from_id)
            SELECT (SELECT coalesce(max(id), 0) FROM pins) WHERE NOT EXISTS (SELECT 1 FROM search_index_pause)
            """)
    }

    /// Indexes the pins inserted since `beginBulkInsert()` and resumes
    /// indexing by trigger (does nothing else when not paused); sets the
    /// page cache back to SQLite's default 2 MiB.
    /// - Returns: how many pins were indexed (rows).
    /// - Throws: `StoreError` from SQLite; the pause then stays, so nothing is lost.
    @discardableResult
    public func endBulkInsert() throws(StoreError) -> Int {
        defer { try? db.execute("PRAGMA cache_size = -2000") }
        try restorePinIndexesAfterBulkInsert()
        return try atomically { () throws(StoreError) -> Int in
            guard try db.scalarInt("SELECT count(*) FROM search_index_pause") > 0 else { return 0 }
            let from = try db.scalarInt("SELECT min(from_id) FROM search_index_pause")
            let st = try db.prepare("""
                INSERT INTO pins_fts(rowid, title, description, category)
                SELECT id, title, description, category FROM pins WHERE id > ?
                """)
            try st.bind([.int(from)])
            try st.step()
            let n = db.changes
            try addBulkInsertedPinsToCells(fromID: from)  // the map's pin cells (Store+PinCells.swift)
            try db.execute("DELETE FROM search_index_pause")
            return n
        }
    }

    /// Whether search indexing is paused (a bulk insert is running or died).
    /// - Throws: `StoreError` from SQLite.
    public func searchIndexIsPaused() throws(StoreError) -> Bool {
        try db.scalarInt("SELECT count(*) FROM search_index_pause") > 0
    }

    /// Rebuilds the whole search index from the pins table (repair; takes
    /// about as long as indexing every pin, ~13 s per million pins).
    /// - Throws: `StoreError` from SQLite.
    public func rebuildSearchIndex() throws(StoreError) {
        try atomically { () throws(StoreError) in
            // Pins a dead bulk insert left out of the map's pin cells join them first.
            if try db.scalarInt("SELECT count(*) FROM search_index_pause") > 0 {
                try addBulkInsertedPinsToCells(fromID: try db.scalarInt("SELECT min(from_id) FROM search_index_pause"))
            }
            try db.execute("INSERT INTO pins_fts(pins_fts) VALUES ('rebuild'); DELETE FROM search_index_pause")
        }
    }
}
