/// Migration 13: every pin has a version (`pins.version`, 1 when stored, one more with
/// every edit that changes a value), so an edit or delete that names the version it read
/// is refused once another process changed the pin: "changed elsewhere since you opened
/// it" (`Store.update(…, ifVersion:)`, `pinmap edit --if-version N`). Pins edited before
/// take their count of edits into it. Adding a column with a constant default rewrites no
/// row; only the edited pins are updated.
enum Migration13Versions {
    static let sql = """
        ALTER TABLE pins ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
        UPDATE pins SET version = edits + 1 WHERE edits > 0;
        """
}
