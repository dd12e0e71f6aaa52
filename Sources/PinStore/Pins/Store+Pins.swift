import Foundation

/// Column list shared by every pin query, in `Pin` field order, selecting from `pins`
/// unaliased. A pin a bulk import wrote and nobody edited since has an empty `updated_at`
/// (`PinBulkWriter`): its update time is its import batch's `imported_at`, read from there
/// instead of stored in every row (20 bytes a pin: 20 MB of a million-pin store).
let pinColumns = """
    id, title, description, category, latitude, longitude, created_at, \
    CASE updated_at WHEN '' THEN coalesce((SELECT imported_at FROM import_batches \
    WHERE import_batches.id = pins.batch_id), '') ELSE updated_at END, properties, version
    """

extension Statement {
    /// Reads a `Pin` from a row selected with `pinColumns`, starting at column 0.
    func pin() -> Pin {
        Pin(id: int(0), title: text(1), description: text(2), category: text(3),
            latitude: double(4), longitude: double(5), createdAt: text(6), updatedAt: text(7),
            properties: text(8), version: int(9))
    }
}

extension Store {
    /// Inserts one pin and returns its id.
    /// - Throws: `StoreError` when a constraint fails (blank title, latitude
    ///   outside −90…90 or longitude outside −180…180 degrees).
    @discardableResult
    public func insert(_ pin: NewPin, batchID: Int64? = nil) throws(StoreError) -> Int64 {
        let inserter = try PinInserter(store: self)
        return try inserter.insert(pin, batchID: batchID)
    }

    /// The pin with `id`, or nil.
    public func pin(id: Int64) throws(StoreError) -> Pin? {
        let st = try db.prepare("SELECT \(pinColumns) FROM pins WHERE id = ?")
        try st.bind([.int(id)])
        return try st.step() ? st.pin() : nil
    }

    /// Number of pins in the store.
    public func count() throws(StoreError) -> Int { Int(try db.scalarInt("SELECT count(*) FROM pins")) }

    /// Pins ordered newest first (by `created_at`, then id), at most `limit`.
    public func pins(limit: Int = -1, offset: Int = 0) throws(StoreError) -> [Pin] {
        let st = try db.prepare("SELECT \(pinColumns) FROM pins ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?")
        try st.bind([.int(Int64(limit)), .int(Int64(offset))])
        var out: [Pin] = []
        while try st.step() { out.append(st.pin()) }
        return out
    }

    /// Deletes the pin with `id` (at `ifVersion`, when given: else refused with
    /// `StoreError.changedElsewhere`); returns whether it existed.
    @discardableResult
    public func delete(id: Int64, ifVersion: Int64?) throws(StoreError) -> Bool {
        guard ifVersion == nil else { return try deleteForUndo(id: id, ifVersion: ifVersion) != nil }
        return try deletePin(id: id)
    }

    /// Deletes the pin with `id`; returns whether it existed.
    func deletePin(id: Int64) throws(StoreError) -> Bool {
        let st = try db.prepare("DELETE FROM pins WHERE id = ?")
        try st.bind([.int(id)])
        try st.step()
        return db.changes > 0
    }

    /// Distinct non-empty categories with their pin counts, by name.
    public func categories() throws(StoreError) -> [(name: String, count: Int)] {
        let st = try db.prepare("SELECT category, count(*) FROM pins WHERE category <> '' GROUP BY category ORDER BY category")
        var out: [(String, Int)] = []
        while try st.step() { out.append((st.text(0), Int(st.int(1)))) }
        return out
    }

    /// A value from the settings table (UI state that persists across runs).
    public func setting(_ key: String) throws(StoreError) -> String? {
        let st = try db.prepare("SELECT value FROM settings WHERE key = ?")
        try st.bind([.text(key)])
        return try st.step() ? st.text(0) : nil
    }

    /// Stores a setting, replacing any earlier value.
    public func setSetting(_ key: String, _ value: String) throws(StoreError) {
        let st = try db.prepare("INSERT INTO settings(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
        try st.bind([.text(key), .text(value)])
        try st.step()
    }
}

/// Inserts pins one at a time through one prepared statement: every insert
/// of the UI and the CLI; imports write through `PinBulkWriter`, which falls
/// back to it for rows the store refuses.
public final class PinInserter {
    private let st: Statement
    private let store: Store
    private let idFloor: PinIDFloor
    /// The insert time (ISO 8601, UTC) as UTF-8, bound without a copy.
    private let now: [UInt8]
    private var boundBatch: Int64?? = .none

    /// - Throws: `StoreError` if the statement does not compile (schema mismatch).
    public init(store: Store) throws(StoreError) {
        self.store = store
        now = Array(store.clock.timestamp().utf8)
        idFloor = try PinIDFloor(store: store)
        st = try store.db.prepare("""
            INSERT INTO pins(title, description, category, latitude, longitude, created_at, updated_at, batch_id, properties, id)
            VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
    }

    /// Inserts `pin` and returns its id. - Throws: `StoreError` on a constraint.
    @discardableResult
    public func insert(_ pin: NewPin, batchID: Int64?) throws(StoreError) -> Int64 {
        try insert(title: pin.title, description: pin.description, category: pin.category,
                   latitude: pin.latitude, longitude: pin.longitude, createdAt: pin.createdAt ?? "", batchID: batchID,
                   properties: pin.properties)
    }

    /// Inserts one pin from its fields (`createdAt` "" means now; `properties` a JSON object's
    /// text, "" meaning `{}`) and returns
    /// its id: the bulk import's hot path. Texts are bound without copies
    /// (SQLITE_STATIC, valid until the step returns), the insert time and
    /// batch once per inserter (bindings outlive `sqlite3_reset`).
    /// - Throws: `StoreError` on a constraint or an I/O failure.
    @discardableResult
    public func insert(title: String, description: String, category: String, latitude: Double, longitude: Double,
                       createdAt: String, batchID: Int64?, properties: String = "{}") throws(StoreError) -> Int64 {
        st.reset()
        if boundBatch != .some(batchID) {
            try st.bind(batchID.map { .int($0) } ?? .null, at: 8)
            boundBatch = .some(batchID)
        }
        try st.bind(.double(latitude), at: 4)
        try st.bind(.double(longitude), at: 5)
        try st.bind(.text(properties.isEmpty ? "{}" : properties), at: 9)
        // NULL lets SQLite choose, unless that would give a deleted pin's id again.
        try st.bind(try idFloor.nextID().map { .int($0) } ?? .null, at: 10)
        var (t, d, c, a) = (title, description, category, createdAt)
        var id: Int64 = 0
        let result: Result<Void, StoreError> = now.withUnsafeBufferPointer { nowBytes in
            t.withUTF8 { t in d.withUTF8 { d in c.withUTF8 { c in a.withUTF8 { a in
                st.bindStatic(t, at: 1)
                st.bindStatic(d, at: 2)
                st.bindStatic(c, at: 3)
                st.bindStatic(a.isEmpty ? nowBytes : a, at: 6)
                st.bindStatic(nowBytes, at: 7)
                do throws(StoreError) { try st.step() } catch { return .failure(error) }
                id = store.db.lastInsertRowID
                return .success(())
            } } } }
        }
        // Let go of the pointers into these strings before they go away
        // (binding needs a reset statement).
        st.reset()
        try st.bind(.null, at: 1)
        try st.bind(.null, at: 2)
        try st.bind(.null, at: 3)
        try st.bind(.null, at: 6)
        try result.get()
        return id
    }
}
