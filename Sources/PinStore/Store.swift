import CSQLite
import Foundation

/// The pin store: one SQLite file in WAL mode, schema versioned by
/// `PRAGMA user_version` (see `Migrations`). Opening never overwrites a file
/// that is not a Pinmap store.
public final class Store {
    public let db: Database
    /// The file path, or `:memory:`.
    public let path: String

    /// Opens the store at `path`, creating the file and its folder when missing,
    /// and migrates the schema.
    /// - Throws: `StoreError` when the file cannot be opened or created, is not
    ///   an SQLite database, or is an SQLite database of another program.
    public init(path: String) throws(StoreError) {
        self.path = path
        if path != ":memory:" { try Store.prepareFolder(for: path) }
        do {
            db = try Database(path: path)
            // For a new file only (SQLite ignores it once the file has pages): 8 KiB pages
            // make bulk imports ≈ 8 % faster than the default 4 KiB (fewer, fuller B-tree pages).
            try db.execute("PRAGMA page_size = 8192")
            try db.execute("PRAGMA foreign_keys = ON")
            // Large sorts (CREATE INDEX after an import, the map's tree rebuild) may use a
            // helper thread: ≈ 20 % faster on 2 cores.
            try db.execute("PRAGMA threads = 2")
            try registerSearchFunction()
            try registerCharsFunction()
            try checkIdentity()
            if path != ":memory:" {
                try db.execute("PRAGMA journal_mode = WAL")
                try db.execute("PRAGMA synchronous = NORMAL")
            }
            try migrate()
        } catch where error.code & 0xFF == SQLITE_BUSY {
            throw StoreError("cannot open store \(path): another pinmap holds it (the first import into a store locks it until it ends); try again when that finishes", code: error.code)
        } catch {
            throw StoreError("cannot open store \(path): \(error.message)", code: error.code)
        }
    }

    /// A fresh in-memory store (tests, dry runs).
    public static func inMemory() throws(StoreError) -> Store { try Store(path: ":memory:") }

    /// The default store path: `$PINMAP_DB`, else `$XDG_DATA_HOME/pinmap/pins.sqlite`,
    /// else `~/.local/share/pinmap/pins.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let p = environment["PINMAP_DB"], !p.isEmpty { return p }
        if let x = environment["XDG_DATA_HOME"], !x.isEmpty { return x + "/pinmap/pins.sqlite" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/pinmap/pins.sqlite"
    }

    private static func prepareFolder(for path: String) throws(StoreError) {
        let dir = (path as NSString).deletingLastPathComponent
        guard !dir.isEmpty else { return }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) {
            if !isDir.boolValue { throw StoreError("cannot open store \(path): \(dir) is not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw StoreError("cannot create folder \(dir) for the store: \(error.localizedDescription)")
        }
    }

    /// Refuses SQLite files that belong to another program; claims empty ones.
    private func checkIdentity() throws(StoreError) {
        // Reading the schema is what fails with SQLITE_NOTADB on a non-SQLite file.
        let tables = try db.scalarInt("SELECT count(*) FROM sqlite_master")
        let appID = try db.scalarInt("PRAGMA application_id")
        if tables == 0 && appID == 0 {
            try db.execute("PRAGMA application_id = \(Migrations.applicationID)")
        } else if appID != Migrations.applicationID {
            throw StoreError("not a Pinmap store (it is an SQLite database of another program); choose another --db path")
        }
    }

    private func migrate() throws(StoreError) {
        let version = Int(try db.scalarInt("PRAGMA user_version"))
        if version > Migrations.all.count {
            throw StoreError("store schema version \(version) is newer than this pinmap (\(Migrations.all.count)); update pinmap")
        }
        for (i, sql) in Migrations.all.enumerated().dropFirst(version) {
            do {
                try db.transaction {
                    try db.execute(sql)
                    try db.execute("PRAGMA user_version = \(i + 1)")
                }
            } catch let e as StoreError {
                throw StoreError("migration \(i + 1) failed: \(e.message)", code: e.code)
            } catch {
                throw StoreError("migration \(i + 1) failed: \(error)")
            }
        }
    }

    /// Schema version (number of migrations applied).
    public func schemaVersion() throws(StoreError) -> Int { Int(try db.scalarInt("PRAGMA user_version")) }

    /// Runs `body` in one transaction (see `Database.transaction`).
    public func transaction<T>(_ body: () throws -> T) throws -> T { try db.transaction(body) }
}
