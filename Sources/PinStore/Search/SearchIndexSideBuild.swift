import CSQLite
import Foundation
import Support

/// Builds the search index (`pins_fts`) of committed pins on a side thread, while the write
/// connection builds the pins' indexes and the map's tree: `pinmap import --index` on 2 cores
/// (`Store.finishIndexingBeside`). On the write connection alone the search index is the
/// longest step of indexing a million imported pins (≈ 4.5 s of 1,000,000 generated pins,
/// after ≈ 2 s of indexes and ≈ 3 s of the map's tree); beside them it costs a copy.
///
/// The thread has its own connection to the store, in WAL mode: it reads the pins as the
/// import committed them while the write connection writes. It fills a `pins_fts` of the
/// store's definition in a private temporary database (SQLite's file named "", attached as
/// `side`: removed when closed, by the system when the process is killed) with
/// `SearchIndexBuild`'s bulk settings, then its defaults and merge, as the store would.
/// `Store.finishIndexingBeside` then copies that index's tables into the store, whose index
/// must still be empty, in a transaction of a third connection: FTS5 caches an index's
/// structure per connection and reads it again only when another connection changed the
/// file, so the connection that writes the tables must not be one that read them.
///
/// Memory: FTS5 keeps up to 8 MiB of terms before it writes a segment; the connection's
/// page caches are 2 MiB each.
public final class SearchIndexSideBuild: @unchecked Sendable {
    /// Fewest pins to index that are worth a thread and a file; below, the write connection
    /// builds the search index itself.
    public static let minRows: Int64 = 50_000

    /// The store's pause mark (`search_index_pause.from_id`): the thread indexes the pins above it.
    let from: Int64
    /// The pins above `from` when the build started (rows) and the last id: the copy checks
    /// the store still holds exactly these.
    let rows: Int64
    let lastID: Int64
    /// The thread's connection: the store as `main`, the new index in `side`.
    private let db: Database
    private var thread: JoinableThread?
    private let lock = NSLock()
    private var failure: StoreError?  // guarded by `lock`
    private var done = 0.0  // guarded: the fraction of the pins indexed

    private init(from: Int64, rows: Int64, lastID: Int64, db: Database) {
        self.from = from
        self.rows = rows
        self.lastID = lastID
        self.db = db
    }

    deinit { cancel() }

    /// The finished index's database (after `finish`): the tables `side.pins_fts_*`.
    var database: Database { db }

    /// Opens a connection to the store at `path`, attaches a temporary database with a search
    /// index defined by `definition` (the store's `CREATE VIRTUAL TABLE pins_fts …`), takes a
    /// read snapshot of the pins above `from` and starts the thread.
    /// - Returns: nil when the connection or the temporary database cannot be made (the
    ///   caller builds the index itself).
    static func start(path: String, definition: String, from: Int64) -> SearchIndexSideBuild? {
        do {
            let db = try Database(path: path, create: false)
            try Store.registerSearchFunctions(on: db)
            // Scratch: a failed build is thrown away, so no journal and no syncs.
            try db.execute("""
                ATTACH '' AS side;
                PRAGMA side.journal_mode = OFF; PRAGMA side.synchronous = OFF; PRAGMA side.cache_size = -2048;
                """)
            guard definition.hasPrefix("CREATE VIRTUAL TABLE pins_fts ") else { return nil }
            try db.execute("CREATE VIRTUAL TABLE side.pins_fts " + definition.dropFirst("CREATE VIRTUAL TABLE pins_fts ".count))
            // The snapshot: from here on the thread sees the pins as they are now.
            try db.execute("BEGIN")
            let st = try db.prepare("SELECT count(*), coalesce(max(id), 0) FROM main.pins WHERE id > ?")
            try st.bind([.int(from)])
            _ = try st.step()
            let build = SearchIndexSideBuild(from: from, rows: st.int(0), lastID: st.int(1), db: db)
            build.thread = JoinableThread { build.run() }
            return build
        } catch {
            return nil
        }
    }

    /// The thread: fills `side.pins_fts` in steps of `SearchIndexBuild.rowsPerStep` ids.
    private func run() {
        defer { lock.withLock { ended = true } }
        do throws(StoreError) {
            try db.execute(SearchIndexBuild.bulkSettings.replacingOccurrences(of: "INTO pins_fts", with: "INTO side.pins_fts"))
            let insert = try db.prepare(SearchIndexBuild.insert(where: "id > ? AND id <= ?", into: "side.pins_fts", from: "main.pins"))
            var low = from
            while low < lastID {
                if isCancelled { throw StoreError("stopped", code: SQLITE_INTERRUPT) }
                let high = min(lastID, low + SearchIndexBuild.rowsPerStep)
                try insert.bind([.int(low), .int(high)])
                try insert.step()
                insert.reset()
                low = high
                lock.withLock { done = Double(low - from) / Double(max(1, lastID - from)) }
            }
            try db.execute(SearchIndexBuild.defaultSettings.replacingOccurrences(of: "INTO pins_fts", with: "INTO side.pins_fts"))
            try db.execute("COMMIT")  // ends the snapshot of the store; the side database keeps the index
        } catch {
            try? db.execute("ROLLBACK")
            lock.withLock { failure = error }
        }
    }

    private var cancelled = false  // guarded by `lock`
    private var ended = false  // guarded
    private var isCancelled: Bool { lock.withLock { cancelled } }

    /// The fraction (0…1) of the pins indexed so far.
    var fraction: Double { lock.withLock { done } }

    /// Stops the thread at its next step and waits for it.
    func cancel() {
        lock.withLock { cancelled = true }
        thread?.join()
        thread = nil
    }

    /// Waits for the thread, calling `progress` with the fraction done about every 50 ms.
    /// - Throws: the build's `StoreError`.
    func finish(progress: ((Double) -> Void)? = nil) throws(StoreError) {
        if let thread {
            // At least once, before the build is taken.
            progress?(fraction)
            while !lock.withLock({ ended }) {
                usleep(50_000)
                progress?(fraction)
            }
            thread.join()
            self.thread = nil
        }
        if let failure = lock.withLock({ failure }) { throw failure }
    }
}
