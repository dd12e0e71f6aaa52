import Foundation
import PinModel

/// A load into a store without pins, by the tables' owner, built beside `pins` and swapped
/// in. A second connection cannot see the import's uncommitted rows, so the pins go into a
/// new table, `pinmap_load_pins`, COPYed and committed on connections of their own while
/// this one writes the map's cells; its indexes are then built on several connections at
/// once (`CREATE INDEX` takes a SHARE lock, so they run side by side); last, a short step of
/// the import's transaction drops the empty `pins` and renames the new table, its indexes,
/// triggers, keys, rights and owner into its place.
///
/// Until that commits, `pins` is as it was (readable, locked against writers: another import
/// waits); a kill of either side leaves at most `pinmap_load_pins`, which the next load, or
/// the owner's next open (`dropLeftoverLoad`), drops.
extension PostgresStore {
    static let loadTable = "pinmap_load_pins"
    /// A load's loaders: connections that COPY a slice of the pins each (`loadBeside`), or
    /// threads that encode the pins for one COPY (a streamed import, `PostgresStreamedRows`).
    static let loaders = 2
    /// Connections that build the indexes, each taking the next (the longest first).
    static let indexBuilders = 3

    /// How a load's index builds run: sorts in memory, and no parallel workers. The load keeps
    /// every core busy already (its builds run side by side); a build's workers only added
    /// their own sorts and the merge of them: at a million pins, 0.2–0.25 CPU-s more for
    /// the cells' key and for the pins' primary key each.
    static let buildSettings = ["maintenance_work_mem = '256MB'", "max_parallel_maintenance_workers = 0"]

    /// The statistics target of a load's `ANALYZE` (PostgreSQL's default is 100): a sample of
    /// 3,000 rows instead of 30,000. At a million pins it took 0.02 s instead of 0.31–0.36 s
    /// (the geometry's statistics alone 0.23 s), and the plans the app's reads take after a
    /// load were the same. Autovacuum's later analyses use the server's own target.
    static let loadStatisticsTarget = 10

    /// True when a load may go beside `pins`: no view or row policy depends on the table (a
    /// drop would take them too).
    func canLoadBeside() throws(StoreError) -> Bool {
        try db.execute("""
            SELECT NOT EXISTS (SELECT 1 FROM pg_depend d JOIN pg_rewrite r ON r.oid = d.objid
                               WHERE d.refobjid = 'pins'::regclass AND d.classid = 'pg_rewrite'::regclass)
               AND NOT EXISTS (SELECT 1 FROM pg_policy WHERE polrelid = 'pins'::regclass)
            """).text(0, 0) == "t"
    }

    /// Loads the snapshot's pins beside `pins` and swaps them in, in this transaction (see
    /// above), with the map's cells; returns how many, or nil when `pins` is not empty once
    /// locked (another writer came first: the caller loads the ordinary way).
    func loadBeside(_ snapshot: StoreSnapshot, batchIDs: [Int64: Int64]) throws(StoreError) -> Int? {
        try db.execute("LOCK TABLE pins IN SHARE ROW EXCLUSIVE MODE")
        guard try db.execute("SELECT EXISTS (SELECT 1 FROM pins)").text(0, 0) == "f" else { return nil }
        try dropStaleSearchLists()
        let firstID = try reserveIDs(snapshot.pins.count)
        let side = try beginSideLoad(firstID: firstID)
        // The pins in slices, each COPYed by a thread and connection of its own (the client's
        // work on each pin and the server's parsing of it run side by side) …
        let n = snapshot.pins.count, slices = Self.loaders, table = Self.loadTable
        let loads = PGParallel.start(slices, uri: db.uri) { (k: Int, loader: PGConnection) throws(StoreError) in
            var uncounted: PostgresCellCounts?
            let slice = (n * k / slices)..<(n * (k + 1) / slices)
            // Each slice's search lists are a segment of their own, written (and committed, as
            // the slice's pins are) after its pins: until the swap they name no pin of `pins`.
            let postings = SearchPostings(base: firstID + Int64(slice.lowerBound))
            _ = try Self.copyPins(snapshot, slice, batchIDs: batchIDs, firstID: firstID, counting: &uncounted, postings: postings,
                                  into: table, on: loader)
            try postings.write(on: loader, pinsIn: table)
        }
        // … while this connection writes the map's cells, counted here.
        var cellsFailure: StoreError?
        do throws(StoreError) { try loadPinCells(PostgresCellCounts(snapshot, firstID: firstID)) } catch { cellsFailure = error }
        do throws(StoreError) {
            _ = try loads.wait()
            if let cellsFailure { throw cellsFailure }
        } catch {
            side.drop()
            throw error
        }
        try finishSideLoad(side) {}
        return n
    }

    /// The side table of a load, made (empty, committed) on a connection of its own, and the
    /// indexes it is to get.
    struct SideLoad {
        let indexes: [SideIndex]
        /// Columns given a default of this load's own (`beginSideLoad`), put back at the swap.
        let defaults: [String]
        /// The load's first id: the search lists of ids from it on are the load's (the
        /// loaders commit them with its rows; `pins` is empty and locked).
        let firstID: Int64
        /// The statements that make the side table (run by `beginSideLoad`, or by the loader
        /// that fills it in the same transaction).
        let creation: [String]
        fileprivate let setUp: PGConnection

        /// Drops the side table and the load's search lists (a failed load).
        func drop() {
            _ = try? setUp.execute("DROP TABLE IF EXISTS \(PostgresStore.loadTable)")
            _ = try? setUp.execute("DELETE FROM search_postings WHERE base >= $1", ["\(firstID)"])
            _ = try? setUp.execute("DELETE FROM search_delta WHERE id >= $1", ["\(firstID)"])
        }
    }

    /// Begins a load (its first step, once `pins` is locked and found empty) of pins with ids
    /// from `firstID` on; `defaults` gives columns a value for every pin of the load (column,
    /// text of the value), so that the loaders need not send it a row. Makes the side table
    /// (committed) unless `create` is false: then the loader that fills it makes it
    /// (`SideLoad.creation`) in its own transaction, as `COPY … FREEZE` requires.
    func beginSideLoad(firstID: Int64, defaults: [(column: String, value: String)] = [], create: Bool = true) throws(StoreError) -> SideLoad {
        let indexes = try sideIndexes()
        let setUp = try PGConnection(uri: db.uri)
        var creation = ["DROP TABLE IF EXISTS \(Self.loadTable)",
                        "CREATE TABLE \(Self.loadTable) (LIKE pins INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE INCLUDING COMMENTS)"]
        for d in defaults {
            creation.append(try setUp.execute("SELECT format('ALTER TABLE %I ALTER COLUMN %I SET DEFAULT %L', $1::text, $2::text, $3::text)",
                                              [Self.loadTable, d.column, d.value]).text(0, 0))
        }
        if create { for sql in creation { try setUp.execute(sql) } }
        return SideLoad(indexes: indexes, defaults: defaults.map(\.column), firstID: firstID, creation: creation, setUp: setUp)
    }

    /// Builds the side table's indexes (its rows committed) on `builders` connections, then
    /// `also` (other work of the load, shorter, which does not read the side table), while
    /// `alongside` runs on this one, which then takes what is left of `also`; then swaps it
    /// in; on a failure, drops it.
    func finishSideLoad(_ side: SideLoad, builders: Int = indexBuilders, also: [PGJob] = [],
                        alongside: () throws(StoreError) -> Void) throws(StoreError) {
        let analysed = PGGate()
        let queue = PGJobQueue(Self.buildJobs(side.indexes, analysed: analysed)), others = PGJobQueue(also)
        let builds = PGParallel.start(builders, uri: db.uri) { (_: Int, builder: PGConnection) throws(StoreError) in
            for setting in Self.buildSettings { try builder.execute("SET \(setting)") }
            do throws(StoreError) { try queue.drain(on: builder) } catch { others.stop(); throw error }
            try others.drain(on: builder)
        }
        // This connection takes the other jobs once `alongside` ends (at a million pins, the
        // search lists' COPYs while the GiST build ran, not after it on the builder that had
        // ended first: 0.2 s, one core idle), then the builds left, but only once the
        // statistics are written: an `ANALYZE` in its transaction would hold its lock, which
        // builds wait for, until the end (a small load's `alongside` ends at once: then it
        // takes none).
        var failure: StoreError?
        do throws(StoreError) {
            try alongside()
            try others.drain(on: db)
            if analysed.opened {
                for setting in Self.buildSettings { try db.execute("SET LOCAL \(setting)") }
                try queue.drain(on: db)
            }
        } catch {
            failure = error
            queue.stop()
            others.stop()
        }
        do throws(StoreError) {
            _ = try builds.wait()
            if let failure { throw failure }
        } catch {
            side.drop()
            throw error
        }
        // Not dropped after a failed swap: this transaction holds the side table's locks
        // until it rolls back (the owner's next open drops it).
        try swapInLoad(side.indexes, defaults: side.defaults)
    }

    /// The jobs of a load's builders, in the order they are taken. The planner's statistics
    /// of the new table first: without them its first minute of reads (until autovacuum has
    /// analysed it) took lists and views plans that read every pin (a world list 1 s instead
    /// of 0.02 s at a million). From a small sample (`loadStatisticsTarget`), and before any
    /// index build starts: `ANALYZE`'s lock and a build's conflict, and an `ANALYZE` that came
    /// second waited for the whole GiST build (2 s at a million pins, with a builder idle).
    /// Then the builds, the longest first (`sideIndexes`), so the connections end close
    /// together. A build waits until the statistics are written. `analysed` opens once the
    /// statistics are written (or failed).
    private static func buildJobs(_ indexes: [SideIndex], analysed: PGGate) -> [PGJob] {
        let statistics: PGJob = { (c: PGConnection) throws(StoreError) -> Void in
            defer { analysed.open() }
            try statementsJob(["SET default_statistics_target = \(loadStatisticsTarget)", "ANALYZE \(loadTable)",
                               "RESET default_statistics_target"])(c)
        }
        let builds = indexes.map { gatedJob($0.create, after: analysed) }
        return [statistics] + builds
    }

    /// A job that runs `sql` once `gate` is open.
    private static func gatedJob(_ sql: String, after gate: PGGate) -> PGJob {
        { (c: PGConnection) throws(StoreError) -> Void in
            gate.wait()
            try c.execute(sql)
        }
    }

    /// A job that runs `statements` in turn.
    private static func statementsJob(_ statements: [String]) -> PGJob {
        { (c: PGConnection) throws(StoreError) -> Void in for sql in statements { try c.execute(sql) } }
    }

    /// An index of `pins` as the side table gets it: its statement there, and how it takes
    /// its name and place on `pins` after the swap.
    struct SideIndex { var create: String; var adopt: String }

    /// Every index of `pins`, as built on the side table under a `pinmap_load_` name: keys
    /// (primary, unique) become constraints again with `USING INDEX`, the others are renamed.
    /// The longest builds first, so the builders end close together: a GIN index, a GiST
    /// one, then b-trees with a text key, then by their columns (at a million pins, CPU at
    /// idle: the GiST 1.9 s, `created` 0.8 s, the others 0.4–0.9 s).
    private func sideIndexes() throws(StoreError) -> [SideIndex] {
        let r = try db.execute("""
            SELECT i.relname, pg_get_indexdef(i.oid), c.conname, c.contype, x.indisunique
            FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
            LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.conrelid = x.indrelid
            WHERE x.indrelid = 'pins'::regclass
            ORDER BY array_position(ARRAY['gin', 'gist'], (SELECT amname::text FROM pg_am WHERE oid = i.relam)),
                     0 < ANY(x.indcollation::oid[]) DESC, x.indnatts DESC, i.relname
            """)
        var out: [SideIndex] = []
        for k in 0..<r.rows {
            let name = r.text(k, 0), side = SQLIdentifier.quoted("pinmap_load_" + name), definition = r.text(k, 1)
            // "CREATE [UNIQUE] INDEX name ON schema.pins USING method (…) …": the same from USING on.
            guard let on = definition.range(of: " ON "), let using = definition.range(of: " USING ", range: on.upperBound..<definition.endIndex) else {
                throw StoreError("cannot read the definition of index \(name) of pins")
            }
            let create = "CREATE \(r.text(k, 4) == "t" ? "UNIQUE " : "")INDEX \(side) ON \(Self.loadTable)" + definition[using.lowerBound...]
            let adopt: String
            if let constraint = r.optionalText(k, 2), let kind = r.optionalText(k, 3), kind == "p" || kind == "u" {
                adopt = "ALTER TABLE pins ADD CONSTRAINT \(SQLIdentifier.quoted(constraint)) \(kind == "p" ? "PRIMARY KEY" : "UNIQUE") USING INDEX \(side)"
            } else {
                adopt = "ALTER INDEX \(side) RENAME TO \(SQLIdentifier.quoted(name))"
            }
            out.append(SideIndex(create: create, adopt: adopt))
        }
        return out
    }

    /// Puts the side table in the place of the empty `pins`: what belongs to `pins` but not
    /// to its columns (triggers, foreign keys both ways, rights, owner, its id sequence's
    /// position) is read from the catalog first and made again on the new table.
    private func swapInLoad(_ indexes: [SideIndex], defaults: [String]) throws(StoreError) {
        var after: [String] = []
        // The load's own defaults give way to those of `pins`.
        for column in defaults {
            after.append(try db.execute("""
                SELECT format('ALTER TABLE pins ALTER COLUMN %I ', $1::text)
                       || coalesce('SET DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), 'DROP DEFAULT')
                FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
                WHERE a.attrelid = 'pins'::regclass AND a.attname = $1
                """, [column]).text(0, 0))
        }
        after += try pinsTriggers().create
        var before: [String] = []
        let keys = try db.execute("""
            SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint
            WHERE contype = 'f' AND (confrelid = 'pins'::regclass OR conrelid = 'pins'::regclass)
            """)
        for k in 0..<keys.rows {
            let table = keys.text(k, 0), name = SQLIdentifier.quoted(keys.text(k, 1))
            if table != "pins" { before.append("ALTER TABLE \(table) DROP CONSTRAINT \(name)") }
            after.append("ALTER TABLE \(table) ADD CONSTRAINT \(name) \(keys.text(k, 2))")
        }
        // Rights on the table and on its id sequence (which the new identity column makes
        // again under the same name).
        let rights = try db.execute("""
            SELECT CASE WHEN c.relkind = 'S' THEN 'SEQUENCE ' || pg_get_serial_sequence('pins', 'id') ELSE 'TABLE pins' END,
                   a.privilege_type, CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(a.grantee)) END,
                   a.is_grantable
            FROM pg_class c, aclexplode(c.relacl) a
            WHERE c.oid IN ('pins'::regclass, pg_get_serial_sequence('pins', 'id')::regclass) AND a.grantee <> c.relowner
            """)
        for k in 0..<rights.rows {
            after.append("GRANT \(rights.text(k, 1)) ON \(rights.text(k, 0)) TO \(rights.text(k, 2))\(rights.text(k, 3) == "t" ? " WITH GRANT OPTION" : "")")
        }
        let owner = try db.execute("SELECT quote_ident(tableowner), tableowner = current_user FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'pins'")
        let next = try db.execute("SELECT last_value FROM \(try db.execute("SELECT pg_get_serial_sequence('pins', 'id')").text(0, 0))").int(0, 0)
        for sql in before { try db.execute(sql) }
        try db.execute("DROP TABLE pins")
        try db.execute("ALTER TABLE \(Self.loadTable) RENAME TO pins")
        try db.execute("ALTER TABLE pins ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY")
        try db.execute("SELECT setval(pg_get_serial_sequence('pins', 'id'), $1)", ["\(next)"])
        for index in indexes { try db.execute(index.adopt) }
        for sql in after { try db.execute(sql) }
        if owner.rows > 0 && owner.text(0, 1) == "f" { try db.execute("ALTER TABLE pins OWNER TO \(owner.text(0, 0))") }
    }

    /// Drops a side table that a killed load left (see above), and the search lists of its
    /// pins (the loaders commit them with the pins, so a kill leaves both), when this role
    /// owns the pins and no load is under way (one holds a lock on `pins` until it ends).
    func dropLeftoverLoad() {
        guard (try? db.execute("SELECT to_regclass($1) IS NOT NULL", [Self.loadTable]).text(0, 0)) == "t",
              (try? ownsPins()) == true else { return }
        _ = try? atomically { () throws(StoreError) in
            try db.execute("LOCK TABLE pins IN SHARE ROW EXCLUSIVE MODE NOWAIT")
            let ids = "(SELECT min(id) FROM \(Self.loadTable)) AND (SELECT max(id) FROM \(Self.loadTable))"
            try db.execute("DELETE FROM search_postings WHERE base BETWEEN \(ids)")
            try db.execute("DELETE FROM search_delta WHERE id BETWEEN \(ids)")
            try db.execute("DROP TABLE IF EXISTS \(Self.loadTable)")
        }
    }
}
