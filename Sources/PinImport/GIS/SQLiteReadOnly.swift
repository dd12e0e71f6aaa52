import CSQLite

/// A SQLite file opened read-only, and its statements' rows: the little of SQLite a
/// GeoPackage reader needs (column names, types, text, numbers, blobs). Use from one thread
/// at a time (opened without SQLite's mutex).
final class SQLiteReadOnly {
    /// Why the file or a statement failed: SQLite's message.
    struct Failure: Error { var reason: String }

    let handle: OpaquePointer

    /// Opens `path` read-only (no file is created, nothing is written).
    /// - Throws: `Failure` when SQLite cannot open it or it is not a database.
    init(path: String) throws(Failure) {
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db else {
            let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let db { sqlite3_close_v2(db) }
            throw Failure(reason: reason)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
    }

    deinit { sqlite3_close_v2(handle) }

    /// A compiled statement with `arguments` (text) bound to ?1…?n.
    /// - Throws: `Failure` with SQLite's message when it does not compile.
    func rows(_ sql: String, _ arguments: [String] = []) throws(Failure) -> Rows {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &stmt, nil) == SQLITE_OK, let stmt else {
            throw Failure(reason: String(cString: sqlite3_errmsg(handle)))
        }
        for (i, a) in arguments.enumerated() {
            sqlite3_bind_text(stmt, Int32(i + 1), a, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }
        return Rows(stmt, db: self)
    }

    /// The first column of the first row as text; nil without a row.
    func scalar(_ sql: String, _ arguments: [String] = []) throws(Failure) -> String? {
        let r = try rows(sql, arguments)
        return try r.step() ? r.text(0) : nil
    }

    /// One statement's rows: `step()` while true, then read the columns.
    final class Rows {
        /// SQLite's storage classes.
        enum Kind { case integer, real, text, blob, null }

        private let stmt: OpaquePointer
        private let db: SQLiteReadOnly

        fileprivate init(_ stmt: OpaquePointer, db: SQLiteReadOnly) { self.stmt = stmt; self.db = db }
        deinit { sqlite3_finalize(stmt) }

        /// Advances one row. - Throws: `Failure` on a read error (a damaged file).
        func step() throws(Failure) -> Bool {
            switch sqlite3_step(stmt) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw Failure(reason: String(cString: sqlite3_errmsg(db.handle)))
            }
        }

        var columnCount: Int32 { sqlite3_column_count(stmt) }
        func name(_ i: Int32) -> String { sqlite3_column_name(stmt, i).map { String(cString: $0) } ?? "" }

        func kind(_ i: Int32) -> Kind {
            switch sqlite3_column_type(stmt, i) {
            case SQLITE_INTEGER: return .integer
            case SQLITE_FLOAT: return .real
            case SQLITE_TEXT: return .text
            case SQLITE_BLOB: return .blob
            default: return .null
            }
        }

        func int(_ i: Int32) -> Int64 { sqlite3_column_int64(stmt, i) }
        func double(_ i: Int32) -> Double { sqlite3_column_double(stmt, i) }

        /// The column as UTF-8 text, all of it (a NUL inside does not cut it).
        func text(_ i: Int32) -> String {
            guard let p = sqlite3_column_text(stmt, i) else { return "" }
            return String(decoding: UnsafeBufferPointer(start: p, count: Int(sqlite3_column_bytes(stmt, i))), as: UTF8.self)
        }

        func blob(_ i: Int32) -> [UInt8] {
            guard let p = sqlite3_column_blob(stmt, i) else { return [] }
            let n = Int(sqlite3_column_bytes(stmt, i))
            return Array(UnsafeRawBufferPointer(start: p, count: n))
        }
    }
}
