/// The detail page's times in one format, `2025-06-07 14:00 +09:00`, all in the pin's own
/// UTC offset when its creation time has one (an updated time or a comment stored in UTC is
/// moved into it), else as stored (`Z` is written `UTC`). A date alone stays a date; text
/// that is not ISO 8601 is shown as it is.
public enum DateText {
    /// A parsed ISO 8601 time: calendar fields as written and the offset, in seconds, when given.
    struct Parts: Equatable {
        var year: Int, month: Int, day: Int
        var hour: Int?, minute: Int?
        var offset: Int?
    }

    /// `iso` in the format above, moved into `offset` (seconds east of UTC) when both have one.
    public static func text(_ iso: String, in offset: Int?) -> String {
        guard var p = parse(iso) else { return iso }
        if let from = p.offset, let to = offset, let h = p.hour, let m = p.minute {
            p = shifted(p, hour: h, minute: m, by: to - from)
            p.offset = to
        }
        return format(p)
    }

    /// The UTC offset of `iso` in seconds, nil when it has none (or is not ISO 8601).
    public static func offset(of iso: String) -> Int? { parse(iso)?.offset }

    static func format(_ p: Parts) -> String {
        var s = pad(p.year, 4) + "-" + pad(p.month, 2) + "-" + pad(p.day, 2)
        guard let h = p.hour, let m = p.minute else { return s }
        s += " " + pad(h, 2) + ":" + pad(m, 2)
        guard let o = p.offset else { return s }
        if o == 0 { return s + " UTC" }
        return s + " " + (o < 0 ? "-" : "+") + pad(abs(o) / 3600, 2) + ":" + pad(abs(o) % 3600 / 60, 2)
    }

    /// `YYYY-MM-DD`, optionally `THH:MM[:SS[.fff]]` (or a space for `T`) and `Z` or `±HH:MM`/`±HHMM`.
    static func parse(_ iso: String) -> Parts? {
        let c = Array(iso.utf8)
        func num(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= c.count else { return nil }
            var v = 0
            for b in c[from..<from + count] { guard b >= 48 && b <= 57 else { return nil }; v = v * 10 + Int(b - 48) }
            return v
        }
        guard let y = num(0, 4), c.count >= 10, c[4] == 45, let mo = num(5, 2), c[7] == 45, let d = num(8, 2),
              (1...12).contains(mo), (1...31).contains(d) else { return nil }
        var p = Parts(year: y, month: mo, day: d)
        guard c.count > 10 else { return p }
        guard c[10] == 84 || c[10] == 32, let h = num(11, 2), c.count > 13, c[13] == 58, let mi = num(14, 2),
              h < 24, mi < 60 else { return nil }
        p.hour = h; p.minute = mi
        var i = 16
        if i < c.count, c[i] == 58 { guard num(i + 1, 2) != nil else { return nil }; i += 3 }
        if i < c.count, c[i] == 46 { i += 1; while i < c.count, c[i] >= 48 && c[i] <= 57 { i += 1 } }
        guard i < c.count else { return p }
        if c[i] == 90 { return i + 1 == c.count ? with(p, offset: 0) : nil }
        guard c[i] == 43 || c[i] == 45, let oh = num(i + 1, 2) else { return nil }
        let j = i + 3 < c.count && c[i + 3] == 58 ? i + 4 : i + 3
        guard let om = num(j, 2), j + 2 == c.count else { return nil }
        return with(p, offset: (c[i] == 45 ? -1 : 1) * (oh * 3600 + om * 60))
    }

    private static func with(_ p: Parts, offset: Int) -> Parts { var q = p; q.offset = offset; return q }

    /// The same instant `seconds` later on the wall clock (days and months roll over).
    private static func shifted(_ p: Parts, hour: Int, minute: Int, by seconds: Int) -> Parts {
        let minutes = daysFromCivil(p.year, p.month, p.day) * 1440 + hour * 60 + minute + seconds / 60
        let days = Int((Double(minutes) / 1440).rounded(.down))
        let rest = minutes - days * 1440
        let (y, m, d) = civilFromDays(days)
        return Parts(year: y, month: m, day: d, hour: rest / 60, minute: rest % 60, offset: p.offset)
    }

    private static func pad(_ v: Int, _ width: Int) -> String {
        let s = String(v)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }

    // Howard Hinnant's days-from-civil and its inverse (proleptic Gregorian, day 0 = 1970-01-01).
    private static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func civilFromDays(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp + (mp < 10 ? 3 : -9)
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
