/// Migration 14: the store's change log (`pin_changes`), which an open UI reads to say what
/// another process changed ("2 pins added, 1 pin edited elsewhere", `SQLiteChangeSource`).
/// Triggers on `pins` and `comments` log one row per pin added, edited or deleted and per
/// comment added or deleted; a bulk import, copy or undo of an import pauses them
/// (`pin_change_pause`, inside its own transaction) and logs one row for all its pins
/// (`pins`: how many; `Store.resumeChangeLog`). Every row a connection of the UI writes is
/// marked with the UI's process id (`writer`, by a TEMP trigger of that connection:
/// `Database.markChangesAsOwn`), so the UI never tells its own writes as another's and
/// never takes another's commit for its own, however close together they come.
///
/// Plain SQL only (no function of Pinmap's), so another program writing to the store keeps
/// working, its changes logged with no writer. `seq` is AUTOINCREMENT: a seq is never given
/// twice, so a reader that remembers the last one it read misses nothing, and a gap in what
/// it reads next means rows were trimmed before it looked. The log keeps its newest
/// `keptRows` to twice as many rows: each `keptRows`-th row trims the older ones.
///
/// The update trigger names no column (`AFTER UPDATE ON pins`): a later migration may drop
/// or add columns without touching it. Every statement can run again on a store that has
/// them (as a renumbered migration may be).
enum Migration14ChangeLog {
    /// Rows the log keeps at least (its trimming step).
    static let keptRows = 10_000

    /// The trigger that logs each pin inserted: dropped with the pins' insert triggers for a large
    /// import (`Store.insertTriggerNames`), back before it commits (`Store.resumeChangeLog`).
    static let insertTriggerName = "pin_changes_insert"

    static let sql = """
        CREATE TABLE IF NOT EXISTS pin_changes (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL CHECK (kind IN ('add', 'edit', 'delete', 'comment')),
            pin_id INTEGER,                  -- NULL: a bulk change of `pins` pins
            pins INTEGER NOT NULL DEFAULT 1,
            writer INTEGER                   -- process id of the Pinmap UI that wrote it; NULL: another writer
        );
        CREATE TABLE IF NOT EXISTS pin_change_pause (from_id INTEGER NOT NULL);
        CREATE TRIGGER IF NOT EXISTS \(insertTriggerName) AFTER INSERT ON pins
        WHEN NOT EXISTS (SELECT 1 FROM pin_change_pause)
        BEGIN
            INSERT INTO pin_changes(kind, pin_id) VALUES ('add', new.id);
        END;
        CREATE TRIGGER IF NOT EXISTS pin_changes_update AFTER UPDATE ON pins
        WHEN NOT EXISTS (SELECT 1 FROM pin_change_pause)
        BEGIN
            INSERT INTO pin_changes(kind, pin_id) VALUES ('edit', new.id);
        END;
        CREATE TRIGGER IF NOT EXISTS pin_changes_delete AFTER DELETE ON pins
        WHEN NOT EXISTS (SELECT 1 FROM pin_change_pause)
        BEGIN
            INSERT INTO pin_changes(kind, pin_id) VALUES ('delete', old.id);
        END;
        CREATE TRIGGER IF NOT EXISTS pin_changes_comment_insert AFTER INSERT ON comments
        WHEN NOT EXISTS (SELECT 1 FROM pin_change_pause)
        BEGIN
            INSERT INTO pin_changes(kind, pin_id) VALUES ('comment', new.pin_id);
        END;
        CREATE TRIGGER IF NOT EXISTS pin_changes_comment_delete AFTER DELETE ON comments
        WHEN NOT EXISTS (SELECT 1 FROM pin_change_pause)
        BEGIN
            INSERT INTO pin_changes(kind, pin_id) VALUES ('comment', old.pin_id);
        END;
        CREATE TRIGGER IF NOT EXISTS pin_changes_trim AFTER INSERT ON pin_changes
        WHEN new.seq % \(keptRows) = 0
        BEGIN
            DELETE FROM pin_changes WHERE seq <= new.seq - \(keptRows);
        END;
        """
}
