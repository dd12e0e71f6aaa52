import Foundation
import PinModel
import PinStore

/// Pins on a PostgreSQL + PostGIS server, through libpq: the `PinRepository` a team shares.
/// One connection, used by one thread at a time (the UI opens a second one for search and a
/// third to listen for other users' changes). Every value is a bound parameter.
///
/// Writes are checked by `PinRules` first (the table's CHECK constraints are the backstop),
/// each in one transaction. An edit or delete can name the pin's `version` it read: it is
/// refused (`StoreError.changedElsewhere`) when someone changed the pin since.
public final class PostgresStore: PinRepository {
    let db: PGConnection
    /// Server, database and user, without the password.
    public let server: PGLocation
    /// The server processes of this app's connections to the store, this one's among them:
    /// their writes are the app's own (`PostgresChangeSource`).
    public let ownBackends: PostgresBackends
    /// Where the times written with pins and comments come from (the system clock; a fixed
    /// one in tests).
    public let clock: WallClock
    /// The map's cells read for the last views (`visitMapCells`).
    let cellTiles = PostgresCellTileCache()
    /// The list's newest pins around the last view (`newestPins`) and the titles the map
    /// last read (`titles(ids:)`), kept while `generation` stays.
    let newestWindow = NewestPinsWindow()
    let titleCache = TitleCache()
    /// Bumped when an announcement says pins changed, or when the connection listens anew
    /// (`syncCaches`): the two caches above hold the generation they were filled at.
    var generation = 1
    /// The server process that runs `LISTEN pinmap` for the caches (0: not yet).
    var listeningPID: Int32 = 0
    /// False while the database has no Pinmap store: opened with `creatingOnImport`, the
    /// schema is made by the first import (`PostgresStore+NewSchema.swift`).
    public internal(set) var hasSchema = true
    /// What `createSchema()` made, to drop again when the import it was made for fails.
    var createdObjects: [CreatedObject] = []
    /// True while `withSchema` runs: the tables are not committed, so no other connection
    /// sees them (a load beside `pins` cannot run).
    var schemaUncommitted = false

    /// Columns of a `Pin`, in field order (`pin(_:_:)` reads them).
    static let pinColumns = """
        id, title, description, category, latitude, longitude, created_at, updated_at,
        coalesce(properties_text, properties::text), version
        """

    /// Connects to the store at `uri`.
    /// - Parameter create: make the schema when the database has none (or run the missing
    ///   migrations); otherwise a database without Pinmap's tables is refused with how to
    ///   create them.
    /// - Parameter creatingOnImport: a database without Pinmap's tables is opened as it is
    ///   (`hasSchema` false), for an import that makes them with its pins, or a dry run that
    ///   makes nothing (`pinmap import`).
    /// - Parameter ownBackends: where this connection counts as the app's own: pass the
    ///   first store's (`ownBackends`) when opening more connections for one app (the UI's
    ///   worker lanes); a new set by default.
    /// - Throws: `StoreError`: the server cannot be reached (host and libpq's reason), the
    ///   database has no store (and `create` is false), or a newer Pinmap made it.
    public init(uri: String, create: Bool = false, creatingOnImport: Bool = false, clock: WallClock = .system,
                ownBackends: PostgresBackends = PostgresBackends()) throws(StoreError) {
        self.clock = clock
        self.ownBackends = ownBackends
        db = try PGConnection(uri: uri)
        db.ownBackends = ownBackends
        server = PGLocation(uri: uri)
        let version = try schemaVersion()
        if version > PostgresSchema.all.count {
            throw StoreError("the Pinmap store in \(server) was made by a newer pinmap (schema \(version), this one knows \(PostgresSchema.all.count)); update pinmap")
        }
        if version == 0 && creatingOnImport && !create {
            hasSchema = false
            return
        }
        if version < PostgresSchema.all.count {
            guard create || version > 0 else {
                throw StoreError("no Pinmap store in \(server): create one with `pinmap init --db URI` (or `pinmap import FILE --db URI`)")
            }
            try migrate()
        }
        dropLeftoverLoad()
    }

    /// The number of migrations run (0: no Pinmap store in this database).
    ///
    /// Read from `pg_class` with the statement's snapshot, not with `to_regclass`: after
    /// waiting for the schema's advisory lock, a transaction's catalog cache may still say
    /// the table is missing (a lock that is no table's does not refresh it), and the store
    /// another process just made would be made again (`function "pinmap_cell" already exists`).
    func schemaVersion() throws(StoreError) -> Int {
        let exists = try db.execute("""
            SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                           WHERE c.relname = 'schema_version' AND n.nspname = ANY (current_schemas(false)))
            """)
        guard exists.text(0, 0) == "t" else { return 0 }
        return Int(try db.execute("SELECT coalesce(max(version), 0) FROM schema_version").int(0, 0))
    }

    /// Runs the missing migrations, each in one transaction under an advisory lock (two
    /// processes creating the store at once run each migration once).
    func migrate() throws(StoreError) {
        do {
            for (k, sql) in PostgresSchema.all.enumerated() {
                try db.transaction {
                    try db.execute("SELECT pg_advisory_xact_lock(5069)")
                    guard try schemaVersion() <= k else { return }
                    try db.executeScript(sql)
                    try db.execute("INSERT INTO schema_version(version) VALUES ($1)", ["\(k + 1)"])
                }
            }
        } catch let e as StoreError {
            // A store made by an older pinmap, opened by a role that does not own it: only
            // the owner can change the schema.
            if e.code == PGErrorText.readOnlyCode, let version = try? schemaVersion(), version > 0 {
                throw StoreError("the Pinmap store in \(server) has schema \(version) and this pinmap needs \(PostgresSchema.all.count): the tables' owner upgrades it once with `pinmap init --db URI`",
                                 code: PGErrorText.readOnlyCode)
            }
            if e.code == PGErrorText.readOnlyCode || e.message.contains("permission denied") || e.message.contains("extension") {
                throw StoreError("cannot create the Pinmap store in \(server): \(e.message) (the role needs the right to create tables, and the postgis and pg_trgm extensions must be installed or creatable)")
            }
            throw e
        } catch {
            throw StoreError("\(error)")
        }
    }

    public var location: String { server.description }

    public func interruptWaits() { db.interrupt() }
    public var isServer: Bool { true }
    /// PostgreSQL's `text` and `jsonb` cannot hold U+0000.
    public var textRule: StoredTextRule { .withoutNUL }
    public func sizeInBytes() -> Int64 {
        (try? db.execute("SELECT pg_total_relation_size('pins') + pg_total_relation_size('comments')").int(0, 0)) ?? 0
    }

    /// Runs `body` in one transaction, as a `StoreError` when it fails.
    func atomically<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try db.atomically(body)
    }

    /// One snapshot for `body`'s reads (a frame's), in as few waits for the server as can
    /// be (`PGConnection.readTransaction`).
    public func reading<T>(_ body: () throws -> T) throws -> T {
        if db.inTransaction { return try body() }
        return try db.readTransaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY") { try body() }
    }

    // MARK: Reading pins

    static func pin(_ r: PGResult, _ i: Int, from c: Int = 0) -> Pin {
        Pin(id: r.int(i, c), title: r.text(i, c + 1), description: r.text(i, c + 2), category: r.text(i, c + 3),
            latitude: r.double(i, c + 4), longitude: r.double(i, c + 5), createdAt: r.text(i, c + 6),
            updatedAt: r.text(i, c + 7), properties: r.text(i, c + 8), version: r.int(i, c + 9))
    }

    func pins(_ sql: String, _ params: [String?] = []) throws(StoreError) -> [Pin] {
        let r = try db.execute(sql, params)
        return (0..<r.rows).map { Self.pin(r, $0) }
    }

    public func count() throws(StoreError) -> Int { Int(try db.execute("SELECT count(*) FROM pins").int(0, 0)) }

    public func pin(id: Int64) throws(StoreError) -> Pin? {
        try pins("SELECT \(Self.pinColumns) FROM pins WHERE id = $1", ["\(id)"]).first
    }

    /// The identity sequence's last value (none before its first id, nor for a role that may
    /// neither use nor read it: then the highest id left, which only ever under-counts), or
    /// the highest id left when higher (a pin written with its own id, as `restore` does).
    public func highestGivenPinID() throws(StoreError) -> Int64 {
        try db.execute("""
            SELECT greatest(coalesce((SELECT max(id) FROM pins), 0),
                            coalesce(CASE WHEN has_sequence_privilege(s, 'SELECT,USAGE') THEN pg_sequence_last_value(s) END, 0))
            FROM (SELECT pg_get_serial_sequence('pins', 'id')::regclass AS s) AS sequence
            """).int(0, 0)
    }

    public func pins(ids: [Int64]) throws(StoreError) -> [Pin] {
        guard !ids.isEmpty else { return [] }
        let found = try pins("SELECT \(Self.pinColumns) FROM pins WHERE id = ANY($1::bigint[])", [PGArray.ints(ids)])
        let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return ids.compactMap { byID[$0] }
    }

    // MARK: Settings

    /// A personal setting (`PersonalSettingKey`: the UI's last view, how it shows things) is read as this role's
    /// (`KEY@ROLE`), else as the key every role shares (a store from before per-role views).
    public func setting(_ key: String) throws(StoreError) -> String? {
        let r = PersonalSettingKey.all.contains(key)
            ? try db.execute("""
                SELECT value FROM settings WHERE key IN ($1, $1 || '@' || current_user) ORDER BY key = $1 LIMIT 1
                """, [key])
            : try db.execute("SELECT value FROM settings WHERE key = $1", [key])
        return r.rows > 0 ? r.text(0, 0) : nil
    }

    /// A personal setting is kept per role (`KEY@ROLE`): each user of a shared store starts
    /// where they left.
    public func setSetting(_ key: String, _ value: String) throws(StoreError) {
        let name = PersonalSettingKey.all.contains(key) ? "$1 || '@' || current_user" : "$1"
        try db.execute("INSERT INTO settings(key, value) VALUES (\(name), $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                       [key, value])
    }
}

/// Array parameters in PostgreSQL's text form (`{1,2,3}`, `{"a","b"}`).
enum PGArray {
    static func ints<S: Sequence<Int64>>(_ values: S) -> String { "{" + values.map(String.init).joined(separator: ",") + "}" }
    static func texts<S: Sequence<String>>(_ values: S) -> String {
        "{" + values.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
            .joined(separator: ",") + "}"
    }
}
