/// Hides passwords in text Pinmap prints. A store's URI (`--db`, `--from`, `--to`), a file
/// argument or an output path can carry `scheme://user:password@host`, and any message,
/// report or view that quotes it must not show the password. The one rule: every message
/// text (`MessageText`), report (`ImportReportFormatter`) and store location shown in the UI
/// passes through `masked`.
public enum PasswordMask {
    /// What a hidden password is shown as.
    public static let mask = "****"

    /// `text` with the password of every `scheme://user:password@` replaced by `****`
    /// (`postgresql://ann:****@db.example/pins`), and the value of every `password=VALUE`
    /// (libpq's key=value form, quoted or not) too. The user's name and the host stay: they say
    /// which store is meant. Text with neither is returned as it is, unread past one scan.
    public static func masked(_ text: String) -> String {
        // Most messages hold neither `://` nor `=`: one pass over the bytes, nothing copied.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "=") }) else { return text }
        let bytes = Array(text.utf8)
        var cuts: [Range<Int>] = []
        var i = 0
        while i < bytes.count {
            if let cut = uriPassword(bytes, at: i) ?? keywordPassword(bytes, at: i) {
                if !cut.isEmpty { cuts.append(cut) }
                i = max(cut.upperBound, i + 1)
            } else {
                i += 1
            }
        }
        guard !cuts.isEmpty else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var from = 0
        for cut in cuts {
            out += bytes[from..<cut.lowerBound]
            out += mask.utf8
            from = cut.upperBound
        }
        out += bytes[from...]
        return String(decoding: out, as: UTF8.self)
    }

    /// The password's bytes of a URI whose `://` starts at `i` after a scheme: between the
    /// first `:` of the user information and its `@`. The user information ends at the last
    /// `@` before the URI ends (a space, a quote, a line break, the text's end): a password
    /// may itself hold `@`, `/` or `:` written unencoded, and hiding too much beats showing any.
    private static func uriPassword(_ b: [UInt8], at i: Int) -> Range<Int>? {
        guard i > 0, i + 2 < b.count, b[i] == UInt8(ascii: ":"), b[i + 1] == UInt8(ascii: "/"), b[i + 2] == UInt8(ascii: "/"),
              isSchemeByte(b[i - 1]) else { return nil }
        let start = i + 3
        var end = start
        var lastAt: Int?
        while end < b.count, !endsURI(b[end]) {
            if b[end] == UInt8(ascii: "@") { lastAt = end }
            end += 1
        }
        guard let at = lastAt, let colon = b[start..<at].firstIndex(of: UInt8(ascii: ":")) else { return nil }
        return (colon + 1)..<at
    }

    /// The value of `password=VALUE` starting at `i` (any case, spaces around `=`), as libpq's
    /// key=value strings write it: up to a space, or within single quotes (`\'` inside).
    private static func keywordPassword(_ b: [UInt8], at i: Int) -> Range<Int>? {
        let key = Array("password".utf8)
        guard i + key.count < b.count, i == 0 || !isWordByte(b[i - 1]),
              zip(b[i..<(i + key.count)], key).allSatisfy({ $0 | 0x20 == $1 }) else { return nil }
        var j = i + key.count
        while j < b.count, b[j] == UInt8(ascii: " ") { j += 1 }
        guard j < b.count, b[j] == UInt8(ascii: "=") else { return nil }
        j += 1
        while j < b.count, b[j] == UInt8(ascii: " ") { j += 1 }
        if j < b.count, b[j] == UInt8(ascii: "'") {
            var k = j + 1
            while k < b.count, b[k] != UInt8(ascii: "'") { k += b[k] == UInt8(ascii: "\\") ? 2 : 1 }
            return (j + 1)..<min(k, b.count)
        }
        var k = j
        while k < b.count, !endsURI(b[k]) { k += 1 }
        return j..<k
    }

    /// The last character of a URI scheme (RFC 3986: letters, digits, `+`, `-`, `.`).
    private static func isSchemeByte(_ c: UInt8) -> Bool {
        isWordByte(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
    }

    private static func isWordByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A) || c == UInt8(ascii: "_")
    }

    /// Where a URI quoted in a message ends: a space or control character, or a quote.
    private static func endsURI(_ c: UInt8) -> Bool {
        c <= 0x20 || c == 0x7F || c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "`")
            || c == UInt8(ascii: "<") || c == UInt8(ascii: ">")
    }
}
