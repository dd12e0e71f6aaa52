import CSQLite
import Foundation
import Glibc

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
/// (`tmpfile`: gone when closed or when the process ends); `finish` inserts
/// them on the write connection. The tiles are the same bytes as the
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

    private let file: UnsafeMutablePointer<FILE>
    private var thread: JoinableThread?
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
            var header = (key, UInt32(blob.count))
            let ok = withUnsafeBytes(of: &header.0) { fwrite($0.baseAddress, 8, 1, file) } == 1
                && withUnsafeBytes(of: &header.1) { fwrite($0.baseAddress, 4, 1, file) } == 1
                && blob.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) } == blob.count
            if !ok { throw PinCellSideBuild.fileError("write") }
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
        } catch {
            lock.withLock { failure = error }
        }
    }

    private var isCancelled: Bool { lock.withLock { cancelled } }

    /// Stops the thread at its next check and waits for it (after `finish`: nothing to do).
    func cancel() {
        lock.withLock { cancelled = true }
        thread?.join()
    }

    /// Waits for the thread, then inserts its tiles into `pin_tiles`.
    /// - Parameter progress: called with the fraction of tiles inserted.
    /// - Throws: `StoreError` from SQLite, or when the temporary file could
    ///   not be written or read back (disk full); the caller rolls back.
    func finish(db: Database, progress: ((Double) -> Void)? = nil) throws(StoreError) {
        thread?.join()
        if let failure = lock.withLock({ failure }) { throw failure }
        let size = Double(max(1, ftell(file)))
        rewind(file)
        let st = try db.prepare("INSERT INTO pin_tiles(key, cells) VALUES(?, ?)")
        var key: Int64 = 0, length: UInt32 = 0, blob: [UInt8] = [], tiles = 0
        while withUnsafeMutableBytes(of: &key, { fread($0.baseAddress, 8, 1, file) }) == 1 {
            guard withUnsafeMutableBytes(of: &length, { fread($0.baseAddress, 4, 1, file) }) == 1 else {
                throw PinCellSideBuild.fileError("read")
            }
            blob = [UInt8](repeating: 0, count: Int(length))
            guard blob.withUnsafeMutableBytes({ fread($0.baseAddress, 1, $0.count, file) }) == Int(length) else {
                throw PinCellSideBuild.fileError("read")
            }
            try st.bind([.int(key)])
            try st.bindBlob(blob, at: 2)
            try st.step()
            tiles += 1
            if let progress, tiles % 20_000 == 0 { progress(Double(ftell(file)) / size) }
        }
        if ferror(file) != 0 { throw PinCellSideBuild.fileError("read") }
    }

    private static func fileError(_ verb: String) -> StoreError {
        StoreError("could not \(verb) the map's temporary file (\(String(cString: strerror(errno)))); "
                   + "free some disk space in the temporary folder and import again", code: SQLITE_IOERR)
    }
}
