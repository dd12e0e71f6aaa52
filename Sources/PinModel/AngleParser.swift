extension CoordinateAxis {
    /// Hemisphere letters that belong to this axis; the first is the positive one.
    var hemispheres: (positive: Character, negative: Character) {
        self == .latitude ? ("N", "S") : ("E", "W")
    }
}

/// Degrees–minutes–seconds (`37°33'59.4"N`, `33 27 28.8 N`) and degrees–decimal-minutes
/// (`N35°10.776'`) angles, and decimal degrees with a hemisphere letter (`126.978 E`).
///
/// Marks: degrees `°` `º` `˚`; minutes `'` `′` `’` `‘` `´`; seconds `"` `″` `”` `“` or two
/// minute marks (`’’`). Parts may also be separated by spaces or `:` without any mark, as
/// QGIS and GDAL read them: `35 51 20` is 35°51′20″, `-035 51 20` its negative, `4 55.03`
/// 4°55.03′ (a single number without a mark or hemisphere letter is no angle). The
/// hemisphere letter (N, S, E, W; lower case only for the axis's own letters) may come first or last; S and W are negative. Only the last part may have
/// decimals; minutes and seconds must be below 60. The grammar follows QGIS's DMS parser.
enum AngleParser {
    enum Outcome: Equatable {
        /// The text is not an angle in any form this parser knows.
        case notAnAngle
        case value(Double)
        case invalid(ImportRule, String)
    }

    private enum Mark { case degrees, minutes, seconds }

    private static let degreeMarks: Set<Unicode.Scalar> = ["\u{B0}", "\u{BA}", "\u{2DA}"]
    private static let minuteMarks: Set<Unicode.Scalar> = ["'", "\u{2032}", "\u{2019}", "\u{2018}", "\u{B4}"]
    private static let secondMarks: Set<Unicode.Scalar> = ["\"", "\u{2033}", "\u{201D}", "\u{201C}"]

    /// Parses `text` (already trimmed) as an angle on `axis`, without checking its range.
    static func parse(_ text: String, axis: CoordinateAxis) -> Outcome {
        var scalars = Array(withLatinMarks(text).unicodeScalars)
        let hemisphere: Character?
        switch takeHemisphere(&scalars, axis: axis) {
        case .none: hemisphere = nil
        case .one(let h): hemisphere = h
        case .two: return .invalid(.notANumber, "'\(text)' has two hemisphere letters")
        }
        trim(&scalars)
        var sign: Character? = nil
        if let first = scalars.first, first == "+" || first == "-" || first == "\u{2212}" {
            sign = first == "+" ? "+" : "-"
            scalars.removeFirst()
            trim(&scalars)
        }
        guard let parts = split(scalars) else { return .notAnAngle }
        let hasMark = parts.contains { $0.mark != nil }
        guard hasMark || hemisphere != nil || parts.count > 1 else { return .notAnAngle }
        if let h = hemisphere {
            let (pos, neg) = axis.hemispheres
            if h != pos && h != neg {
                return .invalid(.wrongAxisHemisphere,
                                "\(axis.rawValue) carries hemisphere \(h), which marks a \(axis == .latitude ? "longitude" : "latitude")")
            }
            if sign == "-" || (sign == "+" && h == neg) {
                return .invalid(.signWithHemisphere,
                                "\(axis.rawValue) '\(text)' has both a sign and hemisphere \(h) (ambiguous)")
            }
        }
        switch combine(parts, axis: axis) {
        case .failure(let problem):
            return .invalid(problem.rule, problem.reason)
        case .success(let magnitude):
            let negative = sign == "-" || hemisphere == axis.hemispheres.negative
            return .value(negative ? -magnitude : magnitude)
        }
    }

    /// Korean, Japanese and Chinese angle words as the marks and letters above: 도/度 `°`,
    /// 분/分 `′`, 초/秒 `″` (`37도 30분 15초`, `37度30分15秒`), and the hemisphere words
    /// 북위/北緯/北纬 `N`, 남위/南緯/南纬 `S`, 동경/東経/東經/东经 `E`, 서경/西経/西經/西经 `W`
    /// (`북위 37.5`, `東経139度45分`), as Korean and Japanese public data and spreadsheets write them.
    static func withLatinMarks(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var t = text
        for (words, mark) in cjkWords {
            for word in words where t.contains(word) { t = t.replacingOccurrences(of: word, with: mark) }
        }
        return t
    }

    /// Hemisphere words first: 東経's 経 is no mark, but 北緯 must go before 度 is replaced.
    private static let cjkWords: [([String], String)] = [
        (["북위", "北緯", "北纬"], "N"), (["남위", "南緯", "南纬"], "S"),
        (["동경", "東経", "東經", "东经"], "E"), (["서경", "西経", "西經", "西经"], "W"),
        (["도", "度"], "°"), (["분", "分"], "′"), (["초", "秒"], "″"),
    ]

    private enum Hemisphere { case none, one(Character), two }

    /// Removes a hemisphere letter standing alone at the start or the end.
    private static func takeHemisphere(_ s: inout [Unicode.Scalar], axis: CoordinateAxis) -> Hemisphere {
        // Lower case only for this axis's letters (`35.6762n`, `139.6503e`): a lower-case "e"
        // in a latitude is a broken exponent ("1e"), not East.
        let own = [axis.hemispheres.positive, axis.hemispheres.negative]
        func letter(_ c: Unicode.Scalar) -> Character? {
            if ["N", "S", "E", "W"].contains(c) { return Character(c) }
            // ASCII before upper-casing: "ß" upper-cases to "SS", two characters.
            guard c.isASCII else { return nil }
            let upper = Character(String(c).uppercased())
            return own.contains(upper) ? upper : nil
        }
        func isLetter(_ c: Unicode.Scalar) -> Bool { c.properties.isAlphabetic }
        var found: [Character] = []
        if let f = s.first, let h = letter(f), s.count == 1 || !isLetter(s[1]) {
            found.append(h)
            s.removeFirst()
        }
        if let l = s.last, let h = letter(l), s.count == 1 || !isLetter(s[s.count - 2]) {
            found.append(h)
            s.removeLast()
        }
        switch found.count {
        case 0: return .none
        case 1: return .one(found[0])
        default: return .two
        }
    }

    private static func trim(_ s: inout [Unicode.Scalar]) {
        // Both ends found first, then one copy: `removeFirst()` per scalar moved the rest each
        // time (quadratic: a sign then 300,000 tabs took 4 s, fuzz seed 73, case 12094).
        let start = s.firstIndex { !isTrimmable($0) } ?? s.endIndex
        let end = s.lastIndex { !isTrimmable($0) }.map { $0 + 1 } ?? start
        if start == s.startIndex && end == s.endIndex { return }
        s = Array(s[start..<end])
    }

    private struct Part { var number: String; var mark: Mark? }

    /// Splits into numbers and their marks; nil when anything else appears.
    private static func split(_ s: [Unicode.Scalar]) -> [Part]? {
        var parts: [Part] = []
        var number = ""
        var i = 0
        func closeNumber() -> Bool {
            guard !number.isEmpty else { return true }
            guard isUnsignedDecimal(number) else { return false }
            parts.append(Part(number: number, mark: nil))
            number = ""
            return true
        }
        func attach(_ mark: Mark) -> Bool {
            guard closeNumber(), let last = parts.last, last.mark == nil else { return false }
            parts[parts.count - 1].mark = mark
            return true
        }
        while i < s.count {
            let c = s[i]
            if ("0"..."9").contains(c) || c == "." || c == "," {
                number.unicodeScalars.append(c)
            } else if degreeMarks.contains(c) {
                guard attach(.degrees) else { return nil }
            } else if minuteMarks.contains(c) {
                // Two minute marks in a row ('' or ’’) are a seconds mark.
                if i + 1 < s.count && minuteMarks.contains(s[i + 1]) {
                    guard attach(.seconds) else { return nil }
                    i += 1
                } else {
                    guard attach(.minutes) else { return nil }
                }
            } else if secondMarks.contains(c) {
                guard attach(.seconds) else { return nil }
            } else if c.properties.isWhitespace || c == ":" {
                guard closeNumber() else { return nil }
            } else {
                return nil
            }
            i += 1
        }
        guard closeNumber(), !parts.isEmpty, parts.count <= 3 else { return nil }
        return parts
    }

    /// Digits, optionally one `.` or `,` followed by more digits; starts and ends with a digit.
    private static func isUnsignedDecimal(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard let f = u.first, let l = u.last, (0x30...0x39).contains(f), (0x30...0x39).contains(l) else { return false }
        return u.filter { $0 == 0x2E || $0 == 0x2C }.count <= 1
    }

    private struct Problem: Error { var rule: ImportRule; var reason: String }

    /// Degrees + minutes/60 + seconds/3600, checking the marks' order and the part limits.
    private static func combine(_ parts: [Part], axis: CoordinateAxis) -> Result<Double, Problem> {
        let expected: [Mark] = [.degrees, .minutes, .seconds]
        var values: [Double] = []
        for (k, p) in parts.enumerated() {
            if let m = p.mark, m != expected[k] {
                return .failure(Problem(rule: .notANumber, reason: "\(axis.rawValue) '\(joined(parts))' has its marks out of order"))
            }
            let hasFraction = p.number.contains(".") || p.number.contains(",")
            if hasFraction && k < parts.count - 1 {
                return .failure(Problem(rule: .notANumber, reason: "\(axis.rawValue) '\(joined(parts))': only the last part may have decimals"))
            }
            guard let v = DecimalNumber.parse(p.number) else {
                return .failure(Problem(rule: .notANumber, reason: "\(axis.rawValue) part '\(p.number)' is not a number"))
            }
            values.append(v)
        }
        if values.count > 1 && values[1] >= 60 {
            return .failure(Problem(rule: .minutesOutOfRange, reason: "\(axis.rawValue) minutes \(parts[1].number) must be below 60"))
        }
        if values.count > 2 && values[2] >= 60 {
            return .failure(Problem(rule: .secondsOutOfRange, reason: "\(axis.rawValue) seconds \(parts[2].number) must be below 60"))
        }
        if let exact = exactSum(parts.map(\.number)) { return .success(values[0] < 0 ? -exact : exact) }
        var total = values[0]
        if values.count > 1 { total += values[1] / 60 }
        if values.count > 2 { total += values[2] / 3600 }
        return .success(total)
    }

    /// Degrees + minutes/60 + seconds/3600 rounded once: as one fraction of integers (the
    /// last part's decimals scaled up), each exact in a Double, so that the one division is
    /// correctly rounded: 126°58′40.8″ is 126.978, not 126.97800000000001 (the sum of three
    /// rounded terms, a unit in the last place off in about a quarter of the angles). Nil when
    /// a part is not plain digits (a sign, an exponent) or the fraction would not be exact.
    static func exactSum(_ texts: [String]) -> Double? {
        guard texts.count == 2 || texts.count == 3 else { return nil }
        func digits(_ t: Substring) -> Int64? {
            guard !t.isEmpty, t.count <= 12, t.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return Int64(t)
        }
        var whole: [Int64] = []
        for t in texts.dropLast() {
            guard let v = digits(Substring(t)) else { return nil }
            whole.append(v)
        }
        let last = texts[texts.count - 1]
        let pieces = last.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "," })
        guard pieces.count <= 2, let integral = digits(pieces[0]) else { return nil }
        let fraction = pieces.count == 2 ? pieces[1] : ""
        guard fraction.count <= 9, fraction.isEmpty || digits(fraction) != nil else { return nil }
        var scale: Int64 = 1
        for _ in 0..<fraction.count { scale *= 10 }
        let lastScaled = integral * scale + (fraction.isEmpty ? 0 : Int64(fraction)!)
        let perDegree: Int64 = texts.count == 2 ? 60 : 3600
        var wholeUnits = whole[0] * perDegree
        if texts.count == 3 { wholeUnits += whole[1] * 60 }
        let (numerator, overflow) = wholeUnits.multipliedReportingOverflow(by: scale)
        let limit: Int64 = 1 << 53
        guard !overflow, numerator < limit - lastScaled, perDegree * scale < limit else { return nil }
        return Double(numerator + lastScaled) / Double(perDegree * scale)
    }

    private static func joined(_ parts: [Part]) -> String {
        parts.map(\.number).joined(separator: " ")
    }
}
