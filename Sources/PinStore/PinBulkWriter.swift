import CSQLite

/// Writes pins for a bulk import up to 256 rows per INSERT statement. Per
/// row, SQLite's statement overhead (reset, step, the program's prologue)
/// costs about as much as storing the row: in C, 1,000,000 single-row inserts
/// took 2.3–3.2 s, 16-row inserts 1.4–2.2 s and 64-row inserts 1.1–1.4 s; a
/// million-row import took 4.9–5.1 s with 16 rows, 4.6–4.8 s with 64 and
/// 4.3–4.9 s with 256. The texts of a group are copied into one buffer and
/// bound without further copies.
///
/// A group the store refuses (a CHECK constraint) is rolled back by SQLite as
/// a whole and retried row by row, so only the refused rows fail.
public final class PinBulkWriter {
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

    /// Rows per statement (a power of two; 2,304 parameters, far below SQLite's 32,766).
    public static let groupSize = 256

    private let store: Store
    private let batchID: Int64?
    private let now: [UInt8]
    private var statements: [Int: Statement] = [:]
    private let single: PinInserter
    private var text: [UInt8] = []

    /// - Parameter batchID: the import batch every row belongs to.
    /// - Throws: `StoreError` when the statements do not compile (schema mismatch).
    public init(store: Store, batchID: Int64?) throws(StoreError) {
        self.store = store
        self.batchID = batchID
        now = Array(Timestamp.now().utf8)
        single = try PinInserter(store: store)
    }

    /// Writes `rows` in order.
    /// - Returns: for each row, its new id, or the error for a row the store refused.
    /// - Throws: `StoreError` for any failure but a constraint on single rows (I/O, a full disk).
    public func write(_ rows: [Row]) throws(StoreError) -> [Result<Int64, StoreError>] {
        var out: [Result<Int64, StoreError>] = []
        out.reserveCapacity(rows.count)
        var start = 0
        while start < rows.count {
            // Whole groups, then powers of two: at most 9 statement sizes are ever prepared.
            var n = Self.groupSize
            while n > rows.count - start { n /= 2 }
            let end = start + n
            do {
                let last = try writeGroup(rows[start..<end])
                for k in 0..<(end - start) { out.append(.success(last - Int64(end - start - 1 - k))) }
            } catch where error.code & 0xFF == SQLITE_CONSTRAINT {
                for row in rows[start..<end] { out.append(try writeAlone(row)) }
            }
            start = end
        }
        return out
    }

    /// One multi-row INSERT; returns the id of its last row (the rows get consecutive ids:
    /// each new rowid is the largest plus one).
    private func writeGroup(_ group: ArraySlice<Row>) throws(StoreError) -> Int64 {
        let st = try statement(rows: group.count)
        text.removeAll(keepingCapacity: true)
        var spans: [(Int, Int)] = []
        spans.reserveCapacity(group.count * 5)
        func add(_ s: String) {
            let from = text.count
            text.append(contentsOf: s.utf8)
            spans.append((from, text.count - from))
        }
        for row in group {
            add(row.title); add(row.description); add(row.category); add(row.createdAt)
            add(row.properties.isEmpty ? "{}" : row.properties)
        }
        st.reset()
        let result: Result<Void, StoreError> = text.withUnsafeBufferPointer { buf in
            now.withUnsafeBufferPointer { nowBytes in
                var p: Int32 = 1
                func span(_ i: Int) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(rebasing: buf[spans[i].0..<(spans[i].0 + spans[i].1)])
                }
                for (k, row) in group.enumerated() {
                    st.bindStatic(span(k * 5), at: p)
                    st.bindStatic(span(k * 5 + 1), at: p + 1)
                    st.bindStatic(span(k * 5 + 2), at: p + 2)
                    st.bindStatic(spans[k * 5 + 3].1 == 0 ? nowBytes : span(k * 5 + 3), at: p + 5)
                    st.bindStatic(span(k * 5 + 4), at: p + 8)
                    st.bindDouble(row.latitude, at: p + 3)
                    st.bindDouble(row.longitude, at: p + 4)
                    st.bindStatic(nowBytes, at: p + 6)
                    if let batchID { st.bindInt(batchID, at: p + 7) } else { st.bindNull(at: p + 7) }
                    p += 9
                }
                do throws(StoreError) { try st.step() } catch { return .failure(error) }
                return .success(())
            }
        }
        st.reset()
        sqlite3_clear_bindings(st.stmt)  // no pointers into `text` are left behind
        try result.get()
        return store.db.lastInsertRowID
    }

    private func writeAlone(_ row: Row) throws(StoreError) -> Result<Int64, StoreError> {
        do {
            return .success(try single.insert(title: row.title, description: row.description, category: row.category,
                                               latitude: row.latitude, longitude: row.longitude,
                                               createdAt: row.createdAt, batchID: batchID, properties: row.properties))
        } catch where error.code & 0xFF == SQLITE_CONSTRAINT {
            return .failure(error)
        }
    }

    private func statement(rows: Int) throws(StoreError) -> Statement {
        if let st = statements[rows] { return st }
        let values = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
        let st = try store.db.prepare("""
            INSERT INTO pins(title, description, category, latitude, longitude, created_at, updated_at, batch_id, properties)
            VALUES \(values)
            """)
        statements[rows] = st
        return st
    }
}
