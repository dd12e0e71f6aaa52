import PinModel
import Glibc

/// Source times as the store keeps them: ISO 8601 in UTC.
enum UTCTimestamp {
    /// `2024-05-28T20:42:08+02:00` → `2024-05-28T18:42:08Z`; `…Z`, `…+0000`, a naive
    /// `2024-05-28 18:42:08` (taken as UTC) and fractions of a second (`.5`, kept) likewise.
    /// Text that is not such a date-time (a date alone, `2023-03`, free text) is returned
    /// trimmed and unchanged: nothing is lost.
    static func normalize(_ text: String) -> String {
        let t = trimmedText(text)
        if isUTCSeconds(t) { return t }
        let u = Array(t.utf8)
        // YYYY-MM-DD?HH:MM[:SS[.f+]][Z|±HH[:]MM]
        guard u.count >= 16, u[4] == 0x2D, u[7] == 0x2D, u[10] == 0x54 || u[10] == 0x74 || u[10] == 0x20, u[13] == 0x3A,
              let year = digits(u, 0, 4), let month = digits(u, 5, 2), let day = digits(u, 8, 2),
              let hour = digits(u, 11, 2), let minute = digits(u, 14, 2) else { return t }
        var i = 16
        var second = 0
        var fraction = ""
        if i < u.count, u[i] == 0x3A {
            guard let s = digits(u, i + 1, 2) else { return t }
            second = s
            i += 3
            if i < u.count, u[i] == 0x2E || u[i] == 0x2C {
                let start = i + 1
                i = start
                while i < u.count, (0x30...0x39).contains(u[i]) { i += 1 }
                guard i > start else { return t }
                fraction = "." + String(decoding: u[start..<i], as: UTF8.self)
            }
        }
        var offsetMinutes = 0
        if i < u.count {
            switch u[i] {
            case 0x5A, 0x7A: i += 1
            case 0x2B, 0x2D:
                let sign = u[i] == 0x2D ? -1 : 1
                guard let oh = digits(u, i + 1, 2) else { return t }
                i += 3
                if i < u.count, u[i] == 0x3A { i += 1 }
                guard let om = digits(u, i, 2) else { return t }
                i += 2
                offsetMinutes = sign * (oh * 60 + om)
            default: return t
            }
        }
        guard i == u.count, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return t }
        var tm = Glibc.tm()
        tm.tm_year = Int32(year - 1900)
        tm.tm_mon = Int32(month - 1)
        tm.tm_mday = Int32(day)
        tm.tm_hour = Int32(hour)
        tm.tm_min = Int32(minute - offsetMinutes)
        tm.tm_sec = Int32(second)
        var seconds = timegm(&tm)  // normalises the shifted minutes across days and months
        var out = Glibc.tm()
        gmtime_r(&seconds, &out)
        func pad(_ v: Int32, _ n: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, n - s.count)) + s
        }
        return "\(pad(out.tm_year + 1900, 4))-\(pad(out.tm_mon + 1, 2))-\(pad(out.tm_mday, 2))T"
            + "\(pad(out.tm_hour, 2)):\(pad(out.tm_min, 2)):\(pad(out.tm_sec, 2))\(fraction)Z"
    }

    /// Already `YYYY-MM-DDTHH:MM:SSZ` (most GPX times): returned as is, without a copy.
    private static func isUTCSeconds(_ t: String) -> Bool {
        guard t.utf8.count == 20 else { return false }
        var text = t
        return text.withUTF8 { u in  // contiguous bytes: walking the UTF8View cost 4x more
            for (i, b) in u.enumerated() {
                switch i {
                case 4, 7: if b != 0x2D { return false }
                case 10: if b != 0x54 { return false }
                case 13, 16: if b != 0x3A { return false }
                case 19: if b != 0x5A { return false }
                default: if b < 0x30 || b > 0x39 { return false }
                }
            }
            return true
        }
    }

    private static func digits(_ u: [UInt8], _ at: Int, _ n: Int) -> Int? {
        guard at + n <= u.count else { return nil }
        var v = 0
        for b in u[at..<(at + n)] {
            guard (0x30...0x39).contains(b) else { return nil }
            v = v * 10 + Int(b - 0x30)
        }
        return v
    }
}
