import CSQLite
import Foundation
import Support

/// The pin store: one SQLite file in WAL mode, schema versioned by
/// `PRAGMA user_version` (see `Migrations`). Opening never overwrites a file
/// that is not a Pinmap store.
public final class Store {
    let db: Database
    /// The file path, or `:memory:`.
    public let path: String
    /// Opened read-only (`OpenMode.reading` on a store that cannot be written, or any mode on a
    /// store file this process may not write: `readOnlyFileInWritableFolder`): every write fails.
    public let isReadOnly: Bool
    /// Where the times written with pins, comments and imports come from (the system clock;
    /// tests stop it).
    public let clock: WallClock
    /// The map's decoded tiles around the last views (`visitPinCells`).
    lazy var pinCellTileCache = PinCellTileCache(db: db, changes: changeWatch)
    /// The list's newest pins around the last view (`newestPins`).
    lazy var newestPinsWindow = NewestPinsWindow()
    /// The titles the map last read (`titles(ids:)`).
    lazy var titleCache = TitleCache()
    /// When the caches above may be stale.
    lazy var changeWatch = StoreChangeWatch(db: db)

    /// How a store is opened.
    public enum OpenMode: Sendable {
        /// Only a Pinmap store that exists: a missing or empty file is refused
        /// ("no Pinmap store at PATH") and nothing is created.
        case existing
        /// Like `existing`, for a command that only reads: when the file or its folder cannot
        /// be written, the store is opened read-only as an unchanging file (`immutable=1`), so
        /// a store on a read-only disk or in someone else's folder can still be listed.
        case reading
        /// Create the file when missing; with `makeFolders`, its missing folders too.
        case create(makeFolders: Bool)

        var creates: Bool { if case .create = self { return true } else { return false } }
        var isReading: Bool { if case .reading = self { return true } else { return false } }
    }

    /// Opens the store at `path` and migrates its schema. Nothing is written before the file
    /// is known to be a Pinmap store (or a new, empty file in `.create` mode).
    /// - Parameter mode: `.existing` for commands that must not create a store;
    ///   `.create(makeFolders: true)` (the default) creates the file and its folder.
    /// - Throws: `StoreError` when the file is missing (`.existing`) or its folder is
    ///   (`.create(makeFolders: false)`), is an empty file not named like a store
    ///   (`EmptyFileClaim`), cannot be opened, is not an SQLite database, is an
    ///   SQLite database of another program, or has a newer schema.
    public init(path: String, mode: OpenMode = .create(makeFolders: true), clock: WallClock = .system) throws(StoreError) {
        self.path = path
        self.clock = clock
        let memory = path == ":memory:"
        do throws(StoreError) {
            if !memory { try Store.checkPath(path, mode: mode) }
            let immutable = !memory && (mode.isReading ? !Store.writable(path) : Store.readOnlyFileInWritableFolder(path))
            isReadOnly = immutable
            db = try Database(path: path, create: mode.creates, immutable: immutable)
            // For a new file only (SQLite ignores it once the file has pages): 8 KiB pages
            // make bulk imports ≈ 8 % faster than the default 4 KiB (fewer, fuller B-tree pages).
            try db.execute("PRAGMA page_size = 8192")
            // Also for a new file only, and only when the command may create a store (on an
            // empty file SQLite writes its header for it): pages a delete frees can be given
            // back to the file system (`releaseFreedPages`, after an undo), not only reused.
            // Never on a file with pages: there the pragma begins a write transaction (to
            // write the header's vacuum flag), so opening would wait for, and after the busy
            // timeout fail on, another connection's write (`pinmap index`, an import).
            if mode.creates && !immutable, try db.scalarInt("PRAGMA page_count") == 0 {
                try db.execute("PRAGMA auto_vacuum = INCREMENTAL")
            }
            try db.execute("PRAGMA foreign_keys = ON")
            // Large sorts (CREATE INDEX after an import, the map's tree rebuild) may use a
            // helper thread: ≈ 20 % faster on 2 cores.
            try db.execute("PRAGMA threads = 2")
            try Store.registerSearchFunctions(on: db)
            try registerTileMigrationFunction()
            // Read only: a foreign or newer file is refused before anything is written to it.
            let needsMigration = try StoreIdentity.check(db, path: path, mustExist: !mode.creates)
            if immutable {
                if needsMigration { throw StoreError(StoreErrorText.readOnly(path: path) + " (this store is from an older pinmap and must be upgraded once)", code: SQLITE_READONLY) }
                return
            }
            if !memory {
                try useWAL()
                try db.execute("PRAGMA synchronous = NORMAL")
            }
            if needsMigration { try StoreIdentity.migrate(db) }
        } catch {
            // "no Pinmap store at PATH" says it all; the rest say which store could not open.
            if error.message.hasPrefix("no Pinmap store") { throw error }
            throw StoreError("cannot open store \(MessageText.quotedPath(path)): \(error.message)", code: error.code)
        }
    }

    /// Switches the file to WAL. While the first import into a store holds it in rollback-journal
    /// mode, the switch fails at once with `SQLITE_BUSY` (SQLite does not wait for a journal
    /// mode change); the store is then used in that mode, and every statement waits for the
    /// import like any other lock (the busy timeout). The import switches back when it ends.
    private func useWAL() throws(StoreError) {
        do { try db.execute("PRAGMA journal_mode = WAL") } catch where error.code & 0xFF == SQLITE_BUSY || error.code & 0xFF == SQLITE_LOCKED {}
    }

    /// A fresh in-memory store (tests, dry runs).
    public static func inMemory(clock: WallClock = .system) throws(StoreError) -> Store {
        try Store(path: ":memory:", clock: clock)
    }

    /// The default store path: `$PINMAP_DB`, else `$XDG_DATA_HOME/pinmap/pins.sqlite`,
    /// else `~/.local/share/pinmap/pins.sqlite`. As the XDG Base Directory specification
    /// says, a relative `XDG_DATA_HOME` is ignored (it named a folder under whatever the
    /// working folder was, and the default path's folders are created); an empty `HOME` is
    /// the user's home from the user database (it gave `/.local/share/…`, at the root).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let p = environment["PINMAP_DB"], !p.isEmpty { return p }
        if let x = environment["XDG_DATA_HOME"], x.hasPrefix("/") { return x + "/pinmap/pins.sqlite" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/pinmap/pins.sqlite"
    }

    /// What must hold before SQLite opens `path` in `mode` (SQLite itself would create the file).
    private static func checkPath(_ path: String, mode: OpenMode) throws(StoreError) {
        if let kind = StoreErrorText.notRegularFile(path) {
            throw StoreError("it is not a regular file but \(kind); a store is a file: choose another --db path", code: SQLITE_CANTOPEN)
        }
        // SQLite opens the journals following links: a `-wal` linked to another file (planted
        // in a shared folder) would be written, and truncated, through the link.
        for suffix in ["-wal", "-shm", "-journal"] {
            if let what = StoreErrorText.notPlainJournal(path + suffix) {
                throw StoreError("its \(suffix.dropFirst()) file \(MessageText.quotedPath(path + suffix)) is \(what), which SQLite would write through; remove it (nothing was changed)", code: SQLITE_CANTOPEN)
            }
        }
        let dir = PathParts.folder(path)
        switch mode {
        case .existing, .reading:
            guard FileManager.default.fileExists(atPath: path) else {
                throw StoreError("no Pinmap store at \(MessageText.quotedPath(path)) (nothing was created; `pinmap import` or `pinmap add` creates one)", code: SQLITE_CANTOPEN)
            }
        case .create(let makeFolders):
            try EmptyFileClaim.check(path)
            guard !dir.isEmpty else { return }
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) {
                if !isDir.boolValue { throw StoreError("\(MessageText.quotedPath(dir)) is not a folder", code: SQLITE_CANTOPEN) }
                return
            }
            guard makeFolders else {
                throw StoreError("the folder \(MessageText.quotedPath(dir)) does not exist; create it first or choose another --db path", code: SQLITE_CANTOPEN)
            }
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            } catch {
                throw StoreError("cannot create the folder \(MessageText.quotedPath(dir)): \(error.localizedDescription)", code: SQLITE_CANTOPEN)
            }
        }
    }

    /// Whether SQLite can write the store `path` and its journal (`-wal`, `-shm`) next to it.
    static func writable(_ path: String) -> Bool {
        access(path, W_OK) == 0 && StoreErrorText.folderWritable(path)
    }

    /// Whether `path` is a file this process may not write, in a folder it may. Such a store
    /// is opened as `reading` opens it (`immutable=1`) for every command: opened read-write,
    /// SQLite falls back to read-only and still makes its `-wal` and `-shm` beside it, with
    /// the store's mode (0444), and leaves them there; after the user made the store writable
    /// as told, those read-only files kept every write failing with the same message. A write
    /// now fails with that message and leaves nothing beside the store. (A read-only folder
    /// lets SQLite make nothing: it fails on opening and says so.)
    static func readOnlyFileInWritableFolder(_ path: String) -> Bool {
        access(path, F_OK) == 0 && access(path, W_OK) != 0 && StoreErrorText.folderWritable(path)
    }

    /// Schema version (number of migrations applied).
    public func schemaVersion() throws(StoreError) -> Int { Int(try db.scalarInt("PRAGMA user_version")) }

    /// Runs `body` in one transaction (see `Database.transaction`).
    public func transaction<T>(_ body: () throws -> T) throws -> T { try db.transaction(.write, body) }
}
