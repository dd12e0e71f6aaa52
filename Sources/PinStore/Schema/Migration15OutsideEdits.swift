/// Migration 15: an edit made outside Pinmap (the sqlite3 shell, QGIS, a script) raises the
/// pin's version too, so a Pinmap edit that read the version before is refused ("changed
/// elsewhere since you opened it") instead of writing over it. An update that changes what a
/// user sees (title, description, category, latitude, longitude, created_at, properties) and
/// leaves `version` as it was gets version + 1, one more edit (`edits`: undo-import keeps the
/// pin, as after an edit in Pinmap) and, unless it set one itself, `updated_at` now.
///
/// Pinmap's own edit sets `version = version + 1` itself, so the trigger's `WHEN` skips it
/// (never raised twice); imports, copies and undo insert or delete and never fire it. Columns
/// the store maintains are not in its column list. Its own `UPDATE` names only `version`,
/// `edits` and `updated_at`, so it fires no search or map trigger, and no trigger of its own
/// (SQLite's triggers are not recursive unless asked); the change log's update trigger, which
/// names no column, logs that `UPDATE` as a second "edit" of the same pin, which readers
/// count once (`StoreChange.noteEdit`). Plain SQL only, so another program keeps writing.
enum Migration15OutsideEdits {
    /// The columns whose change is an edit a user sees.
    static let seenColumns = ["title", "description", "category", "latitude", "longitude", "created_at", "properties"]

    static let sql = """
        CREATE TRIGGER IF NOT EXISTS pins_outside_edit AFTER UPDATE OF \(seenColumns.joined(separator: ", ")) ON pins
        WHEN new.version IS old.version
         AND (\(seenColumns.map { "new.\($0) IS NOT old.\($0)" }.joined(separator: " OR ")))
        BEGIN
            UPDATE pins SET version = old.version + 1,
                            edits = CASE WHEN new.edits IS old.edits THEN old.edits + 1 ELSE new.edits END,
                            updated_at = CASE WHEN new.updated_at IS old.updated_at
                                              THEN strftime('%Y-%m-%dT%H:%M:%SZ', 'now') ELSE new.updated_at END
            WHERE id = new.id;
        END;
        """
}
