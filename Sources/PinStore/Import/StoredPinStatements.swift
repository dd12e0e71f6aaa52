import PinModel

/// The SQLite store's `StoredPinLookup` (the duplicate check of an import): every stored
/// pin's fields once, then lookups by id or by all fields, as prepared statements reused
/// for every row.
public final class StoredPinStatements: StoredPinLookup {
    /// The highest pin id before the import (0 for an empty store): this import's pins are above it.
    public let maxID: Int64
    private let store: Store
    private let fetchPin: Statement
    private let probeStore: Statement

    /// - Throws: `StoreError` when the store cannot be read.
    public init(store: Store) throws(StoreError) {
        self.store = store
        maxID = try store.db.scalarInt("SELECT coalesce(max(id), 0) FROM pins")
        fetchPin = try store.db.prepare("SELECT title, description, category, latitude, longitude, created_at, properties FROM pins WHERE id = ?")
        let match = "latitude = ?1 AND longitude = ?2 AND title = ?3 AND description = ?4 AND category = ?5 AND (?6 = '' OR created_at = ?6)"
            + " AND properties = ?7"
        probeStore = try store.db.prepare("SELECT id FROM pins WHERE \(match) ORDER BY id LIMIT 1")
    }

    /// Visits every stored pin by id with its fields (`createdAt` left empty: not read).
    /// - Throws: `StoreError` when the store cannot be read.
    public func forEachPin(_ body: (Int64, StoredPinFields) -> Void) throws(StoreError) {
        let all = try store.db.prepare("SELECT id, title, description, category, latitude, longitude, properties FROM pins ORDER BY id")
        while try all.step() {
            body(all.int(0), StoredPinFields(title: all.text(1), description: all.text(2), category: all.text(3),
                                    latitude: all.double(4), longitude: all.double(5), createdAt: "", properties: all.text(6)))
        }
    }

    /// Pin `id`'s fields, nil when there is none.
    /// - Throws: `StoreError` when the store cannot be read.
    public func fields(id: Int64) throws(StoreError) -> StoredPinFields? {
        try fetchPin.bind([.int(id)])
        defer { fetchPin.reset() }
        guard try fetchPin.step() else { return nil }
        return StoredPinFields(title: fetchPin.text(0), description: fetchPin.text(1), category: fetchPin.text(2),
                      latitude: fetchPin.double(3), longitude: fetchPin.double(4), createdAt: fetchPin.text(5),
                      properties: fetchPin.text(6))
    }

    /// The lowest id of a stored pin with exactly these fields (`createdAt` "" matches any date).
    /// - Throws: `StoreError` when the store cannot be read.
    public func firstPin(matching f: StoredPinFields) throws(StoreError) -> Int64? {
        try probeStore.bind([.double(f.latitude), .double(f.longitude), .text(f.title), .text(f.description),
                             .text(f.category), .text(f.createdAt), .text(f.properties)])
        defer { probeStore.reset() }
        return try probeStore.step() ? probeStore.int(0) : nil
    }
}
