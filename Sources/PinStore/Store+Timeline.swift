import Foundation

/// Pins by creation day, for the Timeline tab. Days are the date part of
/// `created_at` as written (ISO 8601 `YYYY-MM-DD…`, local to where the pin
/// was made), so a pin made at 23:30 in Seoul stays on that Seoul day.
extension Store {
    /// Day of month → number of pins created that day, for `year`/`month`.
    /// - Throws: `StoreError` on an SQLite failure.
    public func days(inMonth year: Int, month: Int) throws(StoreError) -> [Int: Int] {
        let prefix = String(format: "%04d-%02d-", year, month)
        let st = try db.prepare("""
            SELECT CAST(substr(created_at, 9, 2) AS INTEGER), count(*) FROM pins
            WHERE created_at >= ? AND created_at < ? GROUP BY 1
            """)
        try st.bind([.text(prefix), .text(prefix + "99")])
        var out: [Int: Int] = [:]
        while try st.step() { out[Int(st.int(0))] = Int(st.int(1)) }
        return out
    }

    /// Pins created on `day` ("YYYY-MM-DD"), oldest first.
    /// - Throws: `StoreError` on an SQLite failure.
    public func pins(onDay day: String) throws(StoreError) -> [Pin] {
        let st = try db.prepare("SELECT \(pinColumns) FROM pins WHERE created_at >= ? AND created_at < ? ORDER BY created_at, id")
        try st.bind([.text(day), .text(day + "\u{7F}")])
        var out: [Pin] = []
        while try st.step() { out.append(st.pin()) }
        return out
    }
}
