/// Migration 17: the change log (`pin_changes`, migration 14) tells a comment deleted from one
/// added: a deleted comment's row has `pins` -1 (an added one's keeps 1), so an open UI says
/// "1 comment added elsewhere" or "1 comment deleted elsewhere" (`ChangeLog.changes`). The
/// kind stays `comment` (the table's CHECK, and programs that read only the kind). Rows
/// logged before it say 1 for both. Written to run again.
enum Migration17CommentChanges {
    static let sql = """
        DROP TRIGGER IF EXISTS pin_changes_comment_delete;
        CREATE TRIGGER pin_changes_comment_delete AFTER DELETE ON comments
        WHEN NOT EXISTS (SELECT 1 FROM pin_change_pause)
        BEGIN
            INSERT INTO pin_changes(kind, pin_id, pins) VALUES ('comment', old.pin_id, -1);
        END;
        """
}
