import Foundation
import PinModel

/// An import into a store without pins, by the tables' owner, streamed: the importer's pins
/// (`Importer.run` with this as its store) go straight from the file to the loaders' threads,
/// which encode them, and from them into one `COPY … FREEZE` into the side table of a load
/// beside `pins` (`beginSideLoad`, the table made in that COPY's transaction:
/// `PostgresStreamedRows`), with ids from a range this import holds (`pins` is locked
/// against writers from the start);
/// its indexes are then built and it is swapped in (`finishSideLoad`) while this connection
/// writes the map's cells the loaders counted. Neither a copy of the file nor its pins are
/// held: memory holds a few chunks of pins, 8 bytes a pin for the duplicate check, and what
/// the loaders build (the search lists, the map's cell counts).
///
/// One transaction, as any import: a failure, a stop, or a kill of either side leaves the
/// store as it was (at most the side table, which `dropLeftoverLoad` drops). An import that
/// adds nothing keeps nothing. Any other import (pins already there, a role that does not
/// own the tables, a small file) goes through a staging copy (`receive`).
public final class PostgresStreamedImport: PinImportStore {
    let store: PostgresStore
    private var lookup: SpoolLookup?

    init(store: PostgresStore) { self.store = store }

    public var path: String { store.location }
    public var textRule: StoredTextRule { store.textRule }
    /// Checked empty when the import begins (and `pins` locked).
    public func count() throws(StoreError) -> Int { 0 }
    public func indexBacklog() throws(StoreError) -> IndexBacklog { try store.indexBacklog() }

    public func storedPinLookup() throws(StoreError) -> any StoredPinLookup {
        guard let lookup else { throw StoreError("the import's pins are read only while it runs") }
        return lookup
    }

    public func importBatch(file: String, report: ImportReport, expectedRows: Int, deferring: Bool, deferringAll: Bool,
                            indexProgress: ((IndexingProgress) -> Void)?,
                            write: (any PinBulkSink) throws -> ImportReport, beforeCommit: () throws -> Void) throws -> Int64? {
        defer { lookup = nil }
        do {
            return try store.db.transaction { () throws -> Int64 in
                let (batchID, batchTime) = try begin(file: file, report: report)
                let firstID = try store.reserveIDs(1)
                let spool = try PostgresImportSpool(firstID: firstID, undated: batchTime, expectedRows: expectedRows)
                lookup = SpoolLookup(spool)
                // What every pin of the load holds alike is the side table's default, not sent a row.
                let side = try store.beginSideLoad(firstID: firstID, defaults: PostgresStreamedRows.defaults(batchID: batchID, batchTime: batchTime),
                                                   create: false)
                let loaders = PostgresStore.loaders
                let queue = PGChunkQueue<PinChunk>(capacity: 4 * loaders)
                let chunks = PGEncodedChunks(firstID: firstID, encoders: loaders, capacity: 4 * loaders)
                let rows = PostgresStreamedRows(table: PostgresStore.loadTable, batchTime: Array(batchTime.utf8))
                let loads = PGParallel.start(loaders) { (_: Int) throws(StoreError) in try rows.encode(queue, into: chunks) }
                let creation = side.creation
                let uri = store.db.uri
                let copy = PGParallel.start(1) { (_: Int) throws(StoreError) in
                    try rows.send(chunks, creating: creation, uri: uri, queue: queue)
                }
                let sink = PostgresStreamedSink(queue: queue, spool: spool)
                let final: ImportReport
                var sent: [PostgresStreamedRows.Sent]
                do {
                    final = try write(sink)
                    if final.imported == 0 { throw NothingImported() }
                    queue.close()
                    sent = try loads.wait()
                    _ = try copy.wait()
                } catch {
                    queue.fail(StoreError("the import stopped"))
                    chunks.fail(StoreError("the import stopped"))
                    _ = try? loads.wait()
                    _ = try? copy.wait()
                    side.drop()
                    throw error
                }
                try finish(side, sent: &sent, firstID: firstID, pins: sink.written)
                try store.db.execute("UPDATE import_batches SET imported = $1, rejected = $2, duplicates = $3 WHERE id = $4",
                                     ["\(final.imported)", "\(final.rejected)", "\(final.duplicates)", "\(batchID)"])
                try store.announce("import \(sink.written)")
                try beforeCommit()
                return batchID
            }
        } catch is NothingImported {
            return nil
        }
    }

    private struct NothingImported: Error {}

    /// Locks `pins`, checks it is still empty, and records the batch; returns its id and time.
    private func begin(file: String, report: ImportReport) throws(StoreError) -> (Int64, String) {
        let db = store.db
        try db.execute("LOCK TABLE pins IN SHARE ROW EXCLUSIVE MODE")
        guard try db.execute("SELECT EXISTS (SELECT 1 FROM pins)").text(0, 0) == "f" else {
            throw StoreError("pins were added to \(store.server) while the import began; nothing was imported: run it again",
                             code: StoreError.pinsAddedMeanwhile)
        }
        // Triggers off: the categories, cells and search lists are written once below.
        try db.execute("SET LOCAL pinmap.bulk = 'on'")
        try store.dropStaleSearchLists()
        let time = store.clock.timestamp()
        let id = try db.execute("""
            INSERT INTO import_batches(file, imported_at, encoding, delimiter) VALUES ($1, $2, $3, $4) RETURNING id
            """, [file, time, report.encoding, report.delimiter]).int(0, 0)
        return (id, time)
    }

    /// The pins are in: their ids' sequence; the search lists and the indexes, then the swap;
    /// the map's cells meanwhile; the categories.
    private func finish(_ side: PostgresStore.SideLoad, sent: inout [PostgresStreamedRows.Sent], firstID: Int64, pins: Int) throws(StoreError) {
        do throws(StoreError) {
            try store.db.execute("SELECT setval(pg_get_serial_sequence('pins', 'id'), $1)", ["\(firstID + Int64(pins) - 1)"])
        } catch {
            side.drop()
            throw error
        }
        let lists = sent.compactMap(\.write)
        var counts = sent.removeFirst().counts
        let others = sent.map(\.counts)
        sent = []
        // Two builders beside the cells' COPY and key, the longest work left (with three, the
        // builders ended seconds before it); the loaders' counts are merged once the builders
        // have started (merged before, they started 0.3–0.6 s after the pins' COPY at a million pins).
        try store.finishSideLoad(side, builders: PostgresStore.indexBuilders - 1, also: lists) { () throws(StoreError) in
            for other in others { counts.merge(other) }
            try store.loadPinCells(counts)
        }
        try store.db.execute("INSERT INTO categories(name) SELECT unnest($1::text[]) ORDER BY 1 ON CONFLICT DO NOTHING",
                             [PGArray.texts(counts.categories.sorted())])
    }
}

/// The duplicate check's view of a streamed import: the store held no pins, and this
/// import's own are read back from its spool.
private final class SpoolLookup: StoredPinLookup {
    let spool: PostgresImportSpool
    init(_ spool: PostgresImportSpool) { self.spool = spool }
    var maxID: Int64 { spool.firstID - 1 }
    func forEachPin(_ body: (Int64, StoredPinFields) -> Void) throws(StoreError) {}
    func fields(id: Int64) throws(StoreError) -> StoredPinFields? { try spool.fields(id: id) }
    func firstPin(matching f: StoredPinFields) throws(StoreError) -> Int64? { nil }
}

extension PostgresStore {
    /// An import of about `expectedPins` pins streamed into this store (`PostgresStreamedImport`),
    /// or nil when it goes through a staging copy instead: the store holds pins, the role
    /// does not own the tables, a view or row policy depends on `pins`, or the file is small
    /// (fewer than `bulkFrom`: the load beside costs connections and a swap).
    public func streamedImport(expectedPins: Int) throws(StoreError) -> PostgresStreamedImport? {
        guard expectedPins >= Self.bulkFrom, try db.execute("SELECT EXISTS (SELECT 1 FROM pins)").text(0, 0) == "f",
              try ownsPins(), try canLoadBeside() else { return nil }
        return PostgresStreamedImport(store: self)
    }
}
