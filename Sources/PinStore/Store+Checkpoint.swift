import CSQLite

extension Store {
    /// Runs `body` with this connection's WAL auto-checkpoint off, so that a commit inside it
    /// returns as soon as the transaction is durable in the WAL, instead of also copying the
    /// WAL into the database file (seconds after a million-pin import or undo). The copy
    /// happens at the next checkpoint: a later commit or the connection's close. Why: a
    /// command that says "interrupted; nothing was changed" on Ctrl-C must stop saying so
    /// the moment its commit is done, and a checkpoint inside the commit left that window
    /// open for seconds. A store in rollback-journal mode is not affected.
    public func withoutAutoCheckpoint<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let pages = (try? db.scalarInt("PRAGMA wal_autocheckpoint")) ?? 1000
        try? db.execute("PRAGMA wal_autocheckpoint = 0")
        defer { try? db.execute("PRAGMA wal_autocheckpoint = \(pages)") }
        return try body()
    }

    /// Copies the WAL into the database file now (`PRAGMA wal_checkpoint(TRUNCATE)`), so
    /// that closing the store afterwards is quick; a failure (another reader) leaves the
    /// copy to a later checkpoint, and nothing is lost either way.
    public func checkpoint() {
        try? db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
