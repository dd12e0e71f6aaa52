/// Text inside XML: the one escaper every writer of XML uses (the GPX and KML exports, the
/// KML reader's re-serialized elements).
public enum XMLText {
    /// `s` with `&`, `<`, `>` (and in attributes `"`, TAB, LF) as character references.
    public static func escaped(_ s: String, attribute: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            case "\"" where attribute: out += "&quot;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            case "\t", "\n": out.unicodeScalars.append(u)
            case _ where u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF: continue
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
