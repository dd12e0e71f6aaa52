import CSQLite
import Glibc

/// `pinmap import --index` on 2 cores: the search index built beside the other indexing.
extension Store {
    /// Indexes what a bulk import left (as `finishIndexing`), with the search index of the
    /// new pins built on a side thread (`SearchIndexSideBuild`) while this connection builds
    /// the pins' indexes and the map's tree, when the store's search index is still empty
    /// (a first large import) and at least `SearchIndexSideBuild.minRows` pins wait for it.
    /// Otherwise, or when the side build fails or another connection wrote meanwhile, it is
    /// `finishIndexing`.
    ///
    /// Two transactions: the indexes and the map's tree (this connection), then the copy of
    /// the side-built index, which lifts the search pause (a second connection). A kill
    /// between them leaves the search index for `finishIndexing` (`pinmap index`, the UI),
    /// with search finding the new pins by a scan meanwhile, as after a plain import.
    /// - Parameters:
    ///   - progress: called after each step and about every 50 ms while waiting.
    ///   - minRows: fewest waiting pins for a side build (tests lower it).
    /// - Returns: how many pins joined the search index (rows), and whether it was built
    ///   beside (false: by `finishIndexing`).
    /// - Throws: `StoreError` from SQLite; what was committed stays, the rest waits for
    ///   `finishIndexing`.
    @discardableResult
    public func finishIndexingBeside(progress: ((IndexingProgress) -> Void)? = nil,
                                     minRows: Int64 = SearchIndexSideBuild.minRows) throws(StoreError) -> (rows: Int, beside: Bool) {
        defer { try? db.execute("DELETE FROM settings WHERE key = '\(Store.indexingProcessKey)'") }
        guard let build = try startSearchBeside(minRows: minRows) else { return (try finishIndexing(progress: progress), false) }
        defer { build.cancel() }
        // Indexes 0–0.3, map 0.3–0.5, then the wait for search 0.5–0.95, the copy to 1.
        try finishIndexingExceptSearch { p in progress?(IndexingProgress(stage: p.stage, fraction: 0.5 * p.fraction)) }
        let version = try db.scalarInt("PRAGMA data_version")
        do {
            try build.finish { f in progress?(IndexingProgress(stage: .search, fraction: 0.5 + 0.45 * f)) }
            try copySearchIndex(of: build, ifVersion: version)
        } catch {
            return (try finishIndexing(progress: progress), false)
        }
        progress?(IndexingProgress(stage: .search, fraction: 1))
        return (Int(build.rows), true)
    }

    /// The setting that names the process (its id) whose import committed pins that it is
    /// indexing now (`endBulkInsert(deferringAll:)` → `finishIndexingBeside`).
    static let indexingProcessKey = "indexing_process"

    /// Names this process as the one indexing what a bulk import left (`pinmap index`), so a
    /// UI opened meanwhile leaves it to this one; `indexingDone()` takes the name back.
    public func markIndexing() {
        try? setSetting(Store.indexingProcessKey, String(getpid()))
    }

    /// Takes back `markIndexing`'s name.
    public func indexingDone() {
        try? db.execute("DELETE FROM settings WHERE key = '\(Store.indexingProcessKey)'")
    }

    /// Whether another live process is indexing the pins its import just committed (the UI
    /// then leaves them to it instead of indexing them too). A killed import's mark names a
    /// process that is gone: false then.
    /// - Throws: `StoreError` from SQLite.
    public func indexingElsewhere() throws(StoreError) -> Bool {
        guard let text = try setting(Store.indexingProcessKey), let pid = Int32(text), pid != getpid() else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// A side build of the search index when the conditions of `finishIndexingBeside` hold.
    private func startSearchBeside(minRows: Int64) throws(StoreError) -> SearchIndexSideBuild? {
        guard path != ":memory:", let from = try unindexedAbove() else { return nil }
        let ready = try db.scalarInt("""
            SELECT NOT EXISTS (SELECT 1 FROM pins_fts_idx)
               AND (SELECT count(*) FROM pins WHERE id > ?1) >= ?2
            """, [.int(from), .int(minRows)])
        // The side connection reads while this one writes: only in WAL mode.
        guard ready == 1, try db.scalarText("PRAGMA journal_mode") == "wal" else { return nil }
        let st = try db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'pins_fts'")
        guard try st.step() else { return nil }
        return SearchIndexSideBuild.start(path: path, definition: st.text(0), from: from)
    }

    /// `finishIndexing` but for search: the deferred indexes and triggers, and the map's tree,
    /// in one transaction; the search pause stays.
    private func finishIndexingExceptSearch(_ progress: @escaping (IndexingProgress) -> Void) throws(StoreError) {
        let cache = try db.scalarInt("PRAGMA cache_size")
        try db.execute("PRAGMA cache_size = -8192")  // as `finishIndexing`: the sorts' memory
        // The second core builds search: sorter threads would only contend with it.
        // Measured (1M pins, alternating): 7.7–9.5 s with none, 8.7–10.5 s with two.
        let threads = try db.scalarInt("PRAGMA threads")
        try db.execute("PRAGMA threads = 0")
        defer {
            try? db.execute("PRAGMA threads = \(threads)")
            try? db.execute("PRAGMA cache_size = \(cache)")
        }
        try atomically { () throws(StoreError) in
            try restoreDeferredSchema { done, all in
                progress(IndexingProgress(stage: .indexes, fraction: 0.6 * Double(done) / Double(all)))
            }
            let tree = try startPinCellSideBuild()
            defer { tree?.cancel() }
            try addPausedPinsToCells(sideBuild: tree) { f in progress(IndexingProgress(stage: .map, fraction: 0.6 + 0.4 * f)) }
            try syncPinCells()
        }
    }

    private struct StoreChanged: Error {}

    /// Copies the side-built index into the store and lifts the search pause, in one
    /// transaction of a new connection, when the store is as this connection left it (no
    /// other connection committed since `version` of `PRAGMA data_version`, the pins above
    /// the pause mark are the build's, the store's index is empty).
    private func copySearchIndex(of build: SearchIndexSideBuild, ifVersion version: Int64) throws {
        let copier = try Database(path: path, create: false)
        try copier.execute("PRAGMA wal_autocheckpoint = 0")  // the write connection's close copies the WAL
        try copier.transaction(.write) {
            // The copier holds the write lock now: nothing can change after these checks.
            guard try db.scalarInt("PRAGMA data_version") == version else { throw StoreChanged() }
            let st = try copier.prepare("""
                SELECT (SELECT min(from_id) FROM search_index_pause), count(*), coalesce(max(id), 0),
                       NOT EXISTS (SELECT 1 FROM pins_fts_idx)
                FROM pins WHERE id > ?1
                """)
            try st.bind([.int(build.from)])
            _ = try st.step()
            guard !st.isNull(0), st.int(0) == build.from, st.int(1) == build.rows,
                  st.int(2) == build.lastID, st.int(3) == 1 else { throw StoreChanged() }
            try copier.execute("DELETE FROM pins_fts_data; DELETE FROM pins_fts_config")
            for (table, columns, key) in [("pins_fts_data", "id, block", "id"), ("pins_fts_idx", "segid, term, pgno", "segid, term"),
                                          ("pins_fts_config", "k, v", "k")] {
                try copyTable(table, columns: columns, key: key, from: build.database, to: copier)
            }
            try copier.execute("DELETE FROM search_index_pause; DELETE FROM settings WHERE key = '\(Store.indexingProcessKey)'")
        }
    }

    /// Copies every row of `side.table` (`columns`) into the store's `table`, in the order of
    /// its primary key `key` (read without a sort, appended to the target).
    private func copyTable(_ table: String, columns: String, key: String,
                           from source: Database, to target: Database) throws(StoreError) {
        let n = Int32(columns.split(separator: ",").count)
        let read = try source.prepare("SELECT \(columns) FROM side.\(table) ORDER BY \(key)")
        let write = try target.prepare("INSERT INTO \(table)(\(columns)) VALUES (\(Array(repeating: "?", count: Int(n)).joined(separator: ", ")))")
        while try read.step() {
            try write.bindColumns(of: read, count: n)
            try write.step()
            write.reset()
        }
    }
}
