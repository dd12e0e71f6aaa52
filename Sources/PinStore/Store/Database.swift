import CSQLite
import Foundation

/// `SQLITE_TRANSIENT`: SQLite copies bound text before `bind` returns.
/// (The C macro is a cast Swift cannot import.)
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One SQLite connection. Not shared across threads: each owner opens its own.
public final class Database {
    let handle: OpaquePointer
    /// The file path (for messages), or `:memory:`.
    let path: String

    /// Opens (or, when `create`, creates) the SQLite file at `path`
    /// (`:memory:` for an in-memory database).
    /// - Parameter immutable: open read-only as an unchanging file (URI `immutable=1`: no
    ///   lock, no journal, no `-shm`), for a store in a folder or file that cannot be written.
    /// - Throws: `StoreError` when SQLite cannot open it (missing folder,
    ///   permissions, not a database).
    public init(path: String, create: Bool = true, immutable: Bool = false) throws(StoreError) {
        self.path = path
        var db: OpaquePointer?
        var flags = (immutable ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX
        if create && !immutable { flags |= SQLITE_OPEN_CREATE }
        let rc = sqlite3_open_v2(immutable ? Database.immutableURI(path) : path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let msg = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let db { sqlite3_close_v2(db) }
            throw StoreErrorText.error(code: rc, sqliteMessage: msg, path: path)
        }
        handle = db
        // Wait up to 5 s for another process's write (e.g. an import) before "database is locked".
        sqlite3_busy_timeout(db, StoreErrorText.busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(db, 1)
    }

    deinit { sqlite3_close_v2(handle) }

    /// `file:PATH?immutable=1`, the path percent-encoded (RFC 3986) as SQLite's URI rules ask.
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(0x80)))
        allowed.insert(charactersIn: "/-._~")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
    }

    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

    /// The failure of the last call, which returned `code`, in the user's words.
    func failure(_ code: Int32) -> StoreError {
        StoreErrorText.error(code: code, sqliteMessage: lastMessage, path: path)
    }

    /// Runs one or more SQL statements that return no rows.
    /// - Throws: `StoreError` with SQLite's message.
    public func execute(_ sql: String) throws(StoreError) {
        var err: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &err)
        if rc != SQLITE_OK {
            let msg = err.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(err)
            throw StoreErrorText.error(code: rc, sqliteMessage: msg, path: path)
        }
    }

    /// Compiles `sql` once; reuse the statement in loops.
    /// - Throws: `StoreError` when the SQL does not compile.
    public func prepare(_ sql: String) throws(StoreError) -> Statement {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw failure(rc) }
        return Statement(stmt, db: self)
    }

    /// The first column of the first row of `sql` as an integer (0 when no row).
    public func scalarInt(_ sql: String, _ args: [SQLValue] = []) throws(StoreError) -> Int64 {
        let st = try prepare(sql)
        try st.bind(args)
        return try st.step() ? st.int(0) : 0
    }

    /// The first column of the first row of `sql` as text (nil when no row).
    func scalarText(_ sql: String, _ args: [SQLValue] = []) throws(StoreError) -> String? {
        let st = try prepare(sql)
        try st.bind(args)
        return try st.step() ? st.text(0) : nil
    }

    /// Rowid of the last INSERT on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Write transactions (and savepoints) of `transaction` ended so far, committed or rolled
    /// back: a rollback changes rows without counting them in `sqlite3_total_changes64`, so
    /// caches of table contents (`PinCellTileCache`) compare this too.
    private(set) var writeEnds = 0

    /// Runs `body` with `shouldStop` asked every 100,000 SQLite virtual
    /// machine steps (a few milliseconds); when it returns true, the running
    /// statement fails with `SQLITE_INTERRUPT`. Nil: plain `body()`.
    func whileAsking<T>(_ shouldStop: (() -> Bool)?, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard let shouldStop else { return try body() }
        return try withoutActuallyEscaping(shouldStop) { (ask) throws(StoreError) -> T in
            let box = Unmanaged.passRetained(StopBox(ask))
            sqlite3_progress_handler(handle, 100_000, { ctx in
                guard let ctx else { return 0 }
                return Unmanaged<StopBox>.fromOpaque(ctx).takeUnretainedValue().ask() ? 1 : 0
            }, box.toOpaque())
            defer {
                sqlite3_progress_handler(handle, 0, nil, nil)
                box.release()
            }
            return try body()
        }
    }

    /// What a transaction is for.
    public enum TransactionKind: Sendable {
        /// Writes: `BEGIN IMMEDIATE` (the write lock first, so a busy store fails before
        /// anything is done), or a savepoint inside an open transaction; a thrown error
        /// undoes everything `body` did.
        case write
        /// Reads: `BEGIN` (deferred) when none is open, so the file's read lock is taken
        /// once for many statements; ended whatever `body` does.
        case read
    }

    /// Runs `body` in a transaction of `kind`: the one transaction helper (`Store.transaction`,
    /// `Store.atomically`, `Store.reading`).
    /// - Throws: what `body` throws, or `StoreError` when BEGIN or COMMIT fails.
    public func transaction<T>(_ kind: TransactionKind = .write, _ body: () throws -> T) throws -> T {
        let outer = sqlite3_get_autocommit(handle) != 0
        if kind == .read {
            guard outer else { return try body() }
            try execute("BEGIN")
            defer { try? execute("COMMIT") }
            return try body()
        }
        try execute(outer ? "BEGIN IMMEDIATE" : "SAVEPOINT pinmap_atomic")
        defer { writeEnds &+= 1 }
        do {
            let result = try body()
            try execute(outer ? "COMMIT" : "RELEASE pinmap_atomic")
            return result
        } catch {
            try? execute(outer ? "ROLLBACK" : "ROLLBACK TO pinmap_atomic; RELEASE pinmap_atomic")
            throw error
        }
    }
}

/// A value bound to or read from SQL.
public enum SQLValue: Sendable, Equatable {
    case null, int(Int64), double(Double), text(String)
}

/// A prepared statement. `step()` returns true while rows come.
public final class Statement {
    let stmt: OpaquePointer
    unowned let db: Database

    init(_ stmt: OpaquePointer, db: Database) { self.stmt = stmt; self.db = db }
    deinit { sqlite3_finalize(stmt) }

    /// Resets the statement and binds `values` to parameters 1…n.
    public func bind(_ values: [SQLValue]) throws(StoreError) {
        sqlite3_reset(stmt)
        sqlite3_clear_bindings(stmt)
        for (i, v) in values.enumerated() { try bind(v, at: Int32(i + 1)) }
    }

    /// Binds UTF-8 text without copying it (SQLITE_STATIC): `bytes` must stay
    /// valid until the statement is stepped and the parameter rebound.
    /// Cannot fail for a valid index and a length under 2 GiB.
    func bindStatic(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int32) {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            sqlite3_bind_text(stmt, i, "", 0, nil)
            return
        }
        base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            _ = sqlite3_bind_text(stmt, i, $0, Int32(bytes.count), nil)  // nil: SQLITE_STATIC
        }
    }

    /// Binds without error checks, for bulk writes whose parameter indexes are known valid.
    func bindDouble(_ x: Double, at i: Int32) { sqlite3_bind_double(stmt, i, x) }
    func bindInt(_ x: Int64, at i: Int32) { sqlite3_bind_int64(stmt, i, x) }
    func bindNull(at i: Int32) { sqlite3_bind_null(stmt, i) }

    public func bind(_ v: SQLValue, at i: Int32) throws(StoreError) {
        let rc: Int32
        switch v {
        case .null: rc = sqlite3_bind_null(stmt, i)
        case .int(let x): rc = sqlite3_bind_int64(stmt, i, x)
        case .double(let x): rc = sqlite3_bind_double(stmt, i, x)
        case .text(let s):
            // Bound with its byte length, so a NUL inside the text is kept.
            var text = s
            rc = text.withUTF8 { buf -> Int32 in
                guard let base = buf.baseAddress, buf.count > 0 else { return sqlite3_bind_text(stmt, i, "", 0, sqliteTransient) }
                return base.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                    sqlite3_bind_text(stmt, i, $0, Int32(buf.count), sqliteTransient)
                }
            }
        }
        if rc != SQLITE_OK { throw db.failure(rc) }
    }

    /// Advances one row. - Throws: `StoreError` on a constraint or I/O failure.
    @discardableResult
    public func step() throws(StoreError) -> Bool {
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        let error = db.failure(rc)
        sqlite3_reset(stmt)
        throw error
    }

    public func reset() { sqlite3_reset(stmt) }

    /// Binds parameters 1…`count` to columns 0…`count` − 1 of `source`'s current row, values
    /// of any type copied as they are (`sqlite3_bind_value`), for copying rows between
    /// connections. Call while `source` is on that row.
    func bindColumns(of source: Statement, count: Int32) throws(StoreError) {
        for k in 0..<count {
            let rc = sqlite3_bind_value(stmt, k + 1, sqlite3_column_value(source.stmt, k))
            if rc != SQLITE_OK { throw db.failure(rc) }
        }
    }

    public func int(_ col: Int32) -> Int64 { sqlite3_column_int64(stmt, col) }
    public func double(_ col: Int32) -> Double { sqlite3_column_double(stmt, col) }
    public func isNull(_ col: Int32) -> Bool { sqlite3_column_type(stmt, col) == SQLITE_NULL }
    /// Text of column `col`, all of it (a NUL byte inside does not cut it short).
    public func text(_ col: Int32) -> String {
        guard let p = sqlite3_column_text(stmt, col) else { return "" }
        let n = Int(sqlite3_column_bytes(stmt, col))
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }
}

/// Carries a stop check into SQLite's progress handler (a C callback).
private final class StopBox {
    let ask: () -> Bool
    init(_ ask: @escaping () -> Bool) { self.ask = ask }
}
