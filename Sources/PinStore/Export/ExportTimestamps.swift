/// The time forms exports tell apart.
enum Timestamps {
    /// `2024-05-28T18:42:08Z`: what a store's `WallClock.timestamp()` writes and readers give back.
    static func isUTCSeconds(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard b.count == 20, b[19] == UInt8(ascii: "Z") else { return false }
        return datePart(b) && timePart(b, from: 10)
    }

    /// An `xsd:dateTime`: `YYYY-MM-DDThh:mm:ss`, optional fraction, optional `Z` or `±hh:mm` (at most 14:00),
    /// each part in its range.
    static func isXSDDateTime(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard b.count >= 19, datePart(b), timePart(b, from: 10) else { return false }
        var i = 19
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < b.count, isDigit(b[i]) { i += 1 }
            if i == start { return false }
        }
        if i == b.count { return true }
        if b[i] == UInt8(ascii: "Z") { return i + 1 == b.count }
        guard b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-"), b.count == i + 6 else { return false }
        guard isDigit(b[i + 1]), isDigit(b[i + 2]), b[i + 3] == UInt8(ascii: ":"), isDigit(b[i + 4]), isDigit(b[i + 5]) else { return false }
        let minutes = number(b, i + 1..<i + 3) * 60 + number(b, i + 4..<i + 6)
        return number(b, i + 4..<i + 6) < 60 && minutes <= 14 * 60
    }

    /// An `xsd:date` (`2024-05-28`), `gYearMonth` (`2024-05`) or `gYear` (`2024`): KML's `when`.
    static func isXSDDateOrPart(_ s: String) -> Bool {
        let b = Array(s.utf8)
        switch b.count {
        case 4: return b.allSatisfy(isDigit) && number(b, 0..<4) > 0
        case 7:
            return b[0..<4].allSatisfy(isDigit) && b[4] == UInt8(ascii: "-") && b[5..<7].allSatisfy(isDigit)
                && number(b, 0..<4) > 0 && (1...12).contains(number(b, 5..<7))
        case 10: return datePart(b)
        default: return false
        }
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// The value of the decimal digits `b[range]` (all checked digits).
    private static func number(_ b: [UInt8], _ range: Range<Int>) -> Int {
        b[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// `YYYY-MM-DD` at the start, a day that exists (XSD 1.0: no year 0000, no 2023-02-29): a
    /// schema validator refuses `2024-02-30` in `<time>`, so such a text goes only to `pinmap:created_at`.
    private static func datePart(_ b: [UInt8]) -> Bool {
        guard b.count >= 10, b[0..<4].allSatisfy(isDigit), b[4] == UInt8(ascii: "-"), b[5..<7].allSatisfy(isDigit),
              b[7] == UInt8(ascii: "-"), b[8..<10].allSatisfy(isDigit) else { return false }
        let year = number(b, 0..<4), month = number(b, 5..<7), day = number(b, 8..<10)
        guard year > 0, (1...12).contains(month) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// `Thh:mm:ss` at `from`, hours 00–23, minutes and seconds 00–59 (no leap second: XSD 1.0 has none).
    private static func timePart(_ b: [UInt8], from i: Int) -> Bool {
        guard b.count >= i + 9, b[i] == UInt8(ascii: "T"), isDigit(b[i + 1]), isDigit(b[i + 2]), b[i + 3] == UInt8(ascii: ":"),
              isDigit(b[i + 4]), isDigit(b[i + 5]), b[i + 6] == UInt8(ascii: ":"), isDigit(b[i + 7]), isDigit(b[i + 8]) else { return false }
        return number(b, i + 1..<i + 3) < 24 && number(b, i + 4..<i + 6) < 60 && number(b, i + 7..<i + 9) < 60
    }
}
