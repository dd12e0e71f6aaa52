
/// Writes the batch row of an import (inside the import's transaction), with the range of
/// ids its pins get: an import inserts without ids, inside one write transaction, so its
/// pins take consecutive ids after the largest before it (`import_batch_pins`:
/// `first_pin`…`last_pin`, migration 12). Batch queries read that range of the table by id (no index on
/// `batch_id`), filtered by `batch_id`, since a later import may reuse freed ids.
public enum BatchRecord {
    /// Settings key of the highest batch id ever given: ids are never reused after an
    /// undo, so an old "undo with: pinmap undo-import N" hint never names another import.
    public static let lastIDKey = "import.last_batch_id"

    /// Inserts the batch row (counts 0; its pins' ids start after the largest now) and
    /// returns its id, which the pins then reference.
    public static func begin(store: Store, file: String, report: ImportReport) throws(StoreError) -> Int64 {
        let last = max(Int64(try store.setting(lastIDKey) ?? "0") ?? 0,
                       try store.db.scalarInt("SELECT coalesce(max(id), 0) FROM import_batches"))
        let st = try store.db.prepare("INSERT INTO import_batches(id, file, imported_at, encoding, delimiter) VALUES(?, ?, ?, ?, ?)")
        try st.bind([.int(last + 1), .text(file), .text(store.clock.timestamp()), .text(report.encoding), .text(report.delimiter)])
        try st.step()
        try store.db.execute("""
            INSERT INTO import_batch_pins(batch_id, first_pin, last_pin)
            VALUES (\(last + 1), (SELECT coalesce(max(id), 0) + 1 FROM pins), 0)
            """)
        try store.setSetting(lastIDKey, String(last + 1))
        return last + 1
    }

    /// Stores the final counts and the last id its pins got.
    public static func finish(store: Store, id: Int64, report: ImportReport) throws(StoreError) {
        let st = try store.db.prepare("UPDATE import_batches SET imported = ?, rejected = ?, duplicates = ? WHERE id = ?")
        try st.bind([.int(Int64(report.imported)), .int(Int64(report.rejected)), .int(Int64(report.duplicates)), .int(id)])
        try st.step()
        try store.db.execute("UPDATE import_batch_pins SET last_pin = (SELECT coalesce(max(id), 0) FROM pins) WHERE batch_id = \(id)")
    }
}

extension Store {
    /// Every recorded import, oldest first.
    /// - Throws: `StoreError` when the store cannot be read.
    public func importBatches() throws(StoreError) -> [ImportBatch] {
        let st = try db.prepare("""
            SELECT b.id, b.file, b.imported_at, b.imported, b.rejected, b.duplicates, b.encoding, b.delimiter,
                   (SELECT count(*) FROM import_batch_pins r, pins p
                    WHERE r.batch_id = b.id AND p.id BETWEEN r.first_pin AND r.last_pin AND p.batch_id = b.id)
            FROM import_batches b ORDER BY b.id
            """)
        var out: [ImportBatch] = []
        while try st.step() {
            out.append(ImportBatch(id: st.int(0), file: st.text(1), importedAt: st.text(2), imported: Int(st.int(3)),
                                   rejected: Int(st.int(4)), duplicates: Int(st.int(5)), encoding: st.text(6),
                                   delimiter: st.text(7), pinsLeft: Int(st.int(8))))
        }
        return out
    }

    /// The creation times (`created_at` as stored) of the pins batch `id` still has: an edit
    /// never changes them, so they tell which rows of the batch's file are still in the store.
    /// - Throws: `StoreError` when the store cannot be read.
    public func creationTimes(inBatch id: Int64) throws(StoreError) -> Set<String> {
        let st = try db.prepare("""
            SELECT p.created_at FROM import_batch_pins r, pins p WHERE r.batch_id = ?1
              AND p.id BETWEEN r.first_pin AND r.last_pin AND p.batch_id = ?1
            """)
        try st.bind([.int(id)])
        var out: Set<String> = []
        while try st.step() { out.insert(st.text(0)) }
        return out
    }

    /// How many pins of batch `id` were changed after the import: edited (`edits`, which
    /// `Store.update` counts: timestamps have whole seconds and cannot tell an edit in the
    /// import's second) or commented.
    /// - Throws: `StoreError` when the store cannot be read.
    public func changedPins(inBatch id: Int64) throws(StoreError) -> Int {
        Int(try db.scalarInt("""
            SELECT count(*) FROM import_batch_pins r, pins p WHERE r.batch_id = ?1
              AND p.id BETWEEN r.first_pin AND r.last_pin AND p.batch_id = ?1
              AND (p.edits > 0 OR EXISTS (SELECT 1 FROM comments c WHERE c.pin_id = p.id))
            """, [.int(id)]))
    }

    /// Removes an import: the batch and every pin it added (`pinmap undo-import ID`), in one
    /// transaction, so a failure or a kill leaves the store as it was. The pins are deleted by
    /// their id range (`BatchRecord`) with their comments, then the batch; the pins' delete
    /// triggers keep search and the map in step. When the batch holds every pin of the store
    /// (the common "undo my only big import"), or `bulkUndoPins` or more and no fewer than
    /// the pins left, the pins left are kept and everything else rebuilt around them instead
    /// (`removePinsThenReindex`): no trigger runs per pin, and the map's change log does not
    /// grow by a row a pin. Foreign key checks are off for it when no transaction is open: the
    /// batch's delete would otherwise look for pins referencing it, and with no index on
    /// `batch_id` that reads the whole table (0.1 s at a million pins) to find none.
    /// - Parameter progress: called with the fraction done (0…1), after each step of
    ///   `undoStepPins` ids.
    /// - Returns: the number of pins removed, or nil when there is no batch `id`.
    /// - Throws: `StoreError` when the store cannot be written.
    @discardableResult
    public func undoImport(batchID id: Int64, progress: ((Double) -> Void)?) throws(StoreError) -> Int? {
        try undoImport(batchID: id, progress: progress, bulkFrom: Store.bulkUndoPins)
    }

    /// `undoImport(batchID:progress:)` rebuilding search and the map from `bulkFrom` pins on
    /// (tests use small batches).
    func undoImport(batchID id: Int64, progress: ((Double) -> Void)?, bulkFrom: Int64) throws(StoreError) -> Int? {
        let removed = try removeBatch(id, progress: progress, bulkFrom: bulkFrom)
        // The file shrinks back to about its size before the import (once the undo is committed).
        if let removed { releaseFreedPages(removedPins: removed) }
        return removed
    }

    /// Removes batch `id` and its pins in one transaction (`undoImport`).
    private func removeBatch(_ id: Int64, progress: ((Double) -> Void)?, bulkFrom: Int64) throws(StoreError) -> Int? {
        do {
            return try withoutForeignKeyChecks { try transaction { () throws -> Int? in
                guard try db.scalarInt("SELECT count(*) FROM import_batches WHERE id = ?", [.int(id)]) > 0 else { return nil }
                let range = try db.prepare("SELECT first_pin, last_pin FROM import_batch_pins WHERE batch_id = ?")
                try range.bind([.int(id)])
                let (first, last) = try range.step() ? (range.int(0), range.int(1)) : (1, 0)  // no range: no pins
                range.reset()  // no statement may stay active: the bulk path drops a table
                try pauseChangeLog()  // one row of the change log for all the pins, not one each
                let pins: Int
                let inBatch = try db.scalarInt("SELECT count(*) FROM pins WHERE id BETWEEN ? AND ? AND batch_id = ?",
                                               [.int(first), .int(last), .int(id)])
                let total = try db.scalarInt("SELECT count(*) FROM pins")
                if inBatch > 0, inBatch == total || (inBatch >= bulkFrom && inBatch >= total - inBatch) {
                    pins = try removePinsThenReindex(batch: id, first: first, last: last, progress: progress)
                } else {
                    pins = try removePins(batch: id, first: first, last: last, progress: progress)
                }
                try db.execute("DELETE FROM import_batch_pins WHERE batch_id = \(id)")
                try db.execute("DELETE FROM import_batches WHERE id = \(id)")
                try resumeChangeLog(deleted: pins)
                progress?(1)
                return pins
            } }
        } catch let e as StoreError {
            throw e
        } catch {
            throw StoreError("\(error)")
        }
    }

    /// `undoImport(batchID:progress:)` without progress (`PinRepository`).
    @discardableResult
    public func undoImport(batchID id: Int64) throws(StoreError) -> Int? { try undoImport(batchID: id, progress: nil) }

    /// Ids deleted per step of an undo (one progress call each).
    static let undoStepPins: Int64 = 20_000

    /// Deletes the batch's pins and their comments, `undoStepPins` ids at a time.
    private func removePins(batch id: Int64, first: Int64, last: Int64, progress: ((Double) -> Void)?) throws(StoreError) -> Int {
        let comments = try db.prepare("DELETE FROM comments WHERE pin_id IN (SELECT id FROM pins WHERE id BETWEEN ?1 AND ?2 AND batch_id = ?3)")
        let pins = try db.prepare("DELETE FROM pins WHERE id BETWEEN ?1 AND ?2 AND batch_id = ?3")
        var removed = 0
        var low = first
        while low <= last {
            let high = min(last, low + Store.undoStepPins - 1)
            for st in [comments, pins] {
                st.reset()
                try st.bind([.int(low), .int(high), .int(id)])
                try st.step()
            }
            removed += db.changes
            progress?(Double(high - first + 1) / Double(last - first + 1))
            low = high + 1
        }
        return removed
    }

    /// Fewest pins of a batch for which an undo rebuilds the pins table, search and the map
    /// from the pins left instead of deleting pin by pin (when they are no more than the
    /// batch's; a batch of every pin always).
    static let bulkUndoPins: Int64 = 50_000

    /// Removes the batch's pins by keeping the others: they are copied aside, the table is
    /// emptied with its triggers dropped (SQLite then truncates it instead of visiting each
    /// row and index entry, and no trigger indexes each deleted pin: ≈ 70 µs a pin) and
    /// they are put back under their ids; then the search index and the map's cell tree are
    /// rebuilt from them (≈ 7 µs a pin). Call inside the undo's transaction, with foreign
    /// key checks off (the comments of the kept pins stay).
    /// - Returns: the number of pins removed.
    private func removePinsThenReindex(batch id: Int64, first: Int64, last: Int64, progress: ((Double) -> Void)?) throws(StoreError) -> Int {
        let inBatch = "id BETWEEN \(first) AND \(last) AND batch_id IS \(id)"
        let removed = try withoutPinTriggers(deleteOnly: false) { () throws(StoreError) -> Int in
            try db.execute("DELETE FROM comments WHERE pin_id IN (SELECT id FROM pins WHERE \(inBatch))")
            let before = try db.scalarInt("SELECT count(*) FROM pins")
            try db.execute("""
                CREATE TEMP TABLE undo_kept AS SELECT * FROM pins WHERE NOT (\(inBatch));
                DELETE FROM pins;
                INSERT INTO pins SELECT * FROM undo_kept;
                DROP TABLE undo_kept
                """)
            return Int(before - (try db.scalarInt("SELECT count(*) FROM pins")))
        }
        progress?(0.6)
        try rebuildSearchIndex()
        progress?(0.8)
        try rebuildPinCells()
        return removed
    }

    /// Runs `body` with the triggers on `pins` dropped (with `deleteOnly`, those that fire on
    /// a delete), recreated from their own SQL afterwards. Call inside a transaction: a
    /// failure then rolls the drop back too. The id floor is raised first, as its dropped
    /// trigger would have when `body` deletes the pins with the highest ids.
    private func withoutPinTriggers<T>(deleteOnly: Bool, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try raisePinIDFloor()
        let st = try db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'pins'")
        var triggers: [(name: String, sql: String)] = []
        while try st.step() { triggers.append((st.text(0), st.text(1))) }
        if deleteOnly { triggers = triggers.filter { $0.sql.uppercased().contains("DELETE ON") } }
        for t in triggers { try db.execute("DROP TRIGGER \(SQLIdentifier.quoted(t.name))") }
        let result = try body()
        for t in triggers { try db.execute(t.sql) }
        return result
    }
}

extension Store {
    /// The newest `limit` imports, newest first, with the pins each still has (the Settings
    /// tab): counted in each batch's id range, as `importBatches` counts them.
    /// - Throws: `StoreError` when the store cannot be read.
    public func recentImports(limit: Int) throws(StoreError) -> [RecentImport] {
        let st = try db.prepare("""
            SELECT b.id, b.file, b.imported_at, b.imported,
                   (SELECT count(*) FROM import_batch_pins r, pins p
                    WHERE r.batch_id = b.id AND p.id BETWEEN r.first_pin AND r.last_pin AND p.batch_id = b.id)
            FROM import_batches b ORDER BY b.id DESC LIMIT ?
            """)
        try st.bind([.int(Int64(limit))])
        var out: [RecentImport] = []
        while try st.step() {
            out.append(RecentImport(id: st.int(0), file: st.text(1), importedAt: st.text(2), imported: Int(st.int(3)),
                                    pinsLeft: Int(st.int(4))))
        }
        return out
    }
}
