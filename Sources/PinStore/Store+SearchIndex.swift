import CSQLite

/// The full-text index `pins_fts` (migration 2) follows every insert, edit and
/// delete through triggers. A trigger costs about as much as the insert
/// itself, so bulk imports pause it and index their rows in one pass at the
/// end, which is cheaper than row by row.
extension Store {
    /// Pauses search indexing of pins inserted from now on (by any connection)
    /// until `endBulkInsert()`. Pins already indexed stay in sync; new pins are
    /// not found by search until then. Calling it while paused changes nothing.
    /// Safe inside or outside a transaction; if the process dies before
    /// `endBulkInsert()`, the next `endBulkInsert()` indexes what was left.
    /// - Throws: `StoreError` from SQLite.
    public func beginBulkInsert() throws(StoreError) {
        try db.execute("""
            INSERT INTO search_index_pause(from_id)
            SELECT (SELECT coalesce(max(id), 0) FROM pins) WHERE NOT EXISTS (SELECT 1 FROM search_index_pause)
            """)
    }

    /// Indexes the pins inserted since `beginBulkInsert()` and resumes
    /// indexing by trigger; does nothing when not paused.
    /// - Returns: how many pins were indexed (rows).
    /// - Throws: `StoreError` from SQLite; the pause then stays, so nothing is lost.
    @discardableResult
    public func endBulkInsert() throws(StoreError) -> Int {
        try atomically { () throws(StoreError) -> Int in
            guard try db.scalarInt("SELECT count(*) FROM search_index_pause") > 0 else { return 0 }
            let from = try db.scalarInt("SELECT min(from_id) FROM search_index_pause")
            let st = try db.prepare("""
                INSERT INTO pins_fts(rowid, title, description, category)
                SELECT id, title, description, category FROM pins WHERE id > ?
                """)
            try st.bind([.int(from)])
            try st.step()
            let n = db.changes
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
            try db.execute("INSERT INTO pins_fts(pins_fts) VALUES ('rebuild'); DELETE FROM search_index_pause")
        }
    }
}
