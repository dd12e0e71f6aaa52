/// The time forms exports tell apart.
enum Timestamps {
    /// `2024-05-28T18:42:08Z`: what a store's `WallClock.timestamp()` writes and readers give back.
    static func isUTCSeconds(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard b.count == 20, b[19] == UInt8(ascii: "Z") else { return false }
        return datePart(b) && timePart(b, from: 10)
    }

    /// An `xsd:dateTime`: `YYYY-MM-DDThh:mm:ss`, optional fraction, optional `Z` or `±hh:mm`.
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
        return isDigit(b[i + 1]) && isDigit(b[i + 2]) && b[i + 3] == UInt8(ascii: ":") && isDigit(b[i + 4]) && isDigit(b[i + 5])
    }

    /// An `xsd:date` (`2024-05-28`), `gYearMonth` (`2024-05`) or `gYear` (`2024`): KML's `when`.
    static func isXSDDateOrPart(_ s: String) -> Bool {
        let b = Array(s.utf8)
        switch b.count {
        case 4: return b.allSatisfy(isDigit)
        case 7: return b[0..<4].allSatisfy(isDigit) && b[4] == UInt8(ascii: "-") && b[5..<7].allSatisfy(isDigit)
        case 10: return datePart(b)
        default: return false
        }
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// `YYYY-MM-DD` at the start.
    private static func datePart(_ b: [UInt8]) -> Bool {
        b.count >= 10 && b[0..<4].allSatisfy(isDigit) && b[4] == UInt8(ascii: "-") && b[5..<7].allSatisfy(isDigit)
            && b[7] == UInt8(ascii: "-") && b[8..<10].allSatisfy(isDigit)
    }

    /// `Thh:mm:ss` at `from`.
    private static func timePart(_ b: [UInt8], from i: Int) -> Bool {
        b.count >= i + 9 && b[i] == UInt8(ascii: "T") && isDigit(b[i + 1]) && isDigit(b[i + 2]) && b[i + 3] == UInt8(ascii: ":")
            && isDigit(b[i + 4]) && isDigit(b[i + 5]) && b[i + 6] == UInt8(ascii: ":") && isDigit(b[i + 7]) && isDigit(b[i + 8])
    }
}
