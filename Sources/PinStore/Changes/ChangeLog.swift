import Glibc
import PinModel

/// The store's change log (`pin_changes`, migration 14: `Migration14ChangeLog`): who reads
/// it and how, who marks rows as the UI's own, and how a bulk write logs one row for all its
/// pins. One place for what a log row means.
enum ChangeLog {
    /// The `writer` of every row the UI's own connections log: this process.
    static let ownWriter = Int64(getpid())

    /// Whether `db`'s store has the log (a store opened read-only before migration 14 has not).
    static func exists(in db: Database) throws(StoreError) -> Bool {
        try db.scalarInt("SELECT count(*) FROM main.sqlite_master WHERE type = 'table' AND name = 'pin_changes'") > 0
    }

    /// The last seq given (0: none yet): rows above it are new. Read from `sqlite_sequence`,
    /// not the rows, so a log trimmed or emptied does not give a seq twice.
    static func lastSeq(in db: Database) throws(StoreError) -> Int64 {
        try db.scalarInt("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'pin_changes'), 0)")
    }

    /// What the rows above `seq` say another writer changed, left out those of `ownWriter`,
    /// and the last seq read. A row missing between `seq` and the first one read (trimmed
    /// before this look) makes the change uncounted: something changed, not what.
    /// - Returns: the change (nil: nothing of another's) and the new last seq.
    static func changes(in db: Database, after seq: Int64) throws(StoreError) -> (StoreChange?, Int64) {
        let st = try db.prepare("SELECT seq, kind, pin_id, pins, writer FROM pin_changes WHERE seq > ? ORDER BY seq")
        try st.bind([.int(seq)])
        var change = StoreChange()
        var last = seq
        while try st.step() {
            if st.int(0) != last + 1 { change.counted = false }
            last = st.int(0)
            guard st.isNull(4) || st.int(4) != ownWriter else { continue }
            let pin: Int64? = st.isNull(2) ? nil : st.int(2)
            let pins = Int(st.int(3))
            switch st.text(1) {
            case "add": change.added += pins
            case "edit": change.noteEdit(of: pin)
            case "delete":
                change.deleted += pins
                if let pin { change.pinIDs.insert(pin) }
            // -1: deleted (migration 17). A deleted pin's comments (the foreign key's cascade)
            // and a restored pin's are each a row, and each counted, as a server counts them.
            case "comment":
                change.noteComment(added: pins >= 0)
                if let pin { change.pinIDs.insert(pin) }
            default: change.counted = false
            }
        }
        return (change.isEmpty ? nil : change, last)
    }
}

extension Database {
    /// Marks every row this connection logs (`pin_changes`) as the UI's own
    /// (`ChangeLog.ownWriter`), with a TEMP trigger: the connection's alone, unseen by other
    /// programs. The UI's connections call it (`Store.markChangesAsOwn`). A store without
    /// the log (read-only, before migration 14) has nothing to mark.
    func markChangesAsOwn() throws(StoreError) {
        guard try ChangeLog.exists(in: self) else { return }
        try execute("""
            CREATE TEMP TRIGGER IF NOT EXISTS pinmap_own_changes AFTER INSERT ON main.pin_changes
            BEGIN
                UPDATE pin_changes SET writer = \(ChangeLog.ownWriter) WHERE seq = new.seq;
            END
            """)
    }
}

extension Store {
    /// Marks this connection's writes as the UI's own, so that the UI's change watch
    /// (`SQLiteChangeSource`) does not tell them as another's (`Database.markChangesAsOwn`).
    /// - Throws: `StoreError` from SQLite.
    public func markChangesAsOwn() throws(StoreError) { try db.markChangesAsOwn() }

    /// Stops the log's triggers from logging each pin (a bulk import, copy or undo of an
    /// import), remembering the largest pin id now; `resumeChangeLog` logs the whole write as
    /// one row per kind. Call inside the write's transaction: the pause never outlives it.
    /// Calling it while paused adds no second mark.
    func pauseChangeLog() throws(StoreError) {
        try db.execute("""
            INSERT INTO pin_change_pause(from_id)
            SELECT (SELECT coalesce(max(id), 0) FROM pins) WHERE NOT EXISTS (SELECT 1 FROM pin_change_pause)
            """)
    }

    /// Ends `pauseChangeLog`: the insert trigger back when a large import dropped it
    /// (`dropPinIndexesForBulkInsert`), one row for the pins added since the pause (their
    /// ids are above its mark: an import or copy gives new ids only) and one for the
    /// `deleted` pins, then the pause lifted.
    /// - Throws: `StoreError` from SQLite.
    func resumeChangeLog(deleted: Int = 0) throws(StoreError) {
        let name = Migration14ChangeLog.insertTriggerName
        if let sql = try db.scalarText("SELECT sql FROM deferred_schema WHERE name = ?", [.text(name)]) {
            try db.execute(sql)
            try db.execute("DELETE FROM deferred_schema WHERE name = '\(name)'")
        }
        try db.execute("""
            INSERT INTO pin_changes(kind, pins)
            SELECT 'add', count(*) FROM pins WHERE id > (SELECT min(from_id) FROM pin_change_pause) HAVING count(*) > 0
            """)
        if deleted > 0 { try db.execute("INSERT INTO pin_changes(kind, pins) VALUES ('delete', \(deleted))") }
        try db.execute("DELETE FROM pin_change_pause")
    }
}
