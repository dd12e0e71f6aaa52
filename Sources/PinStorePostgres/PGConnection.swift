import CLibpq
import Foundation
import PinModel
import Support

/// One libpq connection (`PGconn`), used by one thread at a time. Every value goes to the
/// server as a bound parameter in text form (`PQexecParams`), never inside SQL text, so any
/// title round-trips exactly. Errors become `StoreError`s in the user's words
/// (`PGErrorText`), without the password.
final class PGConnection {
    private(set) var handle: OpaquePointer?
    /// The URI as given (it may hold a password: never print it; `PGLocation` masks it).
    let uri: String
    /// Depth of `transaction` calls: only the outermost one begins and commits.
    var transactionDepth = 0
    /// A read transaction's BEGIN, not sent yet: it goes with the transaction's first
    /// statement (`readTransaction`).
    var pendingBegin: String?
    /// A read transaction's COMMIT was sent and its answer not read yet (`readTransaction`).
    var commitInFlight = false
    /// Where this connection's server process is counted as the app's own (its writes are
    /// not another user's): on connecting, and again after a `reset`.
    var ownBackends: PostgresBackends? {
        didSet { ownBackends?.insert(backendPID) }
    }
    /// Set by `interrupt` (another thread): the statement under way failed because the server
    /// stopped answering, not because it closed the connection; cleared on reconnecting.
    let interruption = PGInterruption()

    /// Connects to `uri` (a `postgresql://` URI or `key=value` string). Credentials come only
    /// from libpq's own sources (the URI, PGPASSWORD, ~/.pgpass, service files); `sslmode`
    /// and every other parameter are libpq's to honour.
    /// - Throws: `StoreError` naming the server and libpq's reason.
    init(uri: String) throws(StoreError) {
        let uri = PGLocation.normalized(uri)
        self.uri = uri
        // Refused before libpq reads it: its messages would quote the password's pieces.
        if let refusal = PGLocation.passwordRefusal(uri, shown: PasswordMask.masked(uri)) {
            throw StoreError(refusal, code: PGErrorText.connectionCode)
        }
        do throws(SharedLibrary.LoadFailure) {
            try Libpq.load()
        } catch {
            throw StoreError(PGErrorText.libpqMissing(error.reason))
        }
        // Later keywords override earlier ones: the URI's own connect_timeout wins. Pinmap's is
        // shared among the addresses libpq will try, so that nothing answering fails within 10 s.
        let keys = ["connect_timeout", "fallback_application_name", "dbname"]
        let values = [String(PGConnectTimeout.seconds(for: PGLocation.options(uri) ?? [:])), "pinmap", uri]
        let conn: OpaquePointer? = withCStrings(keys) { k in
            withCStrings(values) { v in Libpq.PQconnectdbParams(k, v, 1) }
        }
        handle = conn
        guard let conn, Libpq.PQstatus(conn) == CONNECTION_OK else {
            let reason = PGLocation.masking(conn.map { String(cString: Libpq.PQerrorMessage($0)) } ?? "out of memory", uri: uri)
            let location = PGLocation(uri: uri)
            let tried = conn.map(Self.tried) ?? (server: "", database: "")
            if let conn { Libpq.PQfinish(conn) }
            handle = nil
            // A string libpq could not read names no server: libpq tried none.
            guard location.isReadable else {
                throw StoreError(PGErrorText.unreadable(uri: PasswordMask.masked(uri), reason: reason), code: PGErrorText.connectionCode)
            }
            // libpq's host may hold a password's tail (`PGLocation.hidingPassword`).
            // libpq names the last host it tried; a URI of several is named with all (its reason lists each).
            let server = tried.server.isEmpty || location.host.contains(",") ? location.server : PGLocation.masking(tried.server, uri: uri)
            let database = tried.database.isEmpty ? location.database : tried.database
            // A server that answered and refused this login is named apart from one that did not answer.
            let kind: StoreError.Kind = PGErrorText.loginRefusal(reason).map { .loginRefused(server: server, database: database, reason: $0) }
                ?? .unreachable(server: server, database: database, reason: PGErrorText.reasonLine(reason))
            throw StoreError(PGErrorText.unreachable(server: server, database: database, reason: reason), code: PGErrorText.connectionCode,
                             kind: kind)
        }
        // libpq's default notice processor writes to stderr, over the terminal UI's screen
        // (a server shut down announces it on every idle connection): the errors that matter
        // reach the user as `StoreError`s instead.
        Libpq.PQsetNoticeProcessor(conn, { _, _ in }, nil)
        applySessionSettings()
    }

    /// What every session of Pinmap's sets, on connecting and after a reconnect: notices
    /// below warnings stay on the server, and a float8 is written as the shortest text
    /// that reads back to the same bits (`extra_float_digits` > 0; a server or role set
    /// to 0 would round coordinates to 15 digits, and a pin's cell and the map's fit with them).
    /// A statement waits for another session's lock (an import's, a transaction left open in
    /// psql or QGIS) at most `lockTimeoutSeconds`, then fails saying so (`PGErrorText`), as a
    /// file store waits for a writer: never silently for as long as the other takes.
    static let sessionSettings = "SET client_min_messages = warning; SET extra_float_digits = 3; "
        + "SET lock_timeout = '\(lockTimeoutSeconds)s'"

    /// How long a statement waits for another session's lock, in seconds (a file store's busy timeout).
    static let lockTimeoutSeconds = 5

    private func applySessionSettings() {
        guard let handle else { return }
        if let r = Libpq.PQexec(handle, Self.sessionSettings) { Libpq.PQclear(r) }
    }

    deinit { if let handle { Libpq.PQfinish(handle) } }

    /// The server and database libpq tried, after the attempt (its defaults filled in: the
    /// socket folder, the user's name as the database): "host:port" or "socket-folder:port",
    /// as `PGLocation.server` writes a URI's; "" for what libpq did not get to (a service
    /// it could not find fills in nothing).
    private static func tried(_ conn: OpaquePointer) -> (server: String, database: String) {
        let host = Libpq.PQhost(conn).map { String(cString: $0) } ?? ""
        let port = Libpq.PQport(conn).map { String(cString: $0) } ?? ""
        let database = Libpq.PQdb(conn).map { String(cString: $0) } ?? ""
        return (host.isEmpty ? "" : PGLocation.server(host: host, port: port), database)
    }

    /// True while the connection is up (false after a server restart until `reset`).
    var isUp: Bool { handle.map { Libpq.PQstatus($0) == CONNECTION_OK } ?? false }

    /// Whether the connection outlived a statement that failed. A statement sent after the
    /// server died (a crash between two statements) fails with libpq's own error, and the
    /// connection still says CONNECTION_OK until its input is read: reading what waits
    /// (never blocking) finds the end of the stream.
    var upAfterFailure: Bool {
        guard let handle else { return false }
        if Libpq.PQstatus(handle) == CONNECTION_OK { _ = Libpq.PQconsumeInput(handle) }
        return Libpq.PQstatus(handle) == CONNECTION_OK
    }

    /// Reconnects with the same parameters; true when it worked.
    func reset() -> Bool {
        guard let handle else { return false }
        Libpq.PQreset(handle)
        transactionDepth = 0
        guard Libpq.PQstatus(handle) == CONNECTION_OK else { return false }
        interruption.clear()
        ownBackends?.insert(backendPID)  // a new server process
        return true
    }

    /// Runs `sql` with `params` ($1, $2, … in text form; nil is NULL).
    /// - Throws: `StoreError` with the server's reason in the user's words.
    @discardableResult
    func execute(_ sql: String, _ params: [String?] = []) throws(StoreError) -> PGResult {
        readCommitAnswer()
        try reconnectIfLost()
        guard let handle else { throw PGErrorText.lostError }
        if let begin = pendingBegin {
            pendingBegin = nil
            return try pipelined(begin, then: sql, params)
        }
        let result: OpaquePointer? = withOptionalCStrings(params) { p in
            Libpq.PQexecParams(handle, sql, Int32(params.count), nil, p, nil, nil, 0)
        }
        return try check(result, reading: Self.onlyReads(sql))
    }

    /// True for a statement that only reads (`SELECT …`, `WITH … SELECT`, `COPY … TO`): a
    /// refused one means the role may not read, not that it may not write. A `SELECT … FOR
    /// UPDATE` (or `FOR SHARE`) locks rows, which takes the right to update them, and `setval`
    /// writes a sequence: neither only reads.
    static func onlyReads(_ sql: String) -> Bool {
        let list = sql.uppercased().split(whereSeparator: { !($0.isLetter || $0 == "_") })
        guard let first = list.first else { return false }
        let words = Set(list)
        let reads = first == "SELECT" || first == "WITH" || first == "SHOW" || (first == "COPY" && words.contains("STDOUT"))
        return reads && words.isDisjoint(with: ["INSERT", "UPDATE", "DELETE", "MERGE", "TRUNCATE", "SHARE", "SETVAL", "NEXTVAL"])
    }

    /// A connection the server dropped (a restart) is made again before the next statement,
    /// outside a transaction only (a read transaction whose BEGIN is not sent yet is not
    /// under way): a transaction under way is lost, and says so.
    private func reconnectIfLost() throws(StoreError) {
        guard let handle else { return }
        let idle = transactionDepth == 0 || pendingBegin != nil
        // An idle connection the server closed still says CONNECTION_OK until its input is
        // read: reading what waits (never blocking; the server's goodbye, then the end of
        // the stream) lets the first statement after a restart reconnect instead of failing.
        if idle {
            for _ in 0..<2 where Libpq.PQconsumeInput(handle) == 1 {}
        }
        guard Libpq.PQstatus(handle) != CONNECTION_OK else { return }
        let depth = transactionDepth
        guard idle, reset() else { throw PGErrorText.lostError }
        transactionDepth = depth
        applySessionSettings()
    }

    /// Runs several statements without parameters (the schema's migrations).
    func executeScript(_ sql: String) throws(StoreError) {
        readCommitAnswer()
        guard let handle else { throw PGErrorText.lostError }
        _ = try check(Libpq.PQexec(handle, sql))
    }

    /// - Parameter reading: the statement only reads (`onlyReads`).
    func check(_ result: OpaquePointer?, reading: Bool = false) throws(StoreError) -> PGResult {
        guard let result else {
            if !upAfterFailure { throw lostNow }
            throw StoreError(PGErrorText.server(handle.map { String(cString: Libpq.PQerrorMessage($0)) } ?? "", state: ""),
                             code: PGErrorText.connectionCode)
        }
        let status = Libpq.PQresultStatus(result)
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_COPY_IN { return PGResult(result) }
        let state = Libpq.PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        let primary = Libpq.PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
            ?? String(cString: Libpq.PQresultErrorMessage(result))
        Libpq.PQclear(result)
        if !upAfterFailure { throw lostNow }
        throw PGErrorText.error(state: state, message: primary, reading: reading)
    }

    /// Runs `body` in one transaction (nested calls join the outer one): committed when it
    /// returns, rolled back when it throws.
    /// `begin` starts it (e.g. with an isolation level: one round trip, not two).
    func transaction<T>(begin: String = "BEGIN", _ body: () throws -> T) throws -> T {
        if transactionDepth > 0 {
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            return try body()
        }
        try execute(begin)
        transactionDepth = 1
        do {
            let value = try body()
            transactionDepth = 0
            try execute("COMMIT")
            return value
        } catch {
            transactionDepth = 0
            _ = try? execute("ROLLBACK")
            throw error
        }
    }

    /// `transaction` for a body that throws only `StoreError`.
    func atomically<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        do {
            return try transaction { () throws -> T in try body() }
        } catch let e as StoreError {
            throw e
        } catch {
            throw StoreError("\(error)")
        }
    }

    var inTransaction: Bool { transactionDepth > 0 }

    // MARK: COPY

    /// Streams rows into `COPY … FROM STDIN` (text format): `rows` is called with a sink
    /// that takes one row's fields (nil: NULL). Part of the caller's transaction.
    func copy(_ sql: String, rows: ((([String?]) throws(StoreError) -> Void)) throws(StoreError) -> Void) throws(StoreError) {
        try copyText(sql) { (out: PGCopyText) throws(StoreError) in
            try rows { (fields: [String?]) throws(StoreError) in
                var first = true
                for f in fields {
                    if !first { out.text += "\t" }
                    first = false
                    if let f { Self.appendCopyText(f, to: &out.text) } else { out.text += "\\N" }
                }
                try out.endRow()
            }
        }
    }

    /// `copy` for rows written in COPY's text form by the caller, straight into the text
    /// sent (`PGCopyText`): for many short rows, where an array of fields costs more than
    /// the row.
    func copyText(_ sql: String, rows: (PGCopyText) throws(StoreError) -> Void) throws(StoreError) {
        guard let handle else { throw PGErrorText.lostError }
        try execute(sql)
        let out = PGCopyText { (chunk: String) throws(StoreError) in
            let ok = chunk.withCString { Libpq.PQputCopyData(handle, $0, Int32(strlen($0))) }
            if ok != 1 { throw self.lostOr(PGErrorText.server(String(cString: Libpq.PQerrorMessage(handle)), state: "")) }
        }
        do {
            try rows(out)
            try out.flush()
        } catch {
            _ = Libpq.PQputCopyEnd(handle, "pinmap stopped the copy")
            while let r = Libpq.PQgetResult(handle) { Libpq.PQclear(r) }
            throw error
        }
        try endCopy(handle)
    }

    /// `copy` in COPY's binary format (`PGCopyBinary`; `sql` must say `FORMAT binary`).
    func copyBinary(_ sql: String, rows: (PGCopyBinary) throws(StoreError) -> Void) throws(StoreError) {
        guard let handle else { throw PGErrorText.lostError }
        try execute(sql)
        let out = PGCopyBinary { (b: UnsafeBufferPointer<UInt8>) throws(StoreError) in
            let ok = b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { Libpq.PQputCopyData(handle, $0, Int32(b.count)) }
            if ok != 1 { throw self.lostOr(PGErrorText.server(String(cString: Libpq.PQerrorMessage(handle)), state: "")) }
        }
        do {
            try rows(out)
            try out.finish()
        } catch {
            _ = Libpq.PQputCopyEnd(handle, "pinmap stopped the copy")
            while let r = Libpq.PQgetResult(handle) { Libpq.PQclear(r) }
            throw error
        }
        try endCopy(handle)
    }

    /// Ends a COPY whose rows are sent: the server's answer, as a `StoreError` if it failed.
    private func endCopy(_ handle: OpaquePointer) throws(StoreError) {
        _ = Libpq.PQputCopyEnd(handle, nil)
        var failure: StoreError?
        while let r = Libpq.PQgetResult(handle) {
            if Libpq.PQresultStatus(r) != PGRES_COMMAND_OK && failure == nil {
                let state = Libpq.PQresultErrorField(r, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
                let m = Libpq.PQresultErrorField(r, Int32(UInt8(ascii: "M"))).map { String(cString: $0) } ?? ""
                failure = PGErrorText.error(state: state, message: m)
            }
            Libpq.PQclear(r)
        }
        if let failure { throw upAfterFailure ? failure : lostNow }
    }

    /// The error for a failure that may be the connection's end (a server killed mid-COPY):
    /// `lost` when the connection is gone, else `message`.
    private func lostOr(_ message: String) -> StoreError {
        upAfterFailure ? StoreError(message) : lostNow
    }

    /// The error of a connection found gone: lost, or given up on because the server stopped
    /// answering (`interrupt`: what was sent may still be done when it answers).
    var lostNow: StoreError { interruption.isSet ? PGErrorText.stoppedAnswering : PGErrorText.lostError }

    /// COPY's text format: backslash, tab, newline and carriage return escaped.
    static func appendCopyText(_ s: String, to out: inout String) {
        if !s.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { out += s; return }
        for ch in s.unicodeScalars {
            switch ch {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(ch)
            }
        }
    }

    // MARK: Notifications

    /// The socket to poll for notifications (−1 when closed).
    var socket: Int32 { handle.map { Libpq.PQsocket($0) } ?? -1 }

    /// Reads what arrived on the socket and returns the notifications' (channel, payload).
    func notifications() -> [(channel: String, payload: String, pid: Int32)] {
        readCommitAnswer()
        guard let handle else { return [] }
        _ = Libpq.PQconsumeInput(handle)
        var out: [(String, String, Int32)] = []
        while let n = Libpq.PQnotifies(handle) {
            out.append((String(cString: n.pointee.relname), String(cString: n.pointee.extra), n.pointee.be_pid))
            Libpq.PQfreemem(n)
        }
        return out
    }

    /// The server process serving this connection (0 when closed).
    var backendPID: Int32 { handle.map { Libpq.PQbackendPID($0) } ?? 0 }
}

/// The rows of a query: text values by row and column (nil: NULL).
final class PGResult {
    private let result: OpaquePointer
    let rows: Int
    let columns: Int

    init(_ result: OpaquePointer) {
        self.result = result
        rows = Int(Libpq.PQntuples(result))
        columns = Int(Libpq.PQnfields(result))
    }
    deinit { Libpq.PQclear(result) }

    /// Rows an INSERT, UPDATE or DELETE touched.
    var affected: Int { Int(String(cString: Libpq.PQcmdTuples(result))) ?? 0 }

    func isNull(_ row: Int, _ column: Int) -> Bool { Libpq.PQgetisnull(result, Int32(row), Int32(column)) == 1 }

    func text(_ row: Int, _ column: Int) -> String {
        String(cString: Libpq.PQgetvalue(result, Int32(row), Int32(column)))
    }
    func optionalText(_ row: Int, _ column: Int) -> String? { isNull(row, column) ? nil : text(row, column) }
    /// The value's bytes as the server sent them (text format: UTF-8), valid while this
    /// result lives.
    func bytes(_ row: Int, _ column: Int) -> UnsafeBufferPointer<UInt8> {
        let p = UnsafeRawPointer(Libpq.PQgetvalue(result, Int32(row), Int32(column)))
        return UnsafeBufferPointer(start: p?.assumingMemoryBound(to: UInt8.self), count: Int(Libpq.PQgetlength(result, Int32(row), Int32(column))))
    }

    func int(_ row: Int, _ column: Int) -> Int64 { Int64(text(row, column)) ?? 0 }
    func optionalInt(_ row: Int, _ column: Int) -> Int64? { isNull(row, column) ? nil : Int64(text(row, column)) }
    func double(_ row: Int, _ column: Int) -> Double { Double(text(row, column)) ?? .nan }
}

private func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies.map { UnsafePointer($0) } + [nil])
}

func withOptionalCStrings<R>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
    let copies = strings.map { $0.map { strdup($0) } ?? nil }
    defer { copies.forEach { free($0) } }
    return body(copies.map { UnsafePointer($0) })
}

/// The rows of a `copyText` so far, in COPY's text form: fields separated by tabs (text
/// escaped with `PGConnection.appendCopyText`, NULL as `\N`); `endRow` after each row.
final class PGCopyText {
    var text = ""
    private let send: (String) throws(StoreError) -> Void

    fileprivate init(send: @escaping (String) throws(StoreError) -> Void) {
        self.send = send
        text.reserveCapacity(1 << 20)
    }

    /// Ends the row; sends the rows so far once they pass a megabyte.
    func endRow() throws(StoreError) {
        text += "\n"
        if text.utf8.count > (1 << 20) { try flush() }
    }

    fileprivate func flush() throws(StoreError) {
        guard !text.isEmpty else { return }
        try send(text)
        text.removeAll(keepingCapacity: true)
    }
}
