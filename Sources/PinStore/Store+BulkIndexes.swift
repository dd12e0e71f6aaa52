/// Large bulk inserts without per-row index maintenance: for an import that
/// adds at least as many rows as the store already holds (and at least
/// `bulkIndexThreshold`), the secondary indexes on `pins` are dropped at the
/// start and rebuilt in one sorted pass at the end. Inserting a million rows
/// into four B-tree indexes row by row costs several times more than
/// building them afterwards. Both steps happen inside the import's
/// transaction, so a failure or a kill rolls the indexes back with the rows.
extension Store {
    /// Fewest expected rows for which dropping and rebuilding indexes pays off.
    public static let bulkIndexThreshold = 50_000

    /// Drops the secondary indexes on `pins` when `expectedRows` is large
    /// compared with the store, remembering their definitions in a temporary
    /// table. Call inside a transaction. Returns whether it dropped any.
    /// - Throws: `StoreError` from SQLite.
    @discardableResult
    func dropPinIndexesForBulkInsert(expectedRows: Int) throws(StoreError) -> Bool {
        guard expectedRows >= Store.bulkIndexThreshold, expectedRows >= (try count()) else { return false }
        try db.execute("CREATE TEMP TABLE IF NOT EXISTS bulk_dropped_indexes(name TEXT, sql TEXT)")
        let st = try db.prepare("SELECT name, sql FROM main.sqlite_master WHERE type = 'index' AND tbl_name = 'pins' AND sql IS NOT NULL")
        var indexes: [(String, String)] = []
        while try st.step() { indexes.append((st.text(0), st.text(1))) }
        let save = try db.prepare("INSERT INTO bulk_dropped_indexes(name, sql) VALUES (?, ?)")
        for (name, sql) in indexes {
            try save.bind([.text(name), .text(sql)])
            try save.step()
            try db.execute("DROP INDEX main.\"\(name.replacingOccurrences(of: "\"", with: "\"\""))\"")
        }
        return !indexes.isEmpty
    }

    /// Recreates the indexes `dropPinIndexesForBulkInsert` dropped (no-op otherwise).
    /// - Throws: `StoreError` from SQLite.
    func restorePinIndexesAfterBulkInsert() throws(StoreError) {
        guard try db.scalarInt("SELECT count(*) FROM temp.sqlite_master WHERE name = 'bulk_dropped_indexes'") > 0 else { return }
        let st = try db.prepare("SELECT sql FROM bulk_dropped_indexes")
        var statements: [String] = []
        while try st.step() { statements.append(st.text(0)) }
        for sql in statements { try db.execute(sql) }
        try db.execute("DELETE FROM bulk_dropped_indexes")
    }
}
