import Foundation
import PinModel
import PinStore

/// Import batches and indexing (the server's indexes are always current).
extension PostgresStore {
    public func importBatches() throws(StoreError) -> [ImportBatch] {
        let r = try db.execute("""
            SELECT b.id, b.file, b.imported_at, b.imported, b.rejected, b.duplicates, b.encoding, b.delimiter, coalesce(n.pins_left, 0)
            FROM import_batches b LEFT JOIN (SELECT batch_id, count(*) AS pins_left FROM pins GROUP BY batch_id) n ON n.batch_id = b.id
            ORDER BY b.id
            """)
        return (0..<r.rows).map { i in
            ImportBatch(id: r.int(i, 0), file: r.text(i, 1), importedAt: r.text(i, 2), imported: Int(r.int(i, 3)),
                        rejected: Int(r.int(i, 4)), duplicates: Int(r.int(i, 5)), encoding: r.text(i, 6),
                        delimiter: r.text(i, 7), pinsLeft: Int(r.int(i, 8)))
        }
    }

    /// The newest `limit` imports with the pins each still has: one pass over `pins` for all
    /// of them (there is no index on `batch_id`: schema 11).
    public func recentImports(limit: Int) throws(StoreError) -> [RecentImport] {
        let r = try db.execute("""
            WITH recent AS (SELECT id, file, imported_at, imported FROM import_batches ORDER BY id DESC LIMIT $1)
            SELECT b.id, b.file, b.imported_at, b.imported, coalesce(n.pins_left, 0)
            FROM recent b LEFT JOIN (SELECT batch_id, count(*) AS pins_left FROM pins
                                     WHERE batch_id IN (SELECT id FROM recent) GROUP BY batch_id) n ON n.batch_id = b.id
            ORDER BY b.id DESC
            """, ["\(limit)"])
        return (0..<r.rows).map {
            RecentImport(id: r.int($0, 0), file: r.text($0, 1), importedAt: r.text($0, 2), imported: Int(r.int($0, 3)),
                         pinsLeft: Int(r.int($0, 4)))
        }
    }

    /// The creation times (`created_at`) of the pins batch `id` still has (the sample pins
    /// are known by theirs: `pinmap` loads again only the ones gone). One pass over `pins`:
    /// there is no index on `batch_id`, and this runs when the user asks for the samples.
    /// - Throws: `StoreError` when the server cannot be read.
    public func creationTimes(inBatch id: Int64) throws(StoreError) -> Set<String> {
        let r = try db.execute("SELECT created_at FROM pins WHERE batch_id = $1", ["\(id)"])
        return Set((0..<r.rows).map { r.text($0, 0) })
    }

    public func changedPins(inBatch id: Int64) throws(StoreError) -> Int {
        Int(try db.execute("""
            SELECT count(*) FROM pins p WHERE p.batch_id = $1
              AND (p.edits > 0 OR EXISTS (SELECT 1 FROM comments c WHERE c.pin_id = p.id))
            """, ["\(id)"]).int(0, 0))
    }

    /// Removes batch `id` and its pins (the foreign key cascades) in one transaction.
    @discardableResult
    public func undoImport(batchID id: Int64) throws(StoreError) -> Int? {
        try atomically { () throws(StoreError) -> Int? in
            guard try db.execute("SELECT 1 FROM import_batches WHERE id = $1 FOR UPDATE", ["\(id)"]).rows > 0 else { return nil }
            // The pins' own triggers are off (one announcement below, not one a pin).
            try db.execute("SET LOCAL pinmap.bulk = 'on'")
            let pins = try db.execute("SELECT coalesce(sum(n), 0) FROM pin_cells WHERE level = 2 AND scope = 0").int(0, 0)
            // The batch's pins, up to one more than are removed one at a time (one read of the table).
            let limit = Self.pinByPinLimit(pins: pins)
            let batch = try db.execute("SELECT id, cell, category FROM pins WHERE batch_id = $1 ORDER BY id LIMIT $2",
                                       ["\(id)", "\(limit + 1)"])
            let n: Int
            if batch.rows <= limit {
                // One at a time, as a delete's trigger does: a cell whose lowest-id pin goes
                // takes the next from the pins left, so the next of the batch must still be there.
                n = batch.rows
                for k in 0..<n {
                    try db.execute("DELETE FROM pins WHERE id = $1", [batch.text(k, 0)])
                    try db.execute("SELECT pinmap_cells_remove($1, $2, $3)", [batch.text(k, 1), batch.text(k, 2), batch.text(k, 0)])
                }
            } else {
                n = try db.execute("DELETE FROM pins WHERE batch_id = $1", ["\(id)"]).affected
                // Schema 5: a role that does not own the tables empties the cells with DELETE.
                try db.execute("SELECT pinmap_cells_rebuild()")
            }
            try db.execute("DELETE FROM import_batches WHERE id = $1", ["\(id)"])
            try announce("undo-import \(n)")
            return n
        }
    }

    /// The most pins of a batch whose cells an undo removes one pin at a time, as a delete's
    /// trigger does (~2 ms a pin at a million pins), in a store of `pins`; a larger batch has
    /// every cell grouped again (~8 µs a pin of the store: 7.9 s at a million, even for 45).
    static func pinByPinLimit(pins: Int64) -> Int {
        Int(max(100, pins / 500))
    }

    // The server keeps every index current in the writing transaction: nothing waits.
    public func hasIndexBacklog() throws(StoreError) -> Bool { false }
    public func indexBacklog() throws(StoreError) -> IndexBacklog { IndexBacklog(pins: 0, indexes: [], paused: false) }
    public func indexingElsewhere() throws(StoreError) -> Bool { false }
    @discardableResult
    public func finishIndexing(progress: ((IndexingProgress) -> Void)?, shouldStop: (() -> Bool)?) throws(StoreError) -> Int {
        progress?(IndexingProgress(stage: .map, fraction: 1))
        return 0
    }
}
