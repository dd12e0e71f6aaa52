
/// Writes the batch row of an import (inside the import's transaction).
public enum BatchRecord {
    /// Settings key of the highest batch id ever given: ids are never reused after an
    /// undo, so an old "undo with: pinmap undo-import N" hint never names another import.
    public static let lastIDKey = "import.last_batch_id"

    /// Inserts the batch row (counts 0) and returns its id, which the pins then reference.
    public static func begin(store: Store, file: String, report: ImportReport) throws(StoreError) -> Int64 {
        let last = max(Int64(try store.setting(lastIDKey) ?? "0") ?? 0,
                       try store.db.scalarInt("SELECT coalesce(max(id), 0) FROM import_batches"))
        let st = try store.db.prepare("INSERT INTO import_batches(id, file, imported_at, encoding, delimiter) VALUES(?, ?, ?, ?, ?)")
        try st.bind([.int(last + 1), .text(file), .text(Timestamp.now()), .text(report.encoding), .text(report.delimiter)])
        try st.step()
        try store.setSetting(lastIDKey, String(last + 1))
        return last + 1
    }

    /// Stores the final counts.
    public static func finish(store: Store, id: Int64, report: ImportReport) throws(StoreError) {
        let st = try store.db.prepare("UPDATE import_batches SET imported = ?, rejected = ?, duplicates = ? WHERE id = ?")
        try st.bind([.int(Int64(report.imported)), .int(Int64(report.rejected)), .int(Int64(report.duplicates)), .int(id)])
        try st.step()
    }
}

extension Store {
    /// Every recorded import, oldest first.
    /// - Throws: `StoreError` when the store cannot be read.
    public func importBatches() throws(StoreError) -> [ImportBatch] {
        let st = try db.prepare("""
            SELECT b.id, b.file, b.imported_at, b.imported, b.rejected, b.duplicates, b.encoding, b.delimiter,
                   (SELECT count(*) FROM pins p WHERE p.batch_id = b.id)
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

    /// How many pins of batch `id` were changed after the import: edited (`edits`, which
    /// `Store.update` counts: timestamps have whole seconds and cannot tell an edit in the
    /// import's second) or commented.
    /// - Throws: `StoreError` when the store cannot be read.
    public func changedPins(inBatch id: Int64) throws(StoreError) -> Int {
        Int(try db.scalarInt("""
            SELECT count(*) FROM pins p WHERE p.batch_id = ?1
              AND (p.edits > 0 OR EXISTS (SELECT 1 FROM comments c WHERE c.pin_id = p.id))
            """, [.int(id)]))
    }

    /// Removes an import: the batch and every pin it added (`pinmap undo-import ID`), in one
    /// transaction. Pins go through the schema's `ON DELETE CASCADE`, so whatever the store
    /// keeps in step with its pins (indexes, comments) follows.
    /// - Returns: the number of pins removed, or nil when there is no batch `id`.
    /// - Throws: `StoreError` when the store cannot be written.
    @discardableResult
    public func undoImport(batchID id: Int64) throws(StoreError) -> Int? {
        do {
            return try transaction { () throws -> Int? in
                let pins = try db.scalarInt("SELECT count(*) FROM pins WHERE batch_id = ?", [.int(id)])
                let st = try db.prepare("DELETE FROM import_batches WHERE id = ?")
                try st.bind([.int(id)])
                try st.step()
                return db.changes == 0 ? nil : Int(pins)
            }
        } catch let e as StoreError {
            throw e
        } catch {
            throw StoreError("\(error)")
        }
    }
}

extension Store {
    /// The newest `limit` imports, newest first, without counting their pins (the Settings tab).
    /// - Throws: `StoreError` when the store cannot be read.
    public func recentImports(limit: Int) throws(StoreError) -> [RecentImport] {
        let st = try db.prepare("SELECT id, file, imported_at, imported FROM import_batches ORDER BY id DESC LIMIT ?")
        try st.bind([.int(Int64(limit))])
        var out: [RecentImport] = []
        while try st.step() {
            out.append(RecentImport(id: st.int(0), file: st.text(1), importedAt: st.text(2), imported: Int(st.int(3))))
        }
        return out
    }
}
