import PinModel

/// A Pinmap store made by the import that fills it (`pinmap import` into a database without
/// one, opened with `creatingOnImport`): a failed import leaves the database as it was.
///
/// A staged import makes the schema in the transaction that writes its pins (`withSchema`):
/// a failure, or a kill of either side, rolls both back. A streamed import cannot: its
/// loaders' connections need the tables committed. It makes them first (`createSchema`,
/// which notes what it made) and, when the import fails, drops them again
/// (`dropCreatedSchema`); a kill of either side in between leaves the empty store.
extension PostgresStore {
    /// A table, view, sequence, function or extension the migrations made.
    struct CreatedObject: Hashable {
        /// The word `DROP` takes (`TABLE`, `FUNCTION`, `EXTENSION`, …).
        var kind: String
        /// Its name as `DROP` takes it (quoted; a function with its arguments).
        var name: String
    }

    /// Runs `body` in one transaction that first makes the schema when the database has none.
    /// - Throws: `StoreError` from the migrations or `body`; then nothing is made.
    public func withSchema<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard !hasSchema else { return try body() }
        schemaUncommitted = true
        defer { schemaUncommitted = false }
        let value = try atomically { () throws(StoreError) -> T in
            try migrate()
            // A migration that rebuilds turns the pins' triggers off for its transaction (`SET
            // LOCAL`): on again for the writes that follow in this one.
            try db.execute("SET LOCAL pinmap.bulk = 'off'")
            return try body()
        }
        hasSchema = true
        return value
    }

    /// Makes the schema, committed, and notes what it made (`dropCreatedSchema`). Nothing when
    /// the database has one.
    /// - Throws: `StoreError` from the migrations; then nothing is made.
    public func createSchema() throws(StoreError) {
        guard !hasSchema else { return }
        createdObjects = try atomically { () throws(StoreError) -> [CreatedObject] in
            // Under the migrations' lock from the start: what another process is making at
            // the same time is in `before` once it commits, never counted as this one's (a
            // failed import would drop it).
            try db.execute("SELECT pg_advisory_xact_lock(5069)")
            let before = Set(try schemaObjects())
            try migrate()
            return try schemaObjects().filter { !before.contains($0) }
        }
        hasSchema = true
    }

    /// Drops what `createSchema` made, when the store is still empty (no pins, batches or
    /// settings: no one else has used it since); returns whether it did. Best effort: a
    /// failure leaves the empty store.
    @discardableResult
    public func dropCreatedSchema() -> Bool {
        guard !createdObjects.isEmpty else { return false }
        let order = ["VIEW", "MATERIALIZED VIEW", "FOREIGN TABLE", "TABLE", "SEQUENCE", "FUNCTION", "EXTENSION"]
        let dropped = (try? atomically { () throws(StoreError) -> Bool in
            try db.execute("SELECT pg_advisory_xact_lock(5069)")
            guard try db.execute("""
                SELECT NOT EXISTS (SELECT 1 FROM pins) AND NOT EXISTS (SELECT 1 FROM import_batches)
                   AND NOT EXISTS (SELECT 1 FROM settings)
                """).text(0, 0) == "t" else { return false }
            for kind in order {
                let names = createdObjects.filter { $0.kind == kind }.map(\.name)
                if !names.isEmpty { try db.execute("DROP \(kind) \(names.joined(separator: ", "))") }
            }
            return true
        }) ?? false
        if dropped {
            createdObjects = []
            hasSchema = false
        }
        return dropped
    }

    /// The objects of the current schema that are no extension's, and the extensions: what
    /// the migrations may make (indexes, triggers, keys and identity sequences go with
    /// their tables).
    private func schemaObjects() throws(StoreError) -> [CreatedObject] {
        let r = try db.execute("""
            SELECT CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
                                  WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, c.oid::regclass::text
            FROM pg_class c
            WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                              AND d.deptype IN ('e', 'i', 'a'))
            UNION ALL
            SELECT 'FUNCTION', p.oid::regprocedure::text FROM pg_proc p
            WHERE p.pronamespace = current_schema()::regnamespace AND p.prokind = 'f'
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
            UNION ALL
            SELECT 'EXTENSION', quote_ident(extname) FROM pg_extension
            """)
        return (0..<r.rows).map { CreatedObject(kind: r.text($0, 0), name: r.text($0, 1)) }
    }
}
