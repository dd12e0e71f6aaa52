import PinModel

/// Pins of a streamed import on their way to the connections that `COPY` them: the rows
/// (their texts copied out of the importer's batch, which it reuses) and the id of the first.
struct PinChunk: Sendable {
    var firstID: Int64
    var rows: [EncodedPinRow] = []
    var text: [UInt8] = []

    /// True when a pin of the chunk has properties (its JSON is other than `{}`).
    var hasProperties: Bool {
        text.withUnsafeBufferPointer { buf in
            rows.contains { row in
                let e = row.ends
                return e.4 - e.3 != 2 || buf[Int(e.3)] != UInt8(ascii: "{") || buf[Int(e.3) + 1] != UInt8(ascii: "}")
            }
        }
    }
}

/// The importer's `PinBulkSink` for a streamed import (`PostgresStreamedImport`): on the
/// importer's thread, each row is checked by `PinRules` (a row it refuses is rejected, the
/// import goes on, as a file store's CHECK refuses it), given the next id of the range the
/// import reserved, kept for the duplicate check (`PostgresImportSpool`), and queued for the
/// loaders, which encode and send it (`PostgresStreamedRows`).
final class PostgresStreamedSink: PinBulkSink {
    /// Rows per `write`: about 300 KB of a typical file's pins a chunk.
    var groupSize: Int { 4_096 }

    private let queue: PGChunkQueue<PinChunk>
    let spool: PostgresImportSpool
    private(set) var nextID: Int64

    init(queue: PGChunkQueue<PinChunk>, spool: PostgresImportSpool) {
        self.queue = queue
        self.spool = spool
        nextID = spool.firstID
    }

    /// How many pins were written.
    var written: Int { Int(nextID - spool.firstID) }

    func write(_ rows: [EncodedPinRow], text: [UInt8]) throws(StoreError) -> [Result<Int64, StoreError>] {
        var results: [Result<Int64, StoreError>] = []
        results.reserveCapacity(rows.count)
        var chunk = PinChunk(firstID: nextID)
        chunk.rows.reserveCapacity(rows.count)
        text.withUnsafeBufferPointer { buf in
            for row in rows {
                do throws(StoreError) {
                    try PinRules.check(titleUTF8: UnsafeBufferPointer(rebasing: buf[Int(row.start)..<Int(row.ends.0)]),
                                       latitude: row.latitude, longitude: row.longitude)
                } catch {
                    results.append(.failure(error))
                    continue
                }
                var kept = row
                kept.latitude = PinRules.stored(row.latitude)
                kept.longitude = PinRules.stored(row.longitude)
                chunk.rows.append(kept)
                results.append(.success(nextID))
                nextID += 1
            }
            // The rows' texts in one copy: the span from the first to the last (a row left
            // out between them costs a few bytes; copying row by row cost more).
            guard !chunk.rows.isEmpty else { return }
            var from = Int32.max, to = Int32(0)
            for row in chunk.rows {
                from = min(from, row.start)
                to = max(to, row.ends.4)
            }
            chunk.text = Array(UnsafeBufferPointer(rebasing: buf[Int(from)..<Int(to)]))
            for k in chunk.rows.indices {
                let e = chunk.rows[k].ends
                chunk.rows[k].start -= from
                chunk.rows[k].ends = (e.0 - from, e.1 - from, e.2 - from, e.3 - from, e.4 - from)
            }
        }
        if !chunk.rows.isEmpty {
            try spool.append(chunk.rows, text: chunk.text)
            try queue.push(chunk)
        }
        return results
    }
}
