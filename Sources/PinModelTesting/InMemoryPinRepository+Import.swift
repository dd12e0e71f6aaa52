import PinModel

/// The in-memory repository as an import's target (`PinImportStore`): the importer writes
/// into it as into the SQLite store, without SQLite. One import is all or nothing: a
/// failure, or nothing imported, puts the pins back as they were.
extension InMemoryPinRepository: PinImportStore {
    public var path: String { location }

    public func storedPinLookup() throws(StoreError) -> any StoredPinLookup {
        InMemoryStoredPins(self)
    }

    public func importBatch(file: String, report: ImportReport, expectedRows: Int, deferring: Bool, deferringAll: Bool,
                            indexProgress: ((IndexingProgress) -> Void)?,
                            write: (any PinBulkSink) throws -> ImportReport, beforeCommit: () throws -> Void) throws -> Int64? {
        let before = (rows, batchOf, lastPinID)
        let batchID = (batchOf.values.max() ?? 0) + 1
        do {
            let final = try write(InMemoryBulkSink(self, batchID: batchID))
            guard final.imported > 0 else {
                (rows, batchOf, lastPinID) = before
                return nil
            }
            try beforeCommit()
            return batchID
        } catch {
            (rows, batchOf, lastPinID) = before
            throw error
        }
    }
}

/// Writes a group of encoded pins one `insert` at a time (the repository's rules refuse a row).
private final class InMemoryBulkSink: PinBulkSink {
    let repository: InMemoryPinRepository
    let batchID: Int64
    var groupSize: Int { 64 }

    init(_ repository: InMemoryPinRepository, batchID: Int64) { self.repository = repository; self.batchID = batchID }

    func write(_ rows: [EncodedPinRow], text: [UInt8]) throws(StoreError) -> [Result<Int64, StoreError>] {
        rows.map { row in
            func string(_ from: Int32, _ to: Int32) -> String { String(decoding: text[Int(from)..<Int(to)], as: UTF8.self) }
            let e = row.ends
            let pin = NewPin(title: string(row.start, e.0), description: string(e.0, e.1), category: string(e.1, e.2),
                             latitude: row.latitude, longitude: row.longitude, createdAt: string(e.2, e.3),
                             properties: string(e.3, e.4))
            do throws(StoreError) { return .success(try repository.insert(pin, batchID: batchID)) } catch { return .failure(error) }
        }
    }
}

/// The stored pins as the duplicate check reads them: the repository as it is now (the
/// pins this import wrote included, as the SQLite store's statements read them).
private final class InMemoryStoredPins: StoredPinLookup {
    let repository: InMemoryPinRepository
    let maxID: Int64

    init(_ repository: InMemoryPinRepository) {
        self.repository = repository
        maxID = repository.lastPinID
    }

    private var pins: [Int64: Pin] { repository.rows }

    func forEachPin(_ body: (Int64, StoredPinFields) -> Void) throws(StoreError) {
        for id in pins.keys.sorted() {
            repository.pinsReadWhole += 1
            var f = fields(pins[id]!)
            f.createdAt = ""
            body(id, f)
        }
    }

    func fields(id: Int64) throws(StoreError) -> StoredPinFields? { pins[id].map(fields) }

    var probeShare: Double { repository.probeShare }

    func firstPin(matching f: StoredPinFields) throws(StoreError) -> Int64? {
        pins.keys.sorted().first { id in
            let p = fields(pins[id]!)
            return p.latitude == f.latitude && p.longitude == f.longitude && p.title == f.title && p.description == f.description
                && p.category == f.category && (f.createdAt.isEmpty || p.createdAt == f.createdAt) && p.properties == f.properties
        }
    }

    private func fields(_ p: Pin) -> StoredPinFields {
        StoredPinFields(title: p.title, description: p.description, category: p.category, latitude: p.latitude,
                        longitude: p.longitude, createdAt: p.createdAt, properties: p.properties)
    }
}
