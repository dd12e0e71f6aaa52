/// Values quoted inside messages: one line, bounded. A message that quotes a file's header, a
/// field or a file name stays short (a 50 MB one-line file must not give a 50 MB message) and on
/// one line (a newline in a file name must not start a fake second message).
public enum MessageText {
    /// The most characters of a quoted value (before its ellipsis).
    public static let valueLimit = 80
    /// The most characters of a quoted path: paths carry more meaning at both ends.
    public static let pathLimit = 160

    /// `value` on one line, at most `limit` characters plus "…": line breaks and other
    /// control characters become escapes (`\n`, `\r`, `\t`, `\x00`, `\x1b`, `\u2028`), so the
    /// result is plain and printable. Linear in the characters kept: the rest of `value` is not read.
    /// A password the value carries (`scheme://user:password@`) shows as `****` (`PasswordMask`).
    public static func bounded(_ value: String, limit: Int = valueLimit) -> String {
        let value = withoutPasswords(value, keeping: limit)
        var out = ""
        var kept = 0
        for u in value.unicodeScalars {
            if kept >= limit { out += "…"; return out }
            if isEscaped(u) { out += escaped(u) } else { out.unicodeScalars.append(u) }
            kept += 1
        }
        return out
    }

    /// `'value'`, bounded (see `bounded`).
    public static func quoted(_ value: String, limit: Int = valueLimit) -> String {
        "'" + bounded(value, limit: limit) + "'"
    }

    /// A path for a message: escaped and bounded like a value, but longer, and not quoted.
    public static func quotedPath(_ path: String) -> String { bounded(path, limit: pathLimit) }

    /// A sentence that may quote a long value (`latitude '…50 MB…' is not a number`), on one
    /// line and at most about `limit` characters: its start and its end are kept (the end says
    /// what is wrong), the middle becomes "…".
    public static func sentence(_ text: String, limit: Int = 240) -> String {
        // A huge text is masked in the parts it keeps, by `bounded`.
        let text = text.utf8.count <= 65_536 ? PasswordMask.masked(text) : text
        // The common case, decided on the bytes: short printable ASCII.
        if text.utf8.count <= limit,
           text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) == true { return text }
        let scalars = text.unicodeScalars
        // No String per scalar: this runs for every rejected row (a 5 MB file of 800,000
        // empty waypoints spent half its 15 s here).
        let needsEscape = scalars.contains(where: isEscaped)
        guard needsEscape || scalars.count > limit else { return text }
        guard scalars.count > limit else { return bounded(text, limit: limit) }
        let tailStart = scalars.index(scalars.endIndex, offsetBy: -(limit / 3))
        return bounded(text, limit: limit - limit / 3) + bounded(String(scalars[tailStart...]), limit: limit)
    }

    /// `text` with its passwords masked (`PasswordMask`), read no further than a message of
    /// `limit` characters needs: a huge value is masked in its first `limit` characters and a
    /// margin (a URI that starts in them and runs past them is still seen whole).
    static func withoutPasswords(_ text: String, keeping limit: Int) -> String {
        let margin = 4_096
        guard text.utf8.count > 4 * limit + margin else { return PasswordMask.masked(text) }
        let scalars = text.unicodeScalars
        let end = scalars.index(scalars.startIndex, offsetBy: limit + margin, limitedBy: scalars.endIndex) ?? scalars.endIndex
        return PasswordMask.masked(String(scalars[..<end]))
    }

    /// `value` cut to at most `limit` characters plus "…", otherwise as written.
    public static func truncated(_ value: String, limit: Int) -> String {
        let scalars = value.unicodeScalars
        guard let cut = scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex),
              cut < scalars.endIndex else { return value }
        return String(scalars[..<cut]) + "…"
    }

    /// The one way a message shows a control character, the shapes of the plain-text output
    /// (`EscapedText`, README "Commands"): `\n` `\r` `\t`, another C0 control or DEL `\xHH`
    /// (NUL `\x00`, ESC `\x1b`), a C1 control, separator or bidi control `\uHHHH` (`\u2028`).
    private static func escaped(_ u: Unicode.Scalar) -> String {
        guard isEscaped(u) else { return String(u) }
        switch u.value {
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0..<0x20, 0x7F: return "\\x" + hex(u.value, digits: 2)
        default: return "\\u" + hex(u.value, digits: 4)
        }
    }

    private static func hex(_ v: UInt32, digits: Int) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }

    /// Control characters, line and paragraph separators and bidirectional controls: shown
    /// escaped, never as they are.
    private static func isEscaped(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
