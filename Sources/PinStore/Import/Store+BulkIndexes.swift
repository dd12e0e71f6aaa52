/// Large bulk inserts without per-row index and trigger work: for an import
/// that adds at least as many rows as the store already holds (and at least
/// `bulkIndexThreshold`), the secondary indexes on `pins` and its two insert
/// triggers are dropped at the start. Inserting a million rows into four
/// B-tree indexes row by row costs several times more than building them
/// afterwards in one sorted pass, and the triggers, which only skip paused
/// rows during a bulk insert, cost 1.4 s a million rows just to be asked.
///
/// The dropped definitions are kept in `deferred_schema` (migration 4), in
/// the same transaction, so a failure or a kill rolls the drop back with the
/// rows. The triggers come back before the import commits; the indexes may
/// be left for after it (`Store.finishIndexing`, Store+IndexBacklog.swift),
/// except the spatial index.
extension Store {
    /// Fewest expected rows for which dropping and rebuilding indexes pays off.
    public static let bulkIndexThreshold = 50_000

    /// The spatial index: bounding-box queries on (latitude, longitude). A bulk
    /// import rebuilds it before it commits, even when it defers the others.
    public static let spatialIndexName = "pins_lat_lon"

    /// The triggers that index or log each inserted pin (migrations 8, 11 and 14; the change
    /// log's is back before the import commits, `resumeChangeLog`).
    static let insertTriggerNames = ["pins_fts_insert", "pin_cells_insert", Migration14ChangeLog.insertTriggerName]

    /// Drops the secondary indexes and insert triggers of `pins` when
    /// `expectedRows` is large compared with the store, recording their
    /// definitions in `deferred_schema`. Call inside a transaction.
    /// - Returns: whether it dropped anything.
    /// - Throws: `StoreError` from SQLite.
    @discardableResult
    func dropPinIndexesForBulkInsert(expectedRows: Int) throws(StoreError) -> Bool {
        guard expectedRows >= Store.bulkIndexThreshold, expectedRows >= (try count()) else { return false }
        let triggers = Store.insertTriggerNames.map { "'\($0)'" }.joined(separator: ", ")
        let st = try db.prepare("""
            SELECT name, type, sql FROM main.sqlite_master WHERE tbl_name = 'pins' AND sql IS NOT NULL
            AND (type = 'index' OR (type = 'trigger' AND name IN (\(triggers))))
            """)
        var objects: [(name: String, type: String, sql: String)] = []
        while try st.step() { objects.append((st.text(0), st.text(1), st.text(2))) }
        let save = try db.prepare("INSERT OR REPLACE INTO deferred_schema(name, type, sql) VALUES (?, ?, ?)")
        for o in objects {
            try save.bind([.text(o.name), .text(o.type), .text(o.sql)])
            try save.step()
            try db.execute("DROP \(o.type.uppercased()) main.\(SQLIdentifier.quoted(o.name))")
        }
        return !objects.isEmpty
    }

    /// Names of the indexes a bulk import dropped and that are not rebuilt yet.
    /// - Throws: `StoreError` from SQLite.
    public func deferredIndexNames() throws(StoreError) -> [String] {
        let st = try db.prepare("SELECT name FROM deferred_schema WHERE type = 'index' ORDER BY name")
        var out: [String] = []
        while try st.step() { out.append(st.text(0)) }
        return out
    }

    /// Recreates what `dropPinIndexesForBulkInsert` dropped: the triggers
    /// always, the indexes named in `only` (nil: all), calling `each` after
    /// each index with (indexes done, indexes to do). Call inside a transaction.
    /// - Throws: `StoreError` from SQLite.
    func restoreDeferredSchema(indexes only: Set<String>? = nil, each: ((Int, Int) -> Void)? = nil) throws(StoreError) {
        let st = try db.prepare("SELECT name, type, sql FROM deferred_schema ORDER BY type DESC, name")  // triggers first
        var todo: [(name: String, type: String, sql: String)] = []
        while try st.step() {
            let name = st.text(0), type = st.text(1)
            if type == "trigger" || only?.contains(name) ?? true { todo.append((name, type, st.text(2))) }
        }
        let forget = try db.prepare("DELETE FROM deferred_schema WHERE name = ?")
        let indexCount = todo.filter { $0.type == "index" }.count
        var done = 0
        for o in todo {
            try db.execute(o.sql)
            try forget.bind([.text(o.name)])
            try forget.step()
            if o.type == "index" { done += 1; each?(done, indexCount) }
        }
    }

    /// Whether `pins` has an index called `name` now (a bulk import may have
    /// deferred it): queries name an index with INDEXED BY only when it exists.
    /// - Throws: `StoreError` from SQLite.
    func hasIndex(_ name: String) throws(StoreError) -> Bool {
        try db.scalarInt("SELECT count(*) FROM main.sqlite_master WHERE type = 'index' AND name = ?", [.text(name)]) > 0
    }
}
