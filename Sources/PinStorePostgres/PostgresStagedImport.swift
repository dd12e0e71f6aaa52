import PinModel
import PinStore

/// The target of a staged import into a PostgreSQL store (any import but a streamed one: a
/// store with pins, a role that does not own the tables, a small file, a dry run): the
/// importer writes into a throwaway SQLite copy (`staging`, empty), which the server then
/// receives (`PostgresStore.receive`), while the server's pins are what the rows are checked
/// against and the server's `textRule` decides which text is kept. So a row that repeats a
/// pin of the server is reported with its line (`line 3 duplicates pin 1 in the store`), as
/// a file store reports it, and a row holding text the server cannot keep is rejected with
/// its line and field, before anything reaches the server.
///
/// Ids: the staging copy numbers its pins from 1; the importer sees them above the server's
/// highest id (`offset`), so the server's pins and this import's share one range, as in a
/// file store.
public final class PostgresStagedImport: PinImportStore {
    let staging: Store
    /// The server's store; nil when its database has no Pinmap store yet (no pins to repeat).
    let server: PostgresStore?
    private let rule: StoredTextRule
    private var serverPins: PostgresPinLookup?

    /// - Parameters: `staging`, an empty SQLite store; `server`, nil while its database has
    ///   no schema; `textRule`, the server's.
    public init(staging: Store, server: PostgresStore?, textRule: StoredTextRule) {
        self.staging = staging
        self.server = server
        rule = textRule
    }

    public var path: String { staging.path }
    public var textRule: StoredTextRule { rule }
    public func indexBacklog() throws(StoreError) -> IndexBacklog { try staging.indexBacklog() }

    public func count() throws(StoreError) -> Int {
        try staging.count() + (server.map { s throws(StoreError) in try s.count() } ?? 0)
    }

    public func storedPinLookup() throws(StoreError) -> any StoredPinLookup {
        let pins = try server.map { s throws(StoreError) in try PostgresPinLookup(store: s) }
        serverPins = pins
        return StagedPinLookup(server: pins, staging: try staging.storedPinLookup())
    }

    public func importBatch(file: String, report: ImportReport, expectedRows: Int, deferring: Bool, deferringAll: Bool,
                            indexProgress: ((IndexingProgress) -> Void)?,
                            write: (any PinBulkSink) throws -> ImportReport, beforeCommit: () throws -> Void) throws -> Int64? {
        try staging.importBatch(file: file, report: report, expectedRows: expectedRows, deferring: deferring,
                                deferringAll: deferringAll, indexProgress: indexProgress,
                                write: { sink in try write(OffsetSink(sink, import: self)) }, beforeCommit: beforeCommit)
    }

    /// What the staging copy's ids are offset by: the server's highest id, read with its pins
    /// (`storedPinLookup`, before the first pin is written).
    fileprivate var offset: Int64 { serverPins?.maxID ?? 0 }
}

/// The staging copy's sink, its pins' ids given above the server's (`PostgresStagedImport`).
private final class OffsetSink: PinBulkSink {
    let sink: any PinBulkSink
    unowned let target: PostgresStagedImport
    init(_ sink: any PinBulkSink, import target: PostgresStagedImport) { self.sink = sink; self.target = target }
    var groupSize: Int { sink.groupSize }
    func write(_ rows: [EncodedPinRow], text: [UInt8]) throws(StoreError) -> [Result<Int64, StoreError>] {
        let offset = target.offset
        return try sink.write(rows, text: text).map { $0.map { $0 + offset } }
    }
}

/// The server's pins, then this import's above them (`PostgresStagedImport`).
private final class StagedPinLookup: StoredPinLookup {
    let server: PostgresPinLookup?
    let staging: any StoredPinLookup
    init(server: PostgresPinLookup?, staging: any StoredPinLookup) { self.server = server; self.staging = staging }

    var maxID: Int64 { server?.maxID ?? 0 }
    func forEachPin(_ body: (Int64, StoredPinFields) -> Void) throws(StoreError) { try server?.forEachPin(body) }
    func fields(id: Int64) throws(StoreError) -> StoredPinFields? {
        id > maxID ? try staging.fields(id: id - maxID) : try server?.fields(id: id)
    }
    func firstPin(matching f: StoredPinFields) throws(StoreError) -> Int64? { try server?.firstPin(matching: f) }
    var probeShare: Double { server?.probeShare ?? 0 }
}

/// The duplicate check's reads of a PostgreSQL store's pins: every pin once through a
/// cursor, then pins by id, read a block of ids at a time (a file that repeats the store
/// asks for its pins in id order: one round trip a block, not one a row).
final class PostgresPinLookup: StoredPinLookup {
    let maxID: Int64
    private let store: PostgresStore
    /// Blocks of `blockSize` ids read, by block number (`nil`: no pin with that id), the
    /// oldest dropped past `blocksKept`.
    private var blocks: [Int64: [StoredPinFields?]] = [:]
    private var blockOrder: [Int64] = []
    private static let blockSize: Int64 = 512, blocksKept = 64
    private static let columns = "title, description, category, latitude, longitude, created_at, coalesce(properties_text, properties::text)"

    init(store: PostgresStore) throws(StoreError) {
        self.store = store
        maxID = try store.db.execute("SELECT coalesce(max(id), 0) FROM pins").int(0, 0)
    }

    private static func fields(_ r: PGResult, _ i: Int, from c: Int) -> StoredPinFields {
        StoredPinFields(title: r.text(i, c), description: r.text(i, c + 1), category: r.text(i, c + 2),
                        latitude: r.double(i, c + 3), longitude: r.double(i, c + 4), createdAt: r.text(i, c + 5),
                        properties: r.text(i, c + 6))
    }

    func forEachPin(_ body: (Int64, StoredPinFields) -> Void) throws(StoreError) {
        do {
            try store.reading { () throws -> Void in
                let cursor = try PGCursor("SELECT id, \(Self.columns) FROM pins ORDER BY id", on: store.db)
                while let r = try cursor.nextRows() {
                    for i in 0..<r.rows {
                        var f = Self.fields(r, i, from: 1)
                        f.createdAt = ""
                        body(r.int(i, 0), f)
                    }
                }
            }
        } catch let e as StoreError { throw e } catch { throw StoreError("\(error)") }
    }

    func fields(id: Int64) throws(StoreError) -> StoredPinFields? {
        let block = id / Self.blockSize
        if let pins = blocks[block] { return pins[Int(id % Self.blockSize)] }
        let first = block * Self.blockSize
        let r = try store.db.execute("SELECT id, \(Self.columns) FROM pins WHERE id >= $1 AND id < $2",
                                     ["\(first)", "\(first + Self.blockSize)"])
        var pins = [StoredPinFields?](repeating: nil, count: Int(Self.blockSize))
        for i in 0..<r.rows { pins[Int(r.int(i, 0) - first)] = Self.fields(r, i, from: 1) }
        blocks[block] = pins
        blockOrder.append(block)
        if blockOrder.count > Self.blocksKept { blocks[blockOrder.removeFirst()] = nil }
        return pins[Int(id % Self.blockSize)]
    }

    /// A probe is one walk of the pins' GiST index and a round trip (about 0.2 ms on a local
    /// socket); reading every pin costs about 2 µs a pin (at a million pins, a 3-row file
    /// waited 2 s or more for the whole table): probing wins below one row per 100 pins.
    var probeShare: Double { 0.01 }

    /// The pin is found through the GiST index on `geom` (its point's box), then compared on
    /// every field.
    func firstPin(matching f: StoredPinFields) throws(StoreError) -> Int64? {
        try store.db.execute("""
            SELECT id FROM pins WHERE geom && ST_SetSRID(ST_MakePoint($2::float8, $1::float8), 4326)
              AND latitude = $1::float8 AND longitude = $2::float8 AND title = $3 AND description = $4
              AND category = $5 AND ($6 = '' OR created_at = $6) AND coalesce(properties_text, properties::text) = $7
            ORDER BY id LIMIT 1
            """, ["\(f.latitude)", "\(f.longitude)", f.title, f.description, f.category, f.createdAt, f.properties]).optionalInt(0, 0)
    }
}
