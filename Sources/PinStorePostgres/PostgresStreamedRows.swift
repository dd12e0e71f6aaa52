import Foundation
import Glibc
import PinModel
import PinStore

/// A loader of a streamed import: takes chunks of pins from the queue and `COPY`s them in
/// binary form into the load's side table on its own connection, each pin with what the
/// server would otherwise compute for it (id, cell, geometry, `uid`), counts the map's cells
/// of the pins it sent, and builds their search lists (`SearchPostings`, a segment of this
/// loader's own), written after its pins.
struct PostgresStreamedRows: Sendable {
    /// The side table's columns as each row sends them.
    static let columns = """
        title, description, category, latitude, longitude, created_at, updated_at, properties, properties_text,
        batch_id, version, id, cell, geom, uid
        """

    let table: String
    let batchID: Int64
    /// The time of the batch: a pin's `updated_at`, and its `created_at` when the file gave none.
    let batchTime: [UInt8]

    /// What a loader sent: the map cells of its pins, and their search lists, to write once
    /// the pins are in (`write`).
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

    /// Sends chunks until the queue is closed and empty. A failure here stops the queue too
    /// (the producer and the other loaders stop at their next step).
    func run(_ queue: PGChunkQueue<PinChunk>, on db: PGConnection) throws(StoreError) -> Sent {
        var sent = Sent(table: table)
        do throws(StoreError) {
            try db.copyBinary("COPY \(table) (\(Self.columns)) FROM STDIN (FORMAT binary)") { (out: PGCopyBinary) throws(StoreError) in
                let random = try RandomBytes()
                while let chunk = try queue.pop() {
                    // Made at the first chunk: its ids are this loader's lowest (each loader
                    // takes the queue's chunks in order, so its ids only grow).
                    if sent.postings == nil { sent.postings = SearchPostings(base: chunk.firstID) }
                    try send(chunk, out, random, &sent.counts, sent.postings!)
                }
            }
        } catch {
            queue.fail(error)
            throw error
        }
        return sent
    }

    private func send(_ chunk: PinChunk, _ out: PGCopyBinary, _ random: RandomBytes, _ counts: inout PostgresCellCounts,
                      _ postings: SearchPostings) throws(StoreError) {
        let uids = try random.uuids(chunk.rows.count)
        var id = chunk.firstID
        try chunk.text.withUnsafeBufferPointer { (buf: UnsafeBufferPointer<UInt8>) throws(StoreError) in
            try batchTime.withUnsafeBufferPointer { (now: UnsafeBufferPointer<UInt8>) throws(StoreError) in
                for (k, row) in chunk.rows.enumerated() {
                    let e = row.ends
                    func span(_ a: Int32, _ b: Int32) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: buf[Int(a)..<Int(b)]) }
                    func string(_ a: Int32, _ b: Int32) -> String { String(decoding: span(a, b), as: UTF8.self) }
                    let cell = PinGrid.fineMorton(latitude: row.latitude, longitude: row.longitude)
                    let category = string(e.1, e.2)
                    counts.add(id: id, latitude: row.latitude, longitude: row.longitude, category: category, fineMorton: cell)
                    postings.add(id: id, title: string(row.start, e.0), description: string(e.0, e.1), category: category,
                                 properties: string(e.3, e.4))
                    out.row(15)
                    out.text(bytes: span(row.start, e.0))
                    out.text(bytes: span(e.0, e.1))
                    out.text(bytes: span(e.1, e.2))
                    out.float8(row.latitude)
                    out.float8(row.longitude)
                    out.text(bytes: e.3 == e.2 ? now : span(e.2, e.3))
                    out.text(bytes: now)
                    out.jsonb(bytes: span(e.3, e.4))
                    out.text(bytes: span(e.3, e.4))
                    out.int64(batchID)
                    out.int64(1)
                    out.int64(id)
                    out.int64(cell)
                    out.raw(PostGISPoint.ewkb(latitude: row.latitude, longitude: row.longitude))
                    out.raw(uids[(16 * k)..<(16 * k + 16)])
                    try out.endRow()
                    id += 1
                }
            }
        }
    }
}

/// Random bytes from the kernel (`/dev/urandom`), read a chunk's worth at a time: the pins'
/// `uid`s (version 4 UUIDs) made here rather than by the server's `gen_random_uuid()` a row.
final class RandomBytes {
    private let fd: Int32

    init() throws(StoreError) {
        fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw StoreError("cannot read /dev/urandom: \(String(cString: strerror(errno)))") }
    }

    deinit { close(fd) }

    /// `n` random version 4 UUIDs, 16 bytes each, one after the other.
    func uuids(_ n: Int) throws(StoreError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 16 * n)
        var done = 0
        while done < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
            guard got > 0 else { throw StoreError("cannot read /dev/urandom: \(String(cString: strerror(errno)))") }
            done += got
        }
        for k in 0..<n {
            bytes[16 * k + 6] = bytes[16 * k + 6] & 0x0F | 0x40
            bytes[16 * k + 8] = bytes[16 * k + 8] & 0x3F | 0x80
        }
        return bytes
    }
}
