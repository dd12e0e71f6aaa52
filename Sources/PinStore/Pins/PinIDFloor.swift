/// Where a new pin's id must start so that no id is given twice (migration 16,
/// `Migration16IDFloor`): SQLite gives a new row the largest id in `pins` plus one, which
/// is a deleted pin's id again when the pins with the highest ids were deleted. Every insert
/// of Pinmap's that lets SQLite choose the id asks `nextID()` first and, when it answers,
/// gives its first row that id; the rows after it follow from there (largest plus one).
final class PinIDFloor {
    private let query: Statement

    /// - Throws: `StoreError` when the store has no `pin_id_floor` (schema mismatch).
    init(store: Store) throws(StoreError) {
        query = try store.db.prepare("""
            SELECT highest + 1 FROM pin_id_floor WHERE highest > coalesce((SELECT max(id) FROM pins), 0)
            """)
    }

    /// The id the next new pin must take, or nil when SQLite's own choice (the largest id
    /// plus one) was never given. Two index probes; call in the insert's transaction.
    /// - Throws: `StoreError` when the store cannot be read.
    func nextID() throws(StoreError) -> Int64? {
        query.reset()
        defer { query.reset() }
        return try query.step() ? query.int(0) : nil
    }
}

extension Store {
    /// The floor (the highest id given and since deleted above every pin left) or the
    /// highest id left, whichever is higher.
    public func highestGivenPinID() throws(StoreError) -> Int64 {
        try db.scalarInt("SELECT max(highest, coalesce((SELECT max(id) FROM pins), 0)) FROM pin_id_floor")
    }

    /// Raises the floor to the highest id in `pins`: for a statement that deletes with the
    /// floor's trigger dropped (`withoutPinTriggers`). Call inside its transaction.
    /// - Throws: `StoreError` from SQLite.
    func raisePinIDFloor() throws(StoreError) {
        try db.execute("""
            UPDATE pin_id_floor SET highest = (SELECT max(id) FROM pins)
            WHERE highest < (SELECT coalesce(max(id), 0) FROM pins)
            """)
    }
}
