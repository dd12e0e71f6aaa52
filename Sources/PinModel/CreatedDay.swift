/// The `created_at` texts of one day, as every store reads a day of the timeline: they start
/// with the day (`YYYY-MM-DD`), and the next day in text order starts after the day with its
/// last digit raised by one.
public enum CreatedDay {
    /// `created_at >= start AND created_at < end` for `day`, or nil when `day` is not
    /// `YYYY-MM-DD` (digits and dashes only).
    public static func range(_ day: String) -> (start: String, end: String)? {
        var b = Array(day.utf8)
        let digits = [0, 1, 2, 3, 5, 6, 8, 9]
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
              digits.allSatisfy({ (0x30...0x39).contains(b[$0]) }) else { return nil }
        b[9] += 1
        return (day, String(decoding: b, as: UTF8.self))
    }

    /// What a store says of a `day` that `range` refuses.
    public static func refusal(_ day: String) -> String { "day must be YYYY-MM-DD, got '\(day)'" }
}
