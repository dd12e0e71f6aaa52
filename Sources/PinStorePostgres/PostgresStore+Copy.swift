import Foundation
import PinModel
import PinStore

/// `pinmap copy` and imports into the server: pins go in with `COPY` into a staging table,
/// then one `INSERT … SELECT` leaves out those already here, all in one transaction (a
/// killed server or client leaves nothing partial). Into a store without pins they go
/// straight in; by the tables' owner, beside `pins` and swapped in (`loadBeside`).
extension PostgresStore: PinCopying {
    /// Fewest pins a copy or import writes as a bulk load (triggers off, the map's cells
    /// rebuilt once: about a second at a million pins).
    public static let bulkFrom = 5_000

    public func copySnapshot() throws(StoreError) -> StoreSnapshot {
        do {
            return try reading { () throws -> StoreSnapshot in
                var comments: [Int64: [Comment]] = [:]
                let c = try db.execute("SELECT id, pin_id, body, created_at FROM comments ORDER BY created_at, id")
                for i in 0..<c.rows {
                    comments[c.int(i, 1), default: []].append(Comment(id: c.int(i, 0), pinID: c.int(i, 1), body: c.text(i, 2), createdAt: c.text(i, 3)))
                }
                // Through a cursor: each pin made as its rows come, never all the rows in libpq too.
                let reader = PGPinReader(try PGCursor("SELECT \(Self.pinColumns), batch_id FROM pins ORDER BY id", on: db))
                var pins: [SnapshotPin] = []
                while let (r, i) = try reader.nextRow() {
                    let pin = Self.pin(r, i)
                    pins.append(SnapshotPin(pin: pin, batchID: r.optionalInt(i, 10), comments: comments[pin.id] ?? []))
                }
                return StoreSnapshot(batches: try importBatches(), pins: pins, source: location)
            }
        } catch let e as StoreError { throw e } catch { throw StoreError("\(error)") }
    }

    public func receive(_ snapshot: StoreSnapshot) throws(StoreError) -> CopyOutcome {
        try receive(snapshot, asImport: false, adjustBatch: nil).outcome
    }

    /// What `receive(_:asImport:adjustBatch:)` did, with the ids of the batches it added.
    public struct Received { public var outcome: CopyOutcome; public var batchIDs: [Int64]
        public var pins: Int { outcome.pins }; public var skipped: Int { outcome.skipped } }

    /// The advisory lock that one `receive` holds at a time (the schema's is 5069).
    static let receiveLock = 5070

    /// `receive`; for an import (`asImport`), a batch of the snapshot is always a new one,
    /// whose counts `adjustBatch` corrects once the pins already here are known (skipped).
    public func receive(_ snapshot: StoreSnapshot, asImport: Bool,
                        adjustBatch: ((inout ImportBatch, _ skipped: Int) -> Void)?) throws(StoreError) -> Received {
        for sp in snapshot.pins {
            let p = sp.pin
            let copied = StoredTextRule.Copied(pin: p.id, source: snapshot.source)
            try PinRules.check(title: p.title, latitude: p.latitude, longitude: p.longitude, copied: copied)
            try textRule.check(title: p.title, description: p.description, category: p.category, properties: p.properties, copied: copied)
            for c in sp.comments { try textRule.check(commentBody: c.body, copied: copied) }
        }
        return try atomically { () throws(StoreError) -> Received in
            // One copy or import into the server at a time: each learns which pins are here
            // already and then adds the rest, so two at once of the same file (neither seeing
            // the other's uncommitted pins) added every pin twice. The second waits for the
            // first's commit (at most `lock_timeout`, then the store is busy, as a file store's
            // second writer is), then finds its pins here. Taken before the table's lock: an
            // owner's copy may drop the indexes, which waits for every other lock on `pins`.
            try db.execute("SELECT pg_advisory_xact_lock(\(Self.receiveLock))")
            // Before the pins are read: a streamed import into the empty store holds `pins` in
            // SHARE ROW EXCLUSIVE until its swap takes ACCESS EXCLUSIVE; a read's lock taken
            // first, then this write's waiting for its own, deadlocked with it. Now one waits
            // for the other's commit.
            try db.execute("LOCK TABLE pins IN ROW EXCLUSIVE MODE")
            var out = CopyOutcome()
            var added: [Int64] = []
            var batchIDs: [Int64: Int64] = [:]
            for b in snapshot.batches {
                if !asImport, let id = try db.execute("SELECT id FROM import_batches WHERE file = $1 AND imported_at = $2",
                                           [b.file, b.importedAt]).optionalInt(0, 0) {
                    batchIDs[b.id] = id
                    continue
                }
                batchIDs[b.id] = try db.execute("""
                    INSERT INTO import_batches(file, imported_at, imported, rejected, duplicates, encoding, delimiter)
                    VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id
                    """, [b.file, b.importedAt, "\(b.imported)", "\(b.rejected)", "\(b.duplicates)", b.encoding, b.delimiter]).int(0, 0)
                added.append(batchIDs[b.id]!)
                out.batches += 1
            }
            let comments = snapshot.pins.flatMap { sp in sp.comments.map { (sp.pin.id, $0) } }
            let existing = try count()
            // Nothing here to match and no comments to follow their pins: straight in, every
            // pin new. Otherwise staged first, to learn which pins are here already.
            let direct = existing == 0 && comments.isEmpty
            if !direct { out.skipped = try stagePins(snapshot, batchIDs: batchIDs, asImport: asImport, matching: existing > 0) }
            let fresh = snapshot.pins.count - out.skipped
            // Many new pins: the per-row triggers (map cells, categories, announcements) are
            // off and their work done once at the end; a few: row by row, as any write. A
            // second run that finds every pin here writes nothing and rebuilds nothing.
            let bulk = fresh >= Self.bulkFrom
            if bulk { try db.execute("SET LOCAL pinmap.bulk = 'on'") }
            // A load as large as the table: its secondary indexes are dropped and built again
            // after the rows are in (in this transaction): building an index whole is several
            // times faster than growing it a row at a time. Only the tables' owner may drop an
            // index or rebuild the cells: another role keeps both and adds the new pins' cells.
            let owner = bulk ? try ownsPins() : false
            let beside = direct && owner && !schemaUncommitted ? try canLoadBeside() : false
            let rebuilt = owner && fresh >= existing && !beside ? try dropSecondaryIndexes() : []
            // A load into a store without pins, by the tables' owner: it sends the ids, cells
            // and geometries, and counts the map's cells as it goes (`PostgresCellCounts`);
            // built beside `pins` and swapped in when it can (`loadBeside`).
            var counted: PostgresCellCounts?
            var besideDone = false
            if beside, let n = try loadBeside(snapshot, batchIDs: batchIDs) {
                out.pins = n
                besideDone = true
            } else if direct && owner && !beside {
                var counts: PostgresCellCounts? = PostgresCellCounts()
                let firstID = try reserveIDs(snapshot.pins.count)
                try dropStaleSearchLists()
                let postings = SearchPostings(base: firstID)
                // Every column the triggers would fill is sent: none for the rows, so COPY writes
                // them in batches (a row trigger makes it write each row alone), frozen when this
                // transaction made `pins` (a new store), as the side table of a load beside is.
                let triggers = try dropPinsTriggers()
                out.pins = try Self.copyPins(snapshot, batchIDs: batchIDs, firstID: firstID, counting: &counts, postings: postings,
                                             into: "pins", freeze: schemaUncommitted, on: db)
                for sql in triggers { try db.execute(sql) }
                try postings.write(on: db, pinsIn: "pins")
                counted = counts
            } else if direct {
                out.pins = try copyPins(snapshot, batchIDs: batchIDs)
                if bulk { try writeSearchSegment(snapshot, staged: false) }
            } else {
                out.pins = try db.execute("""
                    INSERT INTO pins(id, title, description, category, latitude, longitude, created_at, updated_at,
                                     properties, properties_text, batch_id, version, created_order)
                    SELECT dest, title, description, category, latitude, longitude, created_at, updated_at,
                           properties::jsonb, properties, batch_id, version, created_order
                    FROM copy_pins c WHERE NOT EXISTS (SELECT 1 FROM pins p WHERE p.id = c.dest) ORDER BY dest
                    """).affected
                if bulk { try writeSearchSegment(snapshot, staged: true) }
            }
            if !rebuilt.isEmpty { try buildIndexes(rebuilt) }
            if bulk {
                let names = Set(snapshot.pins.lazy.map(\.pin.category).filter { !$0.isEmpty })
                try db.execute("INSERT INTO categories(name) SELECT unnest($1::text[]) ORDER BY 1 ON CONFLICT DO NOTHING",
                               [PGArray.texts(names.sorted())])
                if let counted { try loadPinCells(counted) } else if besideDone {  // its cells are in
                } else if owner { try db.execute("SELECT pinmap_cells_rebuild()") } else { try addNewPinCells(staged: !direct) }
            }
            if !comments.isEmpty {
                try db.execute("CREATE TEMP TABLE copy_comments (src bigint, body text, created_at text COLLATE \"C\") ON COMMIT DROP")
                try db.copy("COPY copy_comments FROM STDIN") { (row: ([String?]) throws(StoreError) -> Void) throws(StoreError) in
                    for (pin, c) in comments { try row(["\(pin)", c.body, c.createdAt]) }
                }
                out.comments = try db.execute("""
                    INSERT INTO comments(pin_id, body, created_at)
                    SELECT p.dest, c.body, c.created_at FROM copy_comments c JOIN copy_pins p ON p.src = c.src
                    WHERE NOT EXISTS (SELECT 1 FROM comments e WHERE e.pin_id = p.dest AND e.body = c.body AND e.created_at = c.created_at)
                    """).affected
            }
            // An import that added nothing keeps no batch (as a file store's).
            if asImport && out.pins == 0 {
                try db.execute("DELETE FROM import_batches WHERE id = ANY($1::bigint[])", [PGArray.ints(added)])
                added = []
                out.batches = 0
            }
            if !added.isEmpty {
                let filled = try db.execute("SELECT DISTINCT batch_id FROM pins WHERE batch_id = ANY($1::bigint[])", [PGArray.ints(added)])
                let emptied = snapshot.batchesLeftEmpty(added: batchIDs.filter { added.contains($0.value) },
                                                        filled: Set((0..<filled.rows).map { filled.int($0, 0) }))
                if !emptied.isEmpty {
                    try db.execute("DELETE FROM import_batches WHERE id = ANY($1::bigint[])", [PGArray.ints(emptied)])
                    added.removeAll { emptied.contains($0) }
                    out.batches -= emptied.count
                }
            }
            if let adjustBatch {
                for (source, id) in batchIDs where added.contains(id) {
                    guard var b = snapshot.batches.first(where: { $0.id == source }) else { continue }
                    adjustBatch(&b, out.skipped)
                    try db.execute("UPDATE import_batches SET imported = $1, duplicates = $2 WHERE id = $3",
                                   ["\(b.imported)", "\(b.duplicates)", "\(id)"])
                }
            }
            if bulk { try announce("\(asImport ? "import" : "copy") \(out.pins)") }
            return Received(outcome: out, batchIDs: added)
        }
    }
}

extension Int64 { var asInt: Int { Int(self) } }

extension PostgresStore {
    /// One COPY row of a pin: its fields as `pins` (or `copy_pins`) takes them.
    private static func copyFields(_ sp: SnapshotPin, batchIDs: [Int64: Int64]) -> [String?] {
        let p = sp.pin
        let properties = p.properties.isEmpty ? "{}" : p.properties
        return [p.title, p.description, p.category, "\(p.latitude)", "\(p.longitude)", p.createdAt, p.updatedAt,
                properties, properties, sp.batchID.flatMap { batchIDs[$0] }.map { "\($0)" }, "\(p.version)",
                "\(CreatedOrder.key(p.createdAt))"]
    }

    /// The columns of a copied pin. With its `created_order` (the trigger's work in a bulk
    /// load, ~5 µs a pin).
    private static let copyColumns = "title, description, category, latitude, longitude, created_at, updated_at, properties, properties_text, batch_id, version, created_order"

    /// COPYs the snapshot's pins into `pins`, new ids from its sequence in the snapshot's
    /// order; returns how many.
    func copyPins(_ snapshot: StoreSnapshot, batchIDs: [Int64: Int64]) throws(StoreError) -> Int {
        try db.copy("COPY pins (\(Self.copyColumns)) FROM STDIN") { (row: ([String?]) throws(StoreError) -> Void) throws(StoreError) in
            for sp in snapshot.pins { try row(Self.copyFields(sp, batchIDs: batchIDs)) }
        }
        return snapshot.pins.count
    }

    /// COPYs the snapshot's pins `range` (all: nil) into `table` with ids `firstID`,
    /// `firstID + 1`, … in the snapshot's order, each with its cell, geometry, `uid` and
    /// `created_order` (what the server would compute, so it parses less: into `pins`,
    /// `pinmap.bulk` must be on; its `gen_random_uuid()` took a tenth of the COPY), in COPY's
    /// binary form, and adds each to `counts` and to `postings` (if any; the caller writes
    /// them after). Returns how many.
    /// `freeze`: the rows are written frozen (`COPY … FREEZE`: only into a table this
    /// transaction made).
    static func copyPins(_ snapshot: StoreSnapshot, _ range: Range<Int>? = nil, batchIDs: [Int64: Int64], firstID: Int64,
                         counting counts: inout PostgresCellCounts?, postings: SearchPostings?, into table: String,
                         freeze: Bool = false, on db: PGConnection) throws(StoreError) -> Int {
        let range = range ?? snapshot.pins.indices
        var id = firstID + Int64(range.lowerBound)
        let uids = try RandomBytes().uuids(range.count, milliseconds: UInt64(max(0, Date().timeIntervalSince1970 * 1000)), firstID: id)
        try db.copyBinary("COPY \(table) (\(Self.copyColumns), id, cell, geom, uid) FROM STDIN (FORMAT binary\(freeze ? ", FREEZE" : ""))") {
            (out: PGCopyBinary) throws(StoreError) in
            for (k, sp) in snapshot.pins[range].enumerated() {
                let p = sp.pin
                let cell = PinGrid.fineMorton(latitude: p.latitude, longitude: p.longitude)
                counts?.add(id: id, latitude: p.latitude, longitude: p.longitude, category: p.category, fineMorton: cell)
                postings?.add(id: id, title: p.title, description: p.description, category: p.category, properties: p.properties)
                out.row(16)
                out.text(p.title)
                out.text(p.description)
                out.text(p.category)
                out.float8(p.latitude)
                out.float8(p.longitude)
                out.text(p.createdAt)
                out.text(p.updatedAt)
                let properties = p.properties.isEmpty ? "{}" : p.properties
                out.jsonb(properties)
                out.text(properties)
                if let batch = sp.batchID.flatMap({ batchIDs[$0] }) { out.int64(batch) } else { out.null() }
                out.int64(p.version)
                out.int64(CreatedOrder.key(p.createdAt))
                out.int64(id)
                out.int64(cell)
                out.raw(PostGISPoint.ewkb(latitude: p.latitude, longitude: p.longitude))
                uids.withUnsafeBufferPointer { out.raw(UnsafeBufferPointer(rebasing: $0[(16 * k)..<(16 * k + 16)])) }
                try out.endRow()
                id += 1
            }
        }
        return range.count
    }

    /// Takes `n` ids of the pins' sequence in one run and returns the first. Only for the
    /// tables' owner: it locks `pins` against other writers until the end of the transaction
    /// (a bulk load that drops the indexes holds a stronger lock already), so no insert
    /// takes an id meanwhile.
    func reserveIDs(_ n: Int) throws(StoreError) -> Int64 {
        try db.execute("LOCK TABLE pins IN SHARE ROW EXCLUSIVE MODE")
        return try db.execute("""
            SELECT setval(s, nextval(s) + $1 - 1) - $1 + 1 FROM pg_get_serial_sequence('pins', 'id') AS s
            """, ["\(max(n, 1))"]).int(0, 0)
    }

    /// Replaces the map's cell counts with `counts` (a load into a store without pins): COPY
    /// into the emptied table, its key built once after.
    func loadPinCells(_ counts: PostgresCellCounts) throws(StoreError) {
        try db.execute("TRUNCATE pin_cells")
        try db.execute("ALTER TABLE pin_cells DROP CONSTRAINT pin_cells_pkey")
        // Frozen (the table was emptied in this transaction): its key's build and the map's
        // reads find its pages all-visible, with no commit status to look up and mark.
        try db.copyBinary("COPY pin_cells (level, scope, category, code, n, rep_id, rep_lat, rep_lon, rep_category) FROM STDIN (FORMAT binary, FREEZE)") {
            (out: PGCopyBinary) throws(StoreError) in try counts.rows(out)
        }
        // The key's sort in memory (2 million rows of a million pins take ~170 MB; the default
        // 64 MB sorted them on disk), where its rows, sent in order, are found sorted at once;
        // on one process (see `PostgresStore.buildSettings`).
        for setting in Self.buildSettings { try db.execute("SET LOCAL \(setting)") }
        try db.execute("ALTER TABLE pin_cells ADD PRIMARY KEY (level, scope, category, code)")
    }

    /// COPYs the snapshot's pins into the temporary `copy_pins`, each with the id it gets
    /// here (`dest`): a pin already here keeps its own (`matching`: compared on every field;
    /// its comments are matched to it), the others get new ones. Returns how many were here.
    func stagePins(_ snapshot: StoreSnapshot, batchIDs: [Int64: Int64], asImport: Bool, matching: Bool) throws(StoreError) -> Int {
        try db.execute("""
            CREATE TEMP TABLE copy_pins (title text COLLATE "C", description text COLLATE "C",
              category text COLLATE "C", latitude float8, longitude float8, created_at text COLLATE "C",
              updated_at text COLLATE "C", properties text, properties_text text, batch_id bigint, version bigint,
              created_order bigint, src bigint, undated boolean, dest bigint, added boolean NOT NULL DEFAULT false) ON COMMIT DROP
            """)
        // An imported row without a date got the import's time: it matches a pin here
        // whatever its date (as the file importer's duplicate check does).
        let importTimes = asImport ? Dictionary(snapshot.batches.map { ($0.id, $0.importedAt) }, uniquingKeysWith: { a, _ in a }) : [:]
        try db.copy("COPY copy_pins (\(Self.copyColumns), src, undated) FROM STDIN") { (row: ([String?]) throws(StoreError) -> Void) throws(StoreError) in
            for sp in snapshot.pins {
                let undated = sp.batchID.flatMap { importTimes[$0] } == sp.pin.createdAt
                try row(Self.copyFields(sp, batchIDs: batchIDs) + ["\(sp.pin.id)", undated ? "t" : "f"])
            }
        }
        var skipped = 0
        if matching {
            try db.execute("""
                UPDATE copy_pins c SET dest = p.id FROM pins p
                WHERE p.latitude = c.latitude AND p.longitude = c.longitude AND p.title = c.title
                  AND p.description = c.description AND p.category = c.category
                  AND (c.undated OR p.created_at = c.created_at) AND p.properties = c.properties::jsonb
                """)
            skipped = Int(try db.execute("SELECT count(*) FROM copy_pins WHERE dest IS NOT NULL").int(0, 0))
        }
        try db.execute("UPDATE copy_pins SET dest = nextval(pg_get_serial_sequence('pins', 'id')), added = true WHERE dest IS NULL")
        return skipped
    }

    /// The statements that make the triggers of `pins` (its own and any a team added; not
    /// the foreign keys') again as they are, each in its state (off, always, replica).
    func pinsTriggers() throws(StoreError) -> (names: [String], create: [String]) {
        let t = try db.execute("""
            SELECT quote_ident(tgname), pg_get_triggerdef(oid), tgenabled FROM pg_trigger
            WHERE tgrelid = 'pins'::regclass AND NOT tgisinternal ORDER BY tgname
            """)
        var names: [String] = [], create: [String] = []
        for i in 0..<t.rows {
            names.append(t.text(i, 0))
            create.append(t.text(i, 1))
            if let state = ["D": "DISABLE", "A": "ENABLE ALWAYS", "R": "ENABLE REPLICA"][t.text(i, 2)] {
                create.append("ALTER TABLE pins \(state) TRIGGER \(t.text(i, 0))")
            }
        }
        return (names, create)
    }

    /// Drops the triggers of `pins` for this transaction's next writes, and returns the
    /// statements that make them again (`pinsTriggers`). A row trigger, even one turned
    /// off, makes COPY write each row alone, as a trigger's function call would. Only for
    /// the tables' owner holding `pins` alone, for a load that sends every column the
    /// triggers compute (a load beside `pins` fires none either).
    func dropPinsTriggers() throws(StoreError) -> [String] {
        let triggers = try pinsTriggers()
        for name in triggers.names { try db.execute("DROP TRIGGER \(name) ON pins") }
        return triggers.create
    }

    /// Builds the indexes (and adds the keys) `dropSecondaryIndexes` dropped, in this transaction.
    func buildIndexes(_ statements: [String]) throws(StoreError) {
        try db.execute("SET LOCAL maintenance_work_mem = '256MB'")
        for sql in statements { try db.execute(sql) }
    }

    /// Drops the indexes of `pins` other than its primary key (its UNIQUE constraints too)
    /// and its foreign keys, and returns the statements that create them again, as the
    /// catalog has them, the foreign keys last. A foreign key checks each row a load adds on
    /// its own (a query per row: 8 of a million pins' 9 s), and once when added (0.2 s).
    func dropSecondaryIndexes() throws(StoreError) -> [String] {
        var create: [String] = [], keys: [String] = []
        let u = try db.execute("""
            SELECT conname, pg_get_constraintdef(oid), contype = 'f' FROM pg_constraint
            WHERE conrelid = 'pins'::regclass AND contype IN ('u', 'f') ORDER BY conname
            """)
        for i in 0..<u.rows {
            let name = SQLIdentifier.quoted(u.text(i, 0))
            try db.execute("ALTER TABLE pins DROP CONSTRAINT \(name)")
            let add = "ALTER TABLE pins ADD CONSTRAINT \(name) \(u.text(i, 1))"
            if u.text(i, 2) == "t" { keys.append(add) } else { create.append(add) }
        }
        let r = try db.execute("""
            SELECT i.indexname, i.indexdef FROM pg_indexes i
            WHERE i.schemaname = current_schema() AND i.tablename = 'pins'
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
            """)
        for i in 0..<r.rows {
            try db.execute("DROP INDEX \(SQLIdentifier.quoted(r.text(i, 0)))")
            create.append(r.text(i, 1))
        }
        return create + keys
    }
}
