import PinModel
import Support

/// The SQLite store as an import's target (`PinImportStore`): one write transaction per
/// import, its batch record, the bulk mode of `Store+BulkInsert.swift` and `PinBulkWriter`.
extension Store: PinImportStore {
    public func storedPinLookup() throws(StoreError) -> any StoredPinLookup {
        try StoredPinStatements(store: self)
    }

    public func importBatch(file: String, report: ImportReport, expectedRows: Int, deferring: Bool, deferringAll: Bool,
                            indexProgress: ((IndexingProgress) -> Void)?,
                            write: (any PinBulkSink) throws -> ImportReport, beforeCommit: () throws -> Void) throws -> Int64? {
        // An empty store is loaded straight into its file, without the WAL's copy.
        let direct = beginDirectWrites()
        defer { if direct { endDirectWrites() } }
        do {
            // The rows reference only the batch created here: no per-row foreign key check.
            return try withoutForeignKeyChecks { try transaction {
                let batchID = try BatchRecord.begin(store: self, file: file, report: report)
                // The store indexes bulk rows (search, map cells) in one pass at the end: a
                // large file drops and rebuilds the pins indexes instead of updating them row by row.
                try beginBulkInsert(expectedRows: expectedRows)
                let final: ImportReport
                do {
                    let writer = try PinBulkWriter(store: self, batchID: batchID)
                    defer { writer.finish() }  // the connection's CHECK constraints back on
                    final = try write(writer)
                }
                // Nothing new: roll back so the store (batches included) stays as it was.
                if final.imported == 0 { throw NothingImported() }
                // The reading thread's rows and the duplicate tables are freed by now:
                // give their pages back before the index sorts take theirs (one peak).
                FreedMemory.release()
                // A large file commits with the spatial index; search, the map's
                // clusters and the other indexes follow in `finishIndexing`,
                // or, without `deferring`, in this transaction.
                try endBulkInsert(deferring: deferring, deferringAll: deferringAll, progress: indexProgress)
                try BatchRecord.finish(store: self, id: batchID, report: final)
                try beforeCommit()
                return batchID
            } }
        } catch is NothingImported {
            return nil
        }
    }

    private struct NothingImported: Error {}
}
