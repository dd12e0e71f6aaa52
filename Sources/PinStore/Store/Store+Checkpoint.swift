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

    /// Brings the map's cell tree up to date with pins just written (a few log rows: about
    /// 0.2 ms a pin), unless another connection holds the write lock (it never waits).
    /// Why: the tree is otherwise brought up to date by the next read that can write, and a
    /// store then opened read-only (another user's file, a read-only disk: `OpenMode.reading`)
    /// draws the tree as the last writer left it: after `pinmap add` it showed "0 of 0 pins
    /// in view" with the new pin in the list. A failure leaves that to the next read.
    public func settleMapCells() {
        guard path != ":memory:", !isReadOnly else { return }
        try? syncPinCellsIfPossible()
    }

    /// Gives the pages a large delete freed back to the file system (after bringing the map's
    /// cell tree up to date, which frees its log and tiles), then empties the WAL, so
    /// that undoing an import leaves the file about as large as before it. A store made with
    /// `auto_vacuum = INCREMENTAL` (every store since this was added) frees them with
    /// `PRAGMA incremental_vacuum`, a cost in proportion to the pages freed. An older store
    /// (no auto-vacuum) is rewritten once with `VACUUM` when more than half of it is free (so
    /// the rewrite copies less than what was removed) and is incremental from then on; below
    /// that its free pages are kept for the next import. A failure (another connection is
    /// reading) leaves the pages free inside the file: nothing is lost.
    /// - Parameter removedPins: how many pins the delete removed: when they are no fewer than
    ///   the pins left, the search index is merged into one segment (`optimize`), which drops
    ///   the delete markers FTS5 keeps for each removed pin; it reads the whole index, so only
    ///   then does its cost stay within the delete's.
    public func releaseFreedPages(removedPins: Int) {
        guard path != ":memory:", !isReadOnly else { return }
        // The map's cell tree first: its log holds a row for each deleted pin, and its tiles
        // the pins that are gone, until it is brought up to date (the map's next read would).
        try? syncPinCellsIfPossible()
        if removedPins > 0, let left = try? db.scalarInt("SELECT count(*) FROM pins"), Int64(removedPins) >= left {
            try? db.execute("INSERT INTO pins_fts(pins_fts) VALUES('optimize')")
        }
        let mode = (try? db.scalarInt("PRAGMA auto_vacuum")) ?? 0
        if mode == Store.incrementalVacuum {
            try? db.execute("PRAGMA incremental_vacuum")
        } else {
            let free = (try? db.scalarInt("PRAGMA freelist_count")) ?? 0
            let pages = (try? db.scalarInt("PRAGMA page_count")) ?? 0
            if free * 2 > pages { try? db.execute("PRAGMA auto_vacuum = INCREMENTAL; VACUUM") }
        }
        checkpoint()
    }

    /// `PRAGMA auto_vacuum`'s value for INCREMENTAL.
    static let incrementalVacuum: Int64 = 2
}
