import Foundation
import Glibc
import PinModel
import PinStore

/// The loaders of a streamed import: threads that take chunks of pins from the queue and
/// encode them in COPY's binary form, each pin with what the server would otherwise compute
/// for it (id, cell, geometry, `uid`, `created_order`), count the map's cells of the pins
/// they encoded, and build their search lists (`SearchPostings`, a segment each, written
/// after the pins); and the one connection that makes the load's side table and sends
/// their rows into it, in id order, in the same transaction: `COPY … FREEZE`.
///
/// Frozen rows are visible to every later transaction without a check of the one that wrote
/// them, and their pages are marked all-visible: the index builds, the statistics and the
/// foreign key's check then read the table without the commit-status lookups and hint-bit
/// writes each would start with. At a million pins a build of `pins_created` or `pins_cell`
/// on the loaded table took 0.94 and 0.86 s instead of 1.12 and 1.00 s, a scan 75–83 ms
/// instead of 120–156 ms, the `COPY` itself 1.04–1.06 s instead of 1.12–1.20 s (one
/// connection, a file of the rows on the server). One connection also no longer waits on
/// another to extend the table. (A first try sent from one thread: the client's work on
/// each pin then ran on one core, and the load took 7 s.)
struct PostgresStreamedRows: Sendable {
    /// The side table's columns as each row sends them. Those every pin holds alike are the
    /// side table's defaults for the load (`batch_id`, `updated_at`: the batch's time;
    /// `properties_text`: `{}`) or always (`version` 1, `edits` 0): 48 bytes a row fewer to
    /// send and for the server to read. The properties too when a chunk's pins have none (a
    /// file's usual case): the server's parse of each row's `{}` into `jsonb` was a tenth of
    /// the COPY's work.
    static func columns(full: Bool) -> String {
        "title, description, category, latitude, longitude, created_at, \(full ? "properties, properties_text, " : "")id, cell, geom, uid, created_order"
    }

    /// The side table's defaults for the load (column, text of the value) beside those of
    /// `pins`: see `columns`.
    static func defaults(batchID: Int64, batchTime: String) -> [(column: String, value: String)] {
        [("batch_id", "\(batchID)"), ("updated_at", batchTime), ("properties_text", "{}")]
    }

    let table: String
    /// The time of the batch: a pin's `created_at` when the file gave none.
    let batchTime: [UInt8]
    /// The time of the pins' `uid`s (UUIDv7), in milliseconds since 1970.
    let uidTime = UInt64(max(0, Date().timeIntervalSince1970 * 1000))

    /// What a loader encoded: the map cells of its pins, and their search lists, to write
    /// once the pins are in (`write`).
    struct Sent: @unchecked Sendable {  // the lists are handed from one thread to the next
        var counts = PostgresCellCounts()
        var postings: SearchPostings?
        let table: String

        /// The job that writes the lists (`search_postings`, the side table's rows committed).
        var write: PGJob? {
            guard let postings else { return nil }
            let table = self.table
            nonisolated(unsafe) let lists = postings
            return { (db: PGConnection) throws(StoreError) in try lists.write(on: db, pinsIn: table) }
        }
    }

    /// Encodes chunks until the queue is closed and empty, handing each to `chunks`. A
    /// failure here stops the queue and the sender too (the producer and the other loaders
    /// stop at their next step).
    func encode(_ queue: PGChunkQueue<PinChunk>, into chunks: PGEncodedChunks) throws(StoreError) -> Sent {
        var sent = Sent(table: table)
        do throws(StoreError) {
            var rows: [UInt8] = []
            let out = PGCopyBinary(header: false) { (b: UnsafeBufferPointer<UInt8>) throws(StoreError) in rows.append(contentsOf: b) }
            let random = try RandomBytes()
            while let chunk = try queue.pop() {
                // Made at the first chunk: its ids are this loader's lowest (each loader
                // takes the queue's chunks in order, so its ids only grow).
                if sent.postings == nil { sent.postings = SearchPostings(base: chunk.firstID) }
                let full = chunk.hasProperties
                try encode(chunk, full: full, out, random, &sent.counts, sent.postings!)
                try out.flush()
                try chunks.put(firstID: chunk.firstID, PGEncodedChunks.Rows(count: chunk.rows.count, bytes: rows, full: full))
                rows = []
            }
            chunks.done()
        } catch {
            queue.fail(error)
            chunks.fail(error)
            throw error
        }
        return sent
    }

    /// Makes the side table on a connection of its own to `uri` (`creation`) and sends it the
    /// loaders' rows as they come, in one transaction, committed once the last is in. A
    /// failure (the connection's too) stops the loaders and the producer, which would
    /// otherwise wait for room in their queues; the transaction then rolls back, and the
    /// table is gone with it.
    func send(_ chunks: PGEncodedChunks, creating creation: [String], uri: String,
              queue: PGChunkQueue<PinChunk>) throws(StoreError) {
        do throws(StoreError) {
            let db = try PGConnection(uri: uri)
            try db.atomically { () throws(StoreError) in
                for sql in creation { try db.execute(sql) }
                // A COPY for each run of chunks with the same columns (every chunk's, in a
                // file whose pins have no properties).
                var first = try chunks.take()
                while let run = first {
                    first = nil
                    try db.copyBinary("COPY \(table) (\(Self.columns(full: run.full))) FROM STDIN (FORMAT binary, FREEZE)") {
                        (out: PGCopyBinary) throws(StoreError) in
                        try out.send(encoded: run.bytes)
                        while let next = try chunks.take() {
                            guard next.full == run.full else { first = next; return }
                            try out.send(encoded: next.bytes)
                        }
                    }
                }
            }
        } catch {
            queue.fail(error)
            chunks.fail(error)
            throw error
        }
    }

    private func encode(_ chunk: PinChunk, full: Bool, _ out: PGCopyBinary, _ random: RandomBytes, _ counts: inout PostgresCellCounts,
                      _ postings: SearchPostings) throws(StoreError) {
        let uids = try random.uuids(chunk.rows.count, milliseconds: uidTime, firstID: chunk.firstID)
        var id = chunk.firstID
        try chunk.text.withUnsafeBufferPointer { (buf: UnsafeBufferPointer<UInt8>) throws(StoreError) in
            try batchTime.withUnsafeBufferPointer { (now: UnsafeBufferPointer<UInt8>) throws(StoreError) in
                try uids.withUnsafeBufferPointer { (uids: UnsafeBufferPointer<UInt8>) throws(StoreError) in
                    for (k, row) in chunk.rows.enumerated() {
                        let e = row.ends
                        func span(_ a: Int32, _ b: Int32) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: buf[Int(a)..<Int(b)]) }
                        let cell = PinGrid.fineMorton(latitude: row.latitude, longitude: row.longitude)
                        counts.add(id: id, latitude: row.latitude, longitude: row.longitude, category: span(e.1, e.2), fineMorton: cell)
                        postings.add(id: id, title: span(row.start, e.0), description: span(e.0, e.1), category: span(e.1, e.2),
                                     properties: span(e.3, e.4))
                        let created = e.3 == e.2 ? now : span(e.2, e.3)
                        out.row(full ? 13 : 11)
                        out.text(bytes: span(row.start, e.0))
                        out.text(bytes: span(e.0, e.1))
                        out.text(bytes: span(e.1, e.2))
                        out.float8(row.latitude)
                        out.float8(row.longitude)
                        out.text(bytes: created)
                        if full {
                            out.jsonb(bytes: span(e.3, e.4))
                            out.text(bytes: span(e.3, e.4))
                        }
                        out.int64(id)
                        out.int64(cell)
                        PostGISPoint.write(latitude: row.latitude, longitude: row.longitude, to: out)
                        out.raw(UnsafeBufferPointer(rebasing: uids[(16 * k)..<(16 * k + 16)]))
                        out.int64(CreatedOrder.key(created))
                        try out.endRow()
                        id += 1
                    }
                }
            }
        }
    }
}

/// Random bytes from the kernel (`/dev/urandom`), read a chunk's worth at a time: the pins'
/// `uid`s made here rather than by the server's `gen_random_uuid()` a row.
final class RandomBytes {
    private let fd: Int32

    init() throws(StoreError) {
        fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw StoreError("cannot read /dev/urandom: \(String(cString: strerror(errno)))") }
    }

    deinit { close(fd) }

    /// `n` bytes.
    func bytes(_ n: Int) throws(StoreError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: n)
        var done = 0
        while done < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
            guard got > 0 else { throw StoreError("cannot read /dev/urandom: \(String(cString: strerror(errno)))") }
            done += got
        }
        return bytes
    }

    /// The `uid`s of `n` pins with ids `firstID`, `firstID + 1`, …: version 7 UUIDs (RFC 9562),
    /// 16 bytes each, one after the other. Time-ordered: the load's time in `milliseconds`,
    /// then the pin's id as a 42-bit counter (12 bits of `rand_a`, the first 30 of `rand_b`;
    /// the RFC's method 1), then 32 random bits. A load's uids are unique (its ids are) and
    /// grow with its ids, so the unique index on them is built from nearly sorted rows (random
    /// ones took it 2.4 times as long).
    func uuids(_ n: Int, milliseconds: UInt64, firstID: Int64) throws(StoreError) -> [UInt8] {
        let random = try bytes(4 * n)
        var out = [UInt8](repeating: 0, count: 16 * n)
        out.withUnsafeMutableBufferPointer { u in
            for k in 0..<n {
                let counter = UInt64(bitPattern: firstID + Int64(k)) & (1 << 42 - 1)
                let head = milliseconds << 16 | 0x7000 | counter >> 30       // ts (48), version (4), rand_a (12)
                let tail = 0x8000_0000_0000_0000 | (counter & (1 << 30 - 1)) << 32
                    | UInt64(random[4 * k]) << 24 | UInt64(random[4 * k + 1]) << 16 | UInt64(random[4 * k + 2]) << 8 | UInt64(random[4 * k + 3])
                for b in 0..<8 {
                    u[16 * k + b] = UInt8(truncatingIfNeeded: head >> (56 - 8 * b))
                    u[16 * k + 8 + b] = UInt8(truncatingIfNeeded: tail >> (56 - 8 * b))
                }
            }
        }
        return out
    }
}
