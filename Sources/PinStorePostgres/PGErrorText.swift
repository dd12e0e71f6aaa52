import PinModel

/// The server's failures in the user's words: what happened and what to do, never SQL text
/// or a password.
enum PGErrorText {
    /// `StoreError.code` of a connection that failed or was lost (SQLite's codes are below 256).
    static let connectionCode: Int32 = 1_001
    /// `StoreError.code` of a write the role may not make (no right, or a read-only server).
    static let readOnlyCode: Int32 = 1_002
    /// `StoreError.code` of an edit or delete refused because the pin changed meanwhile.
    static let conflictCode: Int32 = StoreError.changedElsewhere

    static let lost = "lost the connection to the PostgreSQL server; nothing was written (try again when it is back)"
    /// The connection was lost (`lost`, of kind `connectionLost`).
    static let lostError = StoreError(lost, code: connectionCode, kind: .connectionLost)

    /// A server that keeps the connection but did not answer within `seconds` (its processes
    /// stopped, or the network cut): what was asked is not sent again.
    static func notAnswering(seconds: Double) -> StoreError {
        let s = Int(seconds.rounded())
        return StoreError("the PostgreSQL server did not answer within \(s) s (stopped or cut off); nothing was written (try again when it answers)",
                          code: connectionCode, kind: .notAnswering(seconds: s))
    }

    /// A statement given up on because the server stopped answering (`PGConnection.interrupt`):
    /// the server may still do it when it answers again, and the reconnection shows it.
    static let stoppedAnswering = StoreError("the PostgreSQL server stopped answering; what was under way may still be done when it answers (shown once reconnected)",
                                             code: connectionCode, kind: .stoppedAnswering)

    /// libpq could not be opened (`Libpq.load`): the loader's reason, and the package to install.
    static func libpqMissing(_ reason: String) -> String {
        "PostgreSQL support needs libpq (Debian: libpq5): \(reason)"
    }

    /// libpq's reason on one line: libpq repeats a reason once per attempt (with SSL, then
    /// without), said once.
    static func reasonLine(_ reason: String) -> String {
        var lines: [String] = []
        for line in reason.split(whereSeparator: \.isNewline).map({ trimmedText($0) })
        where !line.isEmpty && !lines.contains(line) { lines.append(line) }
        return lines.joined(separator: "; ")
    }

    /// A server that cannot be reached: the server and database libpq tried ("host:port" or
    /// "socket PATH"; no database when none is known, as for a service libpq cannot find)
    /// and libpq's reason, on one line.
    static func unreachable(server: String, database: String, reason: String) -> String {
        let why = reasonLine(reason)
        // A service (`PGLocation.server`: "service NAME") is not a server's name.
        let named = server.hasPrefix("service ") ? server : "server \(server)"
        return "cannot connect to the PostgreSQL \(named)\(database.isEmpty ? "" : " (database \(database))"): \(why)"
    }

    /// The server's refusal of a login in libpq's `reason`, when the server answered and
    /// refused it: a password or other authentication that failed, a role that may not log
    /// in or does not exist, no pg_hba.conf entry, a database that does not exist or may not
    /// be connected to; libpq's own "no password supplied" too. The server's words after
    /// "FATAL:" ("role \"reader\" is not permitted to log in"); nil for any other failure
    /// (no answer, a server starting up or shutting down: those pass by themselves).
    static func loginRefusal(_ reason: String) -> String? {
        for line in reason.split(whereSeparator: \.isNewline) {
            let text = String(line)
            if let r = text.range(of: "fe_sendauth: ") { return trimmedText(text[r.upperBound...]) }
            guard let fatal = text.range(of: "FATAL:") else { continue }
            let said = trimmedText(text[fatal.upperBound...])
            if refusalPhrases.contains(where: { said.contains($0) }) { return said }
        }
        return nil
    }

    /// What PostgreSQL's refusals of a login say (SQLSTATE classes 28 and 3D, and 42501 on
    /// CONNECT); the server writes them in English unless its `lc_messages` says otherwise.
    private static let refusalPhrases = [
        "authentication failed", "is not permitted to log in", "pg_hba.conf", "does not exist",
        "permission denied for database", "password authentication", "no password"]

    /// A connection string libpq could not read (an unknown parameter, a bad encoding): the
    /// string (its password masked) and libpq's reason; no server is named, since none was tried.
    static func unreadable(uri: String, reason: String) -> String {
        let why = reason.split(whereSeparator: \.isNewline).map({ trimmedText($0) }).filter { !$0.isEmpty }.joined(separator: "; ")
        return "cannot read the PostgreSQL URI \(uri): \(why) (nothing was connected; correct the URI)"
    }

    static func server(_ message: String, state: String) -> String {
        let first = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? message
        return "the PostgreSQL server refused: \(first)"
    }

    /// A failed statement by its SQLSTATE.
    /// - Parameter reading: the statement only reads (a refusal then says the role may not read).
    static func error(state: String, message: String, reading: Bool = false) -> StoreError {
        switch state {
        // A read refused on a table (or its schema) is a role that may not read the store; a
        // function or sequence refused within a read is still a right to write.
        case "42501" where reading && (message.hasPrefix("permission denied for table") || message.hasPrefix("permission denied for schema")):
            return StoreError("this PostgreSQL role may not read the pins (\(message)); ask the store's owner to grant it SELECT on Pinmap's tables",
                              code: readOnlyCode, kind: .mayNotRead(reason: message))
        // The server's reason names the table or function refused: a role may insert pins yet
        // not own the tables, so the refusal is not "may only read".
        case "42501":
            return StoreError("this PostgreSQL role may not make this write (\(message)); ask the server's owner for the rights it needs",
                              code: readOnlyCode, kind: .mayNotWrite(reason: message))
        case "25006":
            return StoreError("this PostgreSQL connection may only read the pins (\(message)); connect to a server that takes writes",
                              code: readOnlyCode, kind: .readOnlyServer(reason: message))
        case "23514":
            return StoreError("the server refused the pin: it breaks a rule of the pins (\(message))", code: StoreError.constraint)
        // `lock_timeout` (`PGConnection.sessionSettings`): another session held the pins.
        case "55P03":
            let seconds = PGConnection.lockTimeoutSeconds
            return StoreError("the store is busy: another session holds the pins (an import, or a transaction left open in psql or QGIS); "
                              + "waited \(seconds) s; try again when it finishes", kind: .busy(holder: nil, pid: nil, seconds: seconds))
        case "57P01", "57P02", "57P03", "08000", "08003", "08006":
            return lostError
        case "42P01":
            return StoreError("this PostgreSQL database has no Pinmap pins yet (create them with `pinmap init --db URI`)")
        default:
            return StoreError(server(message, state: state))
        }
    }
}
