import CSQLite

/// Pins by calendar day, for the Timeline tab. The day of a pin is the date
/// part of its `created_at` as written (`2023-05-05T13:20:00+09:00` is on
/// 2023-05-05, the local date of whoever wrote it), not converted to UTC.
extension Store {
    /// Number of pins per day of month `month` (1…12) of `year` (0…9999):
    /// day of month (1…31) → pins; days without pins are absent.
    /// - Throws: `StoreError` when the year or month is out of range, or SQLite fails.
    public func days(inMonth year: Int, month: Int) throws(StoreError) -> [Int: Int] {
        guard (0...9999).contains(year), (1...12).contains(month) else {
            throw StoreError("no such month: \(year)-\(month)", code: SQLITE_RANGE)
        }
        let prefix = Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-"
        // A range on the text uses the created_at index: every string that
        // starts with "2024-05-" sorts at or after it and before "2024-05.".
        let st = try db.prepare("""
            SELECT CAST(substr(created_at, 9, 2) AS INTEGER), count(*) FROM pins
            WHERE created_at >= ? AND created_at < ? GROUP BY 1
            """)
        try st.bind([.text(prefix), .text(String(prefix.dropLast()) + ".")])
        var out: [Int: Int] = [:]
        while try st.step() {
            let day = Int(st.int(0))
            if (1...31).contains(day) { out[day, default: 0] += Int(st.int(1)) }
        }
        return out
    }

    /// The pins created on `day` (`YYYY-MM-DD`), earliest first.
    /// - Throws: `StoreError` when `day` is not `YYYY-MM-DD`, or SQLite fails.
    public func pins(onDay day: String) throws(StoreError) -> [Pin] {
        guard let range = CreatedDay.range(day) else { throw StoreError(CreatedDay.refusal(day), code: SQLITE_RANGE) }
        let st = try db.prepare("SELECT \(pinColumns) FROM pins WHERE created_at >= ? AND created_at < ? ORDER BY created_at, id")
        try st.bind([.text(range.start), .text(range.end)])
        var out: [Pin] = []
        while try st.step() { out.append(st.pin()) }
        return out
    }

    private static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }
}
