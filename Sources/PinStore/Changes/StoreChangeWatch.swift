import CSQLite

/// Tells the store's read caches (`PinCellTileCache`, `NewestPinsWindow`) when the tables
/// they copy may have changed: a commit by another connection (`PRAGMA data_version`), a
/// row written by this one (`sqlite3_total_changes64`, which counts trigger writes and the
/// tree's sync), or a write transaction of this one ending (`Database.writeEnds`: a rollback
/// changes rows without counting them). One place for the test, so every cache drops on
/// the same evidence.
final class StoreChangeWatch {
    /// Bumped whenever `check()` sees a change; a cache keeps the generation it was filled at.
    /// Starts at 1, so a cache that starts at 0 drops on its first check.
    private(set) var generation = 1

    private let db: Database
    private var token: (dataVersion: Int64, changes: Int64, writeEnds: Int) = (-1, -1, -1)
    private var dataVersion: Statement?

    init(db: Database) { self.db = db }

    /// Compares the store with the last check and bumps `generation` when it may have
    /// changed. Call before reading a cache. - Throws: `StoreError` from SQLite.
    func check() throws(StoreError) {
        if dataVersion == nil { dataVersion = try db.prepare("PRAGMA data_version") }
        guard let st = dataVersion else { return }
        try st.bind([])
        let version = try st.step() ? st.int(0) : -1
        st.reset()
        let now = (dataVersion: version, changes: sqlite3_total_changes64(db.handle), writeEnds: db.writeEnds)
        if now != token { generation &+= 1 }
        token = now
    }
}
