/// Text from pins (titles, descriptions, categories) is never trusted on screen:
/// a CSV can carry escape sequences that would drive the terminal. This turns
/// every control character into a visible placeholder before it is drawn.
public enum SafeText {
    /// `s` with C0 controls shown as Unicode Control Pictures (ESC → `␛`,
    /// TAB → `␉`, LF → `␊`, …), DEL as `␡`, C1 controls (U+0080–U+009F), line and
    /// paragraph separators and bidi overrides as `�`. In ASCII mode C0 controls become caret notation
    /// (`^[`) and the rest `?`. Line feeds are kept only when `keepNewlines`,
    /// tabs only when `keepTabs` (both are harmless layout, not escapes).
    public static func sanitize(_ s: String, ascii: Bool = false, keepNewlines: Bool = false, keepTabs: Bool = false) -> String {
        var needs = false
        for u in s.unicodeScalars where isUnsafe(u) { needs = true; break }
        if !needs { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            if keepNewlines && u == "\n" { out.append(u); continue }
            if keepTabs && u == "\t" { out.append(u); continue }
            guard isUnsafe(u) else { out.append(u); continue }
            let v = u.value
            if v < 0x20 {
                if ascii {
                    out.append("^")
                    out.append(Unicode.Scalar(UInt8(v + 0x40)))
                } else {
                    out.append(Unicode.Scalar(0x2400 + v)!)
                }
            } else if v == 0x7F {
                out.append(contentsOf: (ascii ? "^?" : "␡").unicodeScalars)
            } else {
                out.append(ascii ? "?" : "\u{FFFD}")
            }
        }
        return String(out)
    }

    /// C0, DEL, C1 (NEL U+0085 among them), the line and paragraph separators U+2028/U+2029
    /// (terminals and editors may break lines on them) and the bidirectional override/isolate
    /// controls.
    public static func isUnsafe(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        return v < 0x20 || (v >= 0x7F && v <= 0x9F) || v == 0x2028 || v == 0x2029
            || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
    }
}
