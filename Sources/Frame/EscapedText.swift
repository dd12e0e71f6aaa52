/// Stored text written as plain output (a pipe, a file) so that it can neither drive a
/// terminal nor break a line, and nothing is lost: every escape can be read back.
///
/// Shapes: backslash `\\`, tab `\t`, line feed `\n` (kept as is with `keepLineFeeds`),
/// carriage return `\r`; every other C0 control and DEL `\xHH` (ESC → `\x1b`); the C1
/// controls U+0080–U+009F, the line and paragraph separators U+2028/U+2029 and the bidi
/// embeddings, overrides and isolates U+202A–U+202E, U+2066–U+2069 `\uHHHH` (NEL →
/// `\u0085`, RLO → `\u202e`): they reorder the text around them in a pager or a log
/// ("Trojan Source"), and a terminal would only show U+FFFD for them (`SafeText`).
/// Lower-case hex digits.
public enum EscapedText {
    /// `s` with the characters above escaped; `s` itself when it holds none of them.
    public static func escape(_ s: String, keepLineFeeds: Bool = false) -> String {
        guard s.unicodeScalars.contains(where: { needsEscape($0) && !(keepLineFeeds && $0 == "\n") }) else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 8)
        for u in s.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += keepLineFeeds ? "\n" : "\\n"
            case "\r": out += "\\r"
            case _ where u.value < 0x20 || u.value == 0x7F: out += "\\x" + hex(u.value, digits: 2)
            case _ where needsEscape(u): out += "\\u" + hex(u.value, digits: 4)
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// Backslash, C0, DEL, C1, U+2028, U+2029, and the bidi embeddings, overrides and isolates.
    public static func needsEscape(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        return v == 0x5C || v < 0x20 || (v >= 0x7F && v <= 0x9F) || v == 0x2028 || v == 0x2029
            || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
    }

    private static func hex(_ v: UInt32, digits: Int) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
}
