/// Migration 16: a pin id is never given twice. `pins.id` is an `INTEGER PRIMARY KEY` without
/// `AUTOINCREMENT`, so SQLite gives a new row the largest id plus one: once the pin with the
/// highest id was deleted, the next new pin took its id, at version 1, and an edit or delete
/// of the deleted pin by id and version (`pinmap edit 48 --if-version 1`, the UI's open edit
/// form) hit the new pin instead of being told the pin was deleted elsewhere. A PostgreSQL
/// store's identity column never gives an id twice; this makes a file store do the same.
///
/// `pin_id_floor` holds one row: an id at least as high as every id given so far that is no
/// longer in `pins` (`highest`). An `AFTER DELETE` trigger raises it only when the deleted pin
/// was above every pin left (one index probe for any other delete, so undoing an import pin
/// by pin stays as fast), and Pinmap's inserts that let SQLite choose the id start above it
/// (`PinIDFloor`). Rows put back under their own ids (undo of a delete, undo-import's kept
/// pins) need nothing. `AUTOINCREMENT` would mean rebuilding the table with its indexes and
/// triggers, and a write to `sqlite_sequence` for every row a bulk import adds.
///
/// Other programs cannot insert into `pins` (its search trigger calls Pinmap's tokenizer), so
/// Pinmap's insert paths are all there are. The starting value is the highest id the store
/// still shows it gave: its pins, the change log's deleted pins (migration 14) and the
/// import batches' id ranges (migration 12). Every statement can run again on a store that
/// has them (as tests that rewind `user_version` do).
enum Migration16IDFloor {
    /// The trigger that raises the floor: dropped with every trigger on `pins` where a
    /// statement empties the table (`Store.withoutPinTriggers`), which raises it itself.
    static let deleteTriggerName = "pin_id_floor_delete"

    static let sql = """
        CREATE TABLE IF NOT EXISTS pin_id_floor (highest INTEGER NOT NULL);
        INSERT INTO pin_id_floor(highest) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM pin_id_floor);
        UPDATE pin_id_floor SET highest = max(highest, coalesce((SELECT max(id) FROM pins), 0),
                                              coalesce((SELECT max(pin_id) FROM pin_changes), 0),
                                              coalesce((SELECT max(last_pin) FROM import_batch_pins), 0));
        CREATE TRIGGER IF NOT EXISTS \(deleteTriggerName) AFTER DELETE ON pins
        WHEN old.id > coalesce((SELECT max(id) FROM pins), 0)
        BEGIN
            UPDATE pin_id_floor SET highest = old.id WHERE highest < old.id;
        END;
        """
}
