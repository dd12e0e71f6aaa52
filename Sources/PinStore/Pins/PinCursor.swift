/// Reads pins one at a time in id order (oldest insert first), so exporting
/// a million pins never holds them all in memory.
public final class PinCursor {
    private let st: Statement

    init(store: Store, byCategory: Bool) throws(StoreError) {
        st = try store.db.prepare("SELECT \(pinColumns) FROM pins ORDER BY \(byCategory ? "category, id" : "id")")
    }

    /// The next pin, or nil after the last. - Throws: `StoreError` from SQLite.
    public func next() throws(StoreError) -> Pin? {
        try st.step() ? st.pin() : nil
    }
}

extension Store {
    /// A cursor over every pin in id order, or grouped by category (then id) for KML's
    /// folders (see `PinCursor`).
    /// - Throws: `StoreError` when the query does not compile.
    public func pinCursor(byCategory: Bool = false) throws(StoreError) -> PinCursor {
        try PinCursor(store: self, byCategory: byCategory)
    }
}
