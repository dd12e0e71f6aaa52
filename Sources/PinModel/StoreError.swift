/// A failure talking to a store, in the user's words (`StoreErrorText`: never SQL text), with
/// SQLite's result code (or Pinmap's own, above 1000) for callers that branch on it, and its
/// `kind` for texts in another language.
public struct StoreError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The English sentence the command line prints.
    public var message: String
    public var code: Int32
    /// What failed, with the details that are data (a server, a path, the server's reason):
    /// the UI words it in its own language (`PinmapCore`'s `S.storeError`). Nil for a failure
    /// without a kind of its own: `message` is then its only wording.
    public var kind: Kind?

    public init(_ message: String, code: Int32 = 1 /* SQLITE_ERROR */, kind: Kind? = nil) {
        self.message = message; self.code = code; self.kind = kind
    }
    public var description: String { message }

    /// The failures a user can meet in the UI, each with the details that are data. Texts
    /// (`reason`) come from the server or the system and stay as they were written.
    public enum Kind: Sendable, Equatable {
        /// A PostgreSQL server that cannot be reached: the server libpq tried ("host:port",
        /// "socket PATH" or "service NAME"), its database ("" when unknown) and libpq's reason.
        case unreachable(server: String, database: String, reason: String)
        /// A PostgreSQL server that answered but refuses this login (a failed password, a
        /// role that may not log in, no pg_hba.conf entry, no such database or role): the
        /// server and database tried, and the server's own reason ("role \"reader\" is not
        /// permitted to log in"). Retrying helps only once the server's owner allows it.
        case loginRefused(server: String, database: String, reason: String)
        /// The connection to the PostgreSQL server was lost; nothing was written.
        case connectionLost
        /// The PostgreSQL server keeps the connection but did not answer within `seconds`
        /// (its processes stopped, or the network cut); what was asked was not sent.
        case notAnswering(seconds: Int)
        /// A statement given up on because the server stopped answering: the server may
        /// still do it when it answers again.
        case stoppedAnswering
        /// The role may not make this write: the server's reason ("permission denied for table pins").
        case mayNotWrite(reason: String)
        /// The role may not read the pins: the server's reason.
        case mayNotRead(reason: String)
        /// The connection may only read (a standby, a read-only transaction): the server's reason.
        case readOnlyServer(reason: String)
        /// Pin `id` changed elsewhere since it was read at version `expected` (now `actual`).
        case changedElsewhere(id: Int64, expected: Int64, actual: Int64)
        /// Pin `id` is at version `actual`, which is not `expected` (a version never read).
        case wrongVersion(id: Int64, expected: Int64, actual: Int64)
        /// Pin `id` is gone (deleted elsewhere).
        case pinGone(id: Int64)
        /// `field` ("title", "property \"note\"", "the comment") holds U+0000, which a
        /// PostgreSQL store cannot keep.
        case textNotKept(field: String)
        /// A file store another process kept locked for `seconds`: that process, when known
        /// (its name, "pinmap import", and pid).
        case busy(holder: String?, pid: Int32?, seconds: Int)
        /// The disk holding the file store at `path` is full.
        case diskFull(path: String)
        /// The file store at `path` is read-only.
        case readOnlyStore(path: String)
        /// The folder of a file store is read-only (the store and its journal are written there).
        case readOnlyFolder(folder: String)
    }

    /// The server's own reason when it answered and refused the login (`Kind.loginRefused`),
    /// nil for any other failure.
    public var loginRefusal: String? {
        if case .loginRefused(_, _, let reason)? = kind { return reason }
        return nil
    }

    /// SQLite's `SQLITE_CONSTRAINT`: a rule of the pins was broken (`PinRules`).
    public static let constraint: Int32 = 19
    /// An edit or delete refused because the pin changed since it was read (its version moved).
    public static let changedElsewhere: Int32 = 1_003
    /// A streamed import into an empty PostgreSQL store found pins there when it began
    /// (another import committed first): nothing was written; the import can go as one into a
    /// store with pins.
    public static let pinsAddedMeanwhile: Int32 = 1_004
    /// The message of a refused edit or delete of pin `id`, asked at version `expected`: a
    /// version the pin has not reached yet was never read, so it is named as a wrong version
    /// rather than as a change made elsewhere.
    public static func changed(id: Int64, expected: Int64, actual: Int64) -> StoreError {
        guard expected < actual else {
            return StoreError("pin \(id) is at version \(actual), not \(expected); nothing was changed (`pinmap show \(id) --json` gives its version)",
                              code: changedElsewhere, kind: .wrongVersion(id: id, expected: expected, actual: actual))
        }
        return StoreError("pin \(id) changed elsewhere since you opened it (version \(expected), now \(actual)); nothing was changed",
                          code: changedElsewhere, kind: .changedElsewhere(id: id, expected: expected, actual: actual))
    }

    /// Pin `id` is gone: a comment added to a pin deleted elsewhere.
    public static func pinGone(_ id: Int64, code: Int32 = constraint) -> StoreError {
        StoreError("no pin \(id)", code: code, kind: .pinGone(id: id))
    }
}
