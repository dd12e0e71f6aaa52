import CSQLite
import Foundation
import Glibc
import Support

/// Rebuilds the map's pin cell tree on a side thread while the write
/// connection does other work, for `pinmap import --index`: the tree's sort
/// and encoding (≈ 2.5 s of CPU for 1,000,000 pins) run beside the search
/// index build (≈ 4.5 s, one thread), on the second core.
///
/// The side thread never touches SQLite: the pins the import's transaction
/// holds are visible only to its own connection. So `start` reads every pin
/// into memory (32 bytes a pin: at most `maxPins`, 64 MB), the thread sorts
/// their finest cells (`PinGrid.fineMorton`, 42 bits) packed with the pin's
/// index into one 64-bit key (a sort of 8-byte keys, in place but for the
/// standard library's scratch of half as many), runs the builders
/// (`PinCellForest`) and writes the tiles to an unnamed temporary file
/// (`tmpfile`: gone when closed or when the process ends), then copies them
/// into a second one in key order; `finish` inserts them on the write
/// connection, in key order: appends to `pin_tiles`, no page splits (on a
/// million pins: the insert takes ≈ 0.6 s instead of ≈ 1.1 s). The tiles are the same bytes as the
/// streamed rebuild's (`Store.rebuildPinCells`).
final class PinCellSideBuild: @unchecked Sendable {
    /// Most pins a side build takes (its arrays: 64 MB); above, the streamed
    /// rebuild, whose memory does not grow with the pins, does it.
    static let maxPins = 2_000_000
    /// Bits of a sort key under the finest cell: the pin's index (≤ 4,194,303).
    private static let indexBits: UInt64 = 22

    /// A pin as the build needs it (24 bytes): WGS84 degrees, the id as an
    /// offset from the lowest id, the category scope.
    struct Pin {
        var latitude: Double
        var longitude: Double
        var idOffset: UInt32
        var scope: UInt32
    }

    /// The tiles as written, then (after `sortTiles`) in key order.
    private var file: UnsafeMutablePointer<FILE>
    private var thread: JoinableThread?
    /// Bytes of each stream of tiles (scope and level, `key >> 36`) in the first file: a
    /// stream's tiles come in key order, and the streams hold disjoint key ranges, so the
    /// copy puts each stream after the ones with smaller keys (the thread's, until it ends).
    private var streamBytes: [Int64: Int64] = [:]
    /// The pins in reading order, and their sort keys (finest cell << 22 | index):
    /// filled by `start`, then only the thread's until it ends, which empties them.
    private var pins: [Pin] = []
    private var keys: [UInt64] = []
    private let lock = NSLock()
    private var failure: StoreError?  // guarded by `lock`
    private var cancelled = false  // guarded by `lock`

    private init(file: UnsafeMutablePointer<FILE>) { self.file = file }

    deinit {
        cancel()
        fclose(file)
    }

    /// Reads every pin (category → scope through `scopes`, which creates
    /// missing scopes) and starts the thread.
    /// - Parameter limit: most pins to take (tests lower it).
    /// - Returns: nil when there are more than `limit` pins, their ids span
    ///   more than 2³² or no temporary file can be made.
    /// - Throws: `StoreError` from SQLite.
    static func start(db: Database, scopes: inout PinCellScopes,
                      limit: Int = maxPins) throws(StoreError) -> PinCellSideBuild? {
        let range = try db.prepare("SELECT count(*), coalesce(min(id), 0), coalesce(max(id), 0) FROM pins")
        _ = try range.step()
        let count = Int(range.int(0)), low = range.int(1)
        guard count <= min(limit, maxPins), range.int(2) - low <= Int64(UInt32.max), let file = tmpfile() else { return nil }
        let build = PinCellSideBuild(file: file)
        try build.read(db: db, count: count, lowestID: low, scopes: &scopes)
        build.thread = JoinableThread { build.run(lowestID: low) }
        return build
    }

    private func read(db: Database, count: Int, lowestID: Int64,
                      scopes: inout PinCellScopes) throws(StoreError) {
        pins.reserveCapacity(count)
        keys.reserveCapacity(count)
        let st = try db.prepare("SELECT id, latitude, longitude, category FROM pins")
        var lastCategory = "", lastScope: Int64 = -1
        while try st.step() {
            let category = st.text(3)
            if lastScope < 0 || category != lastCategory {
                lastScope = try scopes.id(for: category)
                lastCategory = category
            }
            let lat = st.double(1), lon = st.double(2)
            let fine = UInt64(PinGrid.fineMorton(latitude: lat, longitude: lon))
            keys.append(fine << PinCellSideBuild.indexBits | UInt64(pins.count))
            pins.append(Pin(latitude: lat, longitude: lon, idOffset: UInt32(st.int(0) - lowestID), scope: UInt32(lastScope)))
        }
    }

    /// The thread: sorts, builds, writes tiles to the file as records of key
    /// (8 bytes), blob length (4 bytes, native order) and blob.
    private func run(lowestID: Int64) {
        defer { pins = []; keys = [] }
        keys.sort()
        let sink = PinCellSink { [file] (key, blob) throws(StoreError) in
            try PinCellSideBuild.write(key: key, blob: blob, to: file)
            self.streamBytes[key >> 36, default: 0] += 12 + Int64(blob.count)
        }
        var forest = PinCellForest()
        do throws(StoreError) {
            let indexMask = UInt64(1) << PinCellSideBuild.indexBits - 1
            for (i, key) in keys.enumerated() {
                if i & 0xFFFF == 0, isCancelled { return }
                let p = pins[Int(key & indexMask)]
                let rep = PinCellRep(id: lowestID + Int64(p.idOffset), latitude: p.latitude, longitude: p.longitude,
                                     scope: Int64(p.scope))
                try forest.push(rep, fine: Int64(key >> PinCellSideBuild.indexBits), sink: sink)
            }
            try forest.finish(sink: sink)
            if fflush(file) != 0 { throw PinCellSideBuild.fileError("write") }
            pins = []
            keys = []
            try sortTiles()
        } catch {
            lock.withLock { failure = error }
        }
    }

    /// Copies the tiles into a new temporary file in key order, which replaces the first:
    /// one sequential read, each stream's records gathered in a 16 KiB buffer and written
    /// at the stream's place (`pwrite`), off the write connection's path.
    private func sortTiles() throws(StoreError) {
        guard let sorted = tmpfile() else { throw PinCellSideBuild.fileError("write") }
        var next: [Int64: Int64] = [:], at: Int64 = 0
        for stream in streamBytes.keys.sorted() { next[stream] = at; at += streamBytes[stream]! }
        var pending: [Int64: [UInt8]] = [:]
        func flush(_ stream: Int64) throws(StoreError) {
            guard let bytes = pending[stream], !bytes.isEmpty, let offset = next[stream] else { return }
            let n = bytes.withUnsafeBytes { pwrite(fileno(sorted), $0.baseAddress, $0.count, off_t(offset)) }
            guard n == bytes.count else { throw PinCellSideBuild.fileError("write") }
            next[stream] = offset + Int64(n)
            pending[stream] = []
        }
        rewind(file)
        do throws(StoreError) {
            var record: [UInt8] = []
            while let key = try PinCellSideBuild.readRecord(from: file, into: &record) {
                pending[key >> 36, default: []].append(contentsOf: record)
                if pending[key >> 36]!.count >= 16_384 { try flush(key >> 36) }
            }
            for stream in pending.keys { try flush(stream) }
        } catch {
            fclose(sorted)
            throw error
        }
        streamBytes = [:]
        fclose(file)
        file = sorted
    }

    /// Reads the next record (header and blob) into `record`; its key, or nil at the end.
    private static func readRecord(from file: UnsafeMutablePointer<FILE>,
                                   into record: inout [UInt8]) throws(StoreError) -> Int64? {
        var key: Int64 = 0, length: UInt32 = 0
        guard withUnsafeMutableBytes(of: &key, { fread($0.baseAddress, 8, 1, file) }) == 1 else {
            if ferror(file) != 0 { throw fileError("read") }
            return nil
        }
        guard withUnsafeMutableBytes(of: &length, { fread($0.baseAddress, 4, 1, file) }) == 1 else { throw fileError("read") }
        record = [UInt8](repeating: 0, count: 12 + Int(length))
        record.withUnsafeMutableBytes { r in
            withUnsafeBytes(of: key) { r.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: 8) }
            withUnsafeBytes(of: length) { (r.baseAddress! + 8).copyMemory(from: $0.baseAddress!, byteCount: 4) }
        }
        guard record.withUnsafeMutableBytes({ fread($0.baseAddress! + 12, 1, Int(length), file) }) == Int(length) else {
            throw fileError("read")
        }
        return key
    }

    /// Appends one tile record: key (8 bytes), blob length (4 bytes, native order), blob.
    private static func write(key: Int64, blob: [UInt8], to file: UnsafeMutablePointer<FILE>) throws(StoreError) {
        var header = (key, UInt32(blob.count))
        let ok = withUnsafeBytes(of: &header.0) { fwrite($0.baseAddress, 8, 1, file) } == 1
            && withUnsafeBytes(of: &header.1) { fwrite($0.baseAddress, 4, 1, file) } == 1
            && blob.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) } == blob.count
        if !ok { throw fileError("write") }
    }

    private var isCancelled: Bool { lock.withLock { cancelled } }

    /// Stops the thread at its next check and waits for it (after `finish`: nothing to do).
    func cancel() {
        lock.withLock { cancelled = true }
        thread?.join()
    }

    /// Waits for the thread, then inserts its tiles into `pin_tiles`.
    /// - Parameter progress: called every 20,000 tiles with the fraction (0…1) of the
    ///   file's bytes inserted.
    /// - Throws: `StoreError` from SQLite, or when the temporary file could
    ///   not be written or read back (disk full); the caller rolls back.
    func finish(db: Database, progress: ((Double) -> Void)? = nil) throws(StoreError) {
        thread?.join()
        if let failure = lock.withLock({ failure }) { throw failure }
        // The file's length (the sorted copy is written with pwrite, which leaves its position at 0).
        fseek(file, 0, SEEK_END)
        let size = Double(max(1, ftell(file)))
        rewind(file)
        let st = try db.prepare("INSERT INTO pin_tiles(key, cells) VALUES(?, ?)")
        var record: [UInt8] = [], tiles = 0
        while let key = try PinCellSideBuild.readRecord(from: file, into: &record) {
            try st.bind([.int(key)])
            try st.bindBlob(Array(record[12...]), at: 2)
            try st.step()
            tiles += 1
            if let progress, tiles % 20_000 == 0 { progress(Double(ftell(file)) / size) }
        }
    }

    private static func fileError(_ verb: String) -> StoreError {
        StoreError("could not \(verb) the map's temporary file (\(String(cString: strerror(errno)))); "
                   + "free some disk space in the temporary folder and import again", code: SQLITE_IOERR)
    }
}
