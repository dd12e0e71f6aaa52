/// Reads WGS84 latitude and longitude values in decimal degrees from the forms people write.
///
/// Accepted: plain decimals (`DecimalNumber`: `+37.5665`, `1.27E1`, a single decimal comma
/// `37,5665`; a leading U+2212 minus sign, `−33.8568`; full-width forms, `３７．５`), and angles (`AngleParser`: DMS, DDM, hemisphere letters). Rejected with the
/// field, the value and the rule: empty values, `NaN`/`inf` (which `Double(String)` accepts),
/// hexadecimal (`0x1A`), two separators (`48,85,66`), anything else that is not a number, and
/// values outside the inclusive ranges latitude −90…90 and longitude −180…180. Values are never
/// clamped, wrapped or swapped; the sign of ±180 and ±90 is kept. When a latitude is at least
/// 91° but the pair would be valid the other way round, the reason says they look swapped.
public enum CoordinateParser {
    /// The value of one coordinate (range not checked), or why it is not one.
    /// - Parameters:
    ///   - text: the field as written.
    ///   - axis: latitude or longitude (decides which hemisphere letters are allowed).
    ///   - field: the column header, copied into the issue.
    public static func parse(_ text: String, axis: CoordinateAxis, field: RowField) -> Result<Double, RowIssue> {
        if let v = DecimalNumber.parse(text) { return .success(v) }
        return parseSlow(text, axis: axis, field: field)
    }

    /// `parse` on the field's UTF-8 bytes: plain decimals need no `String` at all.
    public static func parse(bytes: UnsafeBufferPointer<UInt8>, axis: CoordinateAxis, field: RowField) -> Result<Double, RowIssue> {
        if let v = DecimalNumber.parse(bytes) { return .success(v) }
        return parseSlow(String(decoding: bytes, as: UTF8.self), axis: axis, field: field)
    }

    /// Checks a parsed pair against the valid ranges.
    /// - Returns: the issues (empty when both are in range); values as written are taken from
    ///   `latText`/`lonText`.
    public static func rangeIssues(latitude: Double, longitude: Double,
                                   latText: String, lonText: String,
                                   latField: RowField, lonField: RowField) -> [RowIssue] {
        var issues: [RowIssue] = []
        if !CoordinateAxis.latitude.contains(latitude) {
            var reason = CoordinateAxis.latitude.outsideReason(shown(latText, latitude))
            // Within a degree of a pole it is more likely a slip than a swap.
            let swapped = abs(latitude) >= 91 && abs(latitude) <= 180 && abs(longitude) <= 90
            if swapped { reason += "; the latitude and longitude look swapped" }
            issues.append(RowIssue(field: latField, value: latText, reason: reason,
                                   outOfRange: OutOfRange(.outside(.latitude), swapped: swapped)))
        }
        if !CoordinateAxis.longitude.contains(longitude) {
            issues.append(RowIssue(field: lonField, value: lonText,
                                   reason: CoordinateAxis.longitude.outsideReason(shown(lonText, longitude)),
                                   outOfRange: OutOfRange(.outside(.longitude))))
        }
        return issues
    }

    /// The text as written when it is a plain number, else the text and its value in degrees.
    private static func shown(_ text: String, _ value: Double) -> String {
        let t = trimmedText(text)
        return DecimalNumber.parse(t) != nil ? t : "\(t) (\(value)°)"
    }

    /// `t` with full-width ASCII forms (U+FF01–FF5E) and the ideographic space made ASCII, and a
    /// leading EN DASH a minus.
    static func asciiForms(_ t: String) -> String {
        var out = String.UnicodeScalarView()
        for (i, u) in t.unicodeScalars.enumerated() {
            switch u.value {
            case 0xFF01...0xFF5E: out.append(Unicode.Scalar(u.value - 0xFEE0)!)
            case 0x3000: out.append(" ")
            case 0x2013 where i == 0: out.append("-")
            default: out.append(u)
            }
        }
        return String(out)
    }

    private static func parseSlow(_ text: String, axis: CoordinateAxis, field: RowField) -> Result<Double, RowIssue> {
        let t = trimmedText(text)
        func issue(_ rule: ImportRule, _ reason: String) -> Result<Double, RowIssue> {
            .failure(RowIssue(field: field, value: text, reason: reason, rule: rule))
        }
        let name = axis.rawValue
        if t.isEmpty { return issue(.emptyCoordinate, "\(name) is empty") }
        // Unicode spaces (U+00A0 from spreadsheets) are trimmed only here, off the fast path.
        if let v = DecimalNumber.parse(t) { return .success(v) }
        // A leading U+2212 MINUS SIGN (Wikipedia's and typeset text's negative numbers) is a
        // minus, as `AngleParser` reads it in `−37°30′`: `−33.8568` was "not a number".
        if t.hasPrefix("\u{2212}"), let v = DecimalNumber.parse("-" + t.dropFirst()) { return .success(v) }
        // Full-width digits, signs and marks (U+FF01–FF5E), as Japanese, Chinese and Korean
        // input methods type them into spreadsheets (`３７．５６６５`, `－３３．８`), and an EN DASH
        // for a minus, as word processors make of one (`–33.8688`): read as their ASCII forms.
        // They were "not a number".
        let plain = Self.asciiForms(t)
        if plain != t, case .success(let v) = parseSlow(plain, axis: axis, field: field) { return .success(v) }
        var unsigned = Substring(t.lowercased())
        if let f = unsigned.first, f == "+" || f == "-" || f == "\u{2212}" { unsigned = unsigned.dropFirst() }
        if ["nan", "inf", "infinity", "∞"].contains(unsigned) {
            return issue(.notFinite, "\(name) '\(t)' is not a finite number")
        }
        if unsigned.hasPrefix("0x") {
            return issue(.hexadecimal, "\(name) '\(t)' is not a decimal number (hexadecimal)")
        }
        // A decimal too large for a Double (`1e309`) is a number, only far out of range: it
        // was "not a number". (`DecimalNumber` gives no infinity; Swift's parser does.)
        if unsigned.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.e".contains($0)) }), let v = Double(t.replacingOccurrences(of: "\u{2212}", with: "-")),
           v.isInfinite {
            return issue(.outOfRange, axis.outsideReason(t))
        }
        switch AngleParser.parse(t, axis: axis) {
        case .value(let v):
            return .success(v)
        case let .invalid(rule, reason):
            return issue(rule, reason)
        case .notAnAngle:
            let separators = t.filter { $0 == "." || $0 == "," }.count
            let rest = t.filter { !($0 == "." || $0 == "," || $0.isASCII && $0.isNumber || $0 == "+" || $0 == "-") }
            if separators >= 2 && rest.isEmpty {
                return issue(.twoDecimalSeparators, "\(name) '\(t)' is not a valid number (two decimal separators)")
            }
            return issue(.notANumber, "\(name) '\(t)' is not a number")
        }
    }

}
