import CSQLite

extension Store {
    /// The comments on pin `pinID`, oldest first (by `created_at`, then id);
    /// empty when the pin has none or does not exist.
    /// - Throws: `StoreError` from SQLite.
    public func comments(pinID: Int64) throws(StoreError) -> [Comment] {
        let st = try db.prepare("SELECT id, pin_id, body, created_at FROM comments WHERE pin_id = ? ORDER BY created_at, id")
        try st.bind([.int(pinID)])
        var out: [Comment] = []
        while try st.step() { out.append(Comment(id: st.int(0), pinID: st.int(1), body: st.text(2), createdAt: st.text(3))) }
        return out
    }

    /// Adds a comment dated now to pin `pinID` and returns its id.
    /// - Throws: `StoreError` when `body` is blank (`PinRules.check(commentBody:)`), there is
    ///   no pin `pinID`, or SQLite fails.
    @discardableResult
    public func addComment(pinID: Int64, body: String) throws(StoreError) -> Int64 {
        try PinRules.check(commentBody: body)
        guard try db.scalarInt("SELECT count(*) FROM pins WHERE id = ?", [.int(pinID)]) > 0 else {
            throw StoreError("no pin with id \(pinID)", code: SQLITE_NOTFOUND, kind: .pinGone(id: pinID))
        }
        let st = try db.prepare("INSERT INTO comments(pin_id, body, created_at) VALUES(?, ?, ?)")
        try st.bind([.int(pinID), .text(body), .text(clock.timestamp())])
        try st.step()
        return db.lastInsertRowID
    }

    /// Deletes comment `id`; returns the comment deleted, nil when there was none.
    /// - Throws: `StoreError` from SQLite.
    @discardableResult
    public func deleteComment(id: Int64) throws(StoreError) -> Comment? {
        // Read and deleted in one transaction (no RETURNING: SQLite before 3.35 lacks it).
        try atomically { () throws(StoreError) -> Comment? in
            let read = try db.prepare("SELECT id, pin_id, body, created_at FROM comments WHERE id = ?")
            try read.bind([.int(id)])
            guard try read.step() else { return nil }
            let comment = Comment(id: read.int(0), pinID: read.int(1), body: read.text(2), createdAt: read.text(3))
            let st = try db.prepare("DELETE FROM comments WHERE id = ?")
            try st.bind([.int(id)])
            try st.step()
            return comment
        }
    }
}
