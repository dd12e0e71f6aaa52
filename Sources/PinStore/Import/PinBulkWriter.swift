import CSQLite
import PinModel

/// Writes pins for a bulk import up to 256 rows per INSERT statement. Per
/// row, SQLite's statement overhead (reset, step, the program's prologue)
/// costs about as much as storing the row: in C, 1,000,000 single-row inserts
/// took 2.3–3.2 s, 16-row inserts 1.4–2.2 s and 64-row inserts 1.1–1.4 s; a
/// million-row import took 4.9–5.1 s with 16 rows, 4.6–4.8 s with 64 and
/// 4.3–4.9 s with 256. The texts of a group are in one buffer (an import
/// fills it on its reading thread: `EncodedPinRow`) and bound without copies.
///
/// A group the store refuses (a CHECK constraint) is rolled back by SQLite as
/// a whole and retried row by row, so only the refused rows fail.
///
/// The table's CHECK constraints cost SQLite about 0.6 s of CPU a million rows
/// (`trim` copies each name; `json_valid` parses `{}`), as much as a third of the
/// writing thread. A group whose rows all certainly pass them (`passesStoreChecks`:
/// the same rules on the bytes to bind, properties exactly `{}`) runs with
/// `PRAGMA ignore_check_constraints` on; from the first group that does not, this
/// writer leaves every check to SQLite, as before. `finish()` switches the pragma off.
public final class PinBulkWriter: PinBulkSink {
    /// One pin to write; `createdAt` "" means the time of the import, `properties` a JSON
    /// object's text ("" or `{}` when none).
    public struct Row: Sendable {
        public var title: String, description: String, category: String, createdAt: String
        public var latitude: Double, longitude: Double
        public var properties: String

        public init(title: String, description: String, category: String, createdAt: String,
                    latitude: Double, longitude: Double, properties: String = "{}") {
            self.title = title; self.description = description; self.category = category
            self.createdAt = createdAt; self.latitude = latitude; self.longitude = longitude
            self.properties = properties
        }
    }

    /// Rows per statement (a power of two; 2,560 parameters, far below SQLite's 32,766).
    public static let groupSize = 256
    public var groupSize: Int { Self.groupSize }

    private let store: Store
    private let batchID: Int64?
    private let now: [UInt8]
    private var statements: [Int: Statement] = [:]
    private let single: PinInserter
    private let idFloor: PinIDFloor
    private var text: [UInt8] = []
    private var encoded: [EncodedPinRow] = []
    /// Whether this connection runs without CHECK constraints now (`PRAGMA ignore_check_constraints`).
    private var checksIgnored = false
    /// Set by the first group with a row not certain to pass: SQLite checks every row from then on.
    private var storeChecksOnly = false

    /// - Parameter batchID: the import batch every row belongs to.
    /// - Throws: `StoreError` when the statements do not compile (schema mismatch).
    public init(store: Store, batchID: Int64?) throws(StoreError) {
        self.store = store
        self.batchID = batchID
        // The batch's own time, so a pin without a date gets the time its (empty) `updated_at`
        // reads as: the batch's `imported_at`.
        var batchTime: String?
        if let batchID {
            let st = try store.db.prepare("SELECT imported_at FROM import_batches WHERE id = ?")
            try st.bind([.int(batchID)])
            if try st.step() { batchTime = st.text(0) }
        }
        now = Array((batchTime ?? store.clock.timestamp()).utf8)
        single = try PinInserter(store: store)
        idFloor = try PinIDFloor(store: store)
    }

    deinit { finish() }

    /// Gives the table's CHECK constraints back to the connection (when this writer left
    /// them to its own test). Call when the rows are written; harmless twice.
    public func finish() {
        guard checksIgnored else { return }
        checksIgnored = false
        try? store.db.execute("PRAGMA ignore_check_constraints = OFF")
    }

    /// Whether `row` (texts in `text`) certainly passes the CHECK constraints of `pins`
    /// (Migrations.swift): `length(trim(title)) > 0`, so a name whose first byte but
    /// spaces is not NUL (`trim` removes only spaces, `length` stops at a NUL); latitude
    /// −90…90 and longitude −180…180 (NaN fails); properties exactly `{}` (other JSON
    /// is left to SQLite's `json_valid`).
    static func passesStoreChecks(_ row: EncodedPinRow, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard LatLonBox.world.contains(latitude: row.latitude, longitude: row.longitude) else { return false }
        let e = row.ends
        let props = Int(e.3)
        guard e.4 - e.3 == 2, text[props] == UInt8(ascii: "{"), text[props + 1] == UInt8(ascii: "}") else { return false }
        var i = Int(row.start)
        while i < Int(e.0), text[i] == 0x20 { i += 1 }
        return i < Int(e.0) && text[i] != 0
    }

    /// Switches SQLite's CHECK constraints off for a group whose rows all pass them here,
    /// and on for good at the first group that does not (one switch recompiles the statements).
    private func chooseChecks(_ group: ArraySlice<EncodedPinRow>, _ text: [UInt8]) throws(StoreError) {
        if !storeChecksOnly {
            let certain = text.withUnsafeBufferPointer { buf in group.allSatisfy { Self.passesStoreChecks($0, buf) } }
            if !certain { storeChecksOnly = true }
        }
        let ignore = !storeChecksOnly
        guard ignore != checksIgnored else { return }
        try store.db.execute("PRAGMA ignore_check_constraints = \(ignore ? "ON" : "OFF")")
        checksIgnored = ignore
    }

    /// Writes `rows` in order.
    /// - Returns: for each row, its new id, or the error for a row the store refused.
    /// - Throws: `StoreError` for any failure but a constraint on single rows (I/O, a full disk).
    public func write(_ rows: [Row]) throws(StoreError) -> [Result<Int64, StoreError>] {
        text.removeAll(keepingCapacity: true)
        encoded.removeAll(keepingCapacity: true)
        for r in rows {
            encoded.append(EncodedPinRow.append(title: r.title, description: r.description, category: r.category, createdAt: r.createdAt,
                                       properties: r.properties, latitude: r.latitude, longitude: r.longitude, to: &text))
        }
        return try write(encoded, text: text)
    }

    /// Writes `rows`, whose texts are in `text`, in order.
    /// - Returns: for each row, its new id, or the error for a row the store refused.
    /// - Throws: `StoreError` for any failure but a constraint on single rows (I/O, a full disk).
    public func write(_ rows: [EncodedPinRow], text: [UInt8]) throws(StoreError) -> [Result<Int64, StoreError>] {
        var out: [Result<Int64, StoreError>] = []
        out.reserveCapacity(rows.count)
        var start = 0
        while start < rows.count {
            // Whole groups, then powers of two: at most 9 statement sizes are ever prepared.
            var n = Self.groupSize
            while n > rows.count - start { n /= 2 }
            let end = start + n
            do {
                let last = try writeGroup(rows[start..<end], text: text)
                for k in 0..<(end - start) { out.append(.success(last - Int64(end - start - 1 - k))) }
            } catch where error.code & 0xFF == SQLITE_CONSTRAINT {
                storeChecksOnly = true  // the single rows are checked by SQLite
                finish()
                for row in rows[start..<end] { out.append(try writeAlone(row, text: text)) }
            }
            start = end
        }
        return out
    }

    /// One multi-row INSERT; returns the id of its last row (the rows get consecutive ids:
    /// each new rowid is the largest plus one, the first one above the deleted pins' ids,
    /// `PinIDFloor`; the other rows' ids stay NULL).
    private func writeGroup(_ group: ArraySlice<EncodedPinRow>, text: [UInt8]) throws(StoreError) -> Int64 {
        try chooseChecks(group, text)
        let st = try statement(rows: group.count)
        st.reset()
        let firstID = try idFloor.nextID()
        let result: Result<Void, StoreError> = text.withUnsafeBufferPointer { buf in
            now.withUnsafeBufferPointer { nowBytes in
                var p: Int32 = 1
                func span(_ from: Int32, _ to: Int32) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(rebasing: buf[Int(from)..<Int(to)])
                }
                for row in group {
                    let e = row.ends
                    st.bindStatic(span(row.start, e.0), at: p)
                    st.bindStatic(span(e.0, e.1), at: p + 1)
                    st.bindStatic(span(e.1, e.2), at: p + 2)
                    st.bindStatic(e.3 == e.2 ? nowBytes : span(e.2, e.3), at: p + 5)
                    st.bindStatic(span(e.3, e.4), at: p + 8)
                    st.bindDouble(row.latitude, at: p + 3)
                    st.bindDouble(row.longitude, at: p + 4)
                    // A batch's pins leave `updated_at` empty: it reads as the batch's time
                    // (`pinColumns`), 20 bytes a pin not stored (a smaller store).
                    st.bindStatic(batchID == nil ? nowBytes : UnsafeBufferPointer(start: nil, count: 0), at: p + 6)
                    if let batchID { st.bindInt(batchID, at: p + 7) } else { st.bindNull(at: p + 7) }
                    p += 10
                }
                if let firstID { st.bindInt(firstID, at: 10) }
                do throws(StoreError) { try st.step() } catch { return .failure(error) }
                return .success(())
            }
        }
        st.reset()
        sqlite3_clear_bindings(st.stmt)  // no pointers into `text` are left behind
        try result.get()
        return store.db.lastInsertRowID
    }

    private func writeAlone(_ row: EncodedPinRow, text: [UInt8]) throws(StoreError) -> Result<Int64, StoreError> {
        func string(_ from: Int32, _ to: Int32) -> String { String(decoding: text[Int(from)..<Int(to)], as: UTF8.self) }
        let e = row.ends
        do {
            return .success(try single.insert(title: string(row.start, e.0), description: string(e.0, e.1),
                                               category: string(e.1, e.2), latitude: row.latitude, longitude: row.longitude,
                                               createdAt: string(e.2, e.3), batchID: batchID, properties: string(e.3, e.4)))
        } catch where error.code & 0xFF == SQLITE_CONSTRAINT {
            return .failure(error)
        }
    }

    private func statement(rows: Int) throws(StoreError) -> Statement {
        if let st = statements[rows] { return st }
        let values = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
        let st = try store.db.prepare("""
            INSERT INTO pins(title, description, category, latitude, longitude, created_at, updated_at, batch_id, properties, id)
            VALUES \(values)
            """)
        statements[rows] = st
        return st
    }
}
