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
    /// (libpq's key=value form, quoted or not) too. A mistyped scheme hides its password the
    /// same (`postgresql:/ann:****@db`, `postgresql:ann:****@db`, `postgresql//ann:****@db`),
    /// within a path too (`/tmp/postgresql://ann:****@db/pins.sqlite`). The user's name and the
    /// host stay: they say which store is meant. Text with neither `:` nor `=` is returned as
    /// it is, unread past one scan.
    public static func masked(_ text: String) -> String {
        let cuts = passwordRanges(text)
        guard !cuts.isEmpty else { return text }
        let bytes = Array(text.utf8)
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

    /// Where `masked` puts `****`: the passwords of `text` as ranges of its UTF-8 bytes
    /// (offsets from its start), sorted, none overlapping; empty when it holds none. For a
    /// view that draws the text itself, hiding each range (the Import tab's path field,
    /// whose cursor moves over the text as typed).
    public static func passwordRanges(_ text: String) -> [Range<Int>] {
        // Most messages hold neither `:` nor `=`: one pass over the bytes, nothing copied.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "=") }) else { return [] }
        let bytes = Array(text.utf8)
        return merged(userinfoPasswords(bytes) + keywordPasswords(bytes))
    }

    /// The last component of `path` (as `NSString.lastPathComponent`), its password hidden
    /// first: a URI typed as a path (`postgresql://ann:pw@db`) ends in `ann:pw@db`, which
    /// alone no longer looks like one. The one way a file's name is shown from its path.
    public static func maskedName(ofPath path: String) -> String {
        var whole = Substring(masked(path))
        while whole.count > 1, whole.hasSuffix("/") { whole = whole.dropLast() }
        guard whole != "/", let slash = whole.lastIndex(of: "/") else { return String(whole) }
        return String(whole[whole.index(after: slash)...])
    }

    /// `ranges` sorted, overlapping ones joined (a URI's password that holds `password=…`).
    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !r.isEmpty {
            if let last = out.last, r.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// The password of every word of `b` (a run up to a space, a quote, a line break) that
    /// holds `user:password@`: one per word (`userinfoPassword`).
    private static func userinfoPasswords(_ b: [UInt8]) -> [Range<Int>] {
        var cuts: [Range<Int>] = []
        var start = 0
        while start < b.count {
            var end = start
            while end < b.count, !endsURI(b[end]) { end += 1 }
            if end > start, let cut = userinfoPassword(b, start..<end) { cuts.append(cut) }
            start = end + 1
        }
        return cuts
    }

    /// The password's bytes in `word`, when it holds `user:password@host` after a scheme-like
    /// prefix however mistyped (`postgresql://`, `postgresql:/`, `postgresql:`,
    /// `postgresql//`; anywhere in the word, a path's folder included): between the first `:`
    /// after the prefix and the word's LAST `@`. libpq ends the user information at its first
    /// `@`, but a password may itself hold `@`, `/` or `:` written unencoded (the host libpq
    /// then reads holds the rest, `PGLocation` hides that), and hiding too much beats showing
    /// any. The first prefix whose user name holds no `/` is taken; failing that, the first
    /// followed by a `:` at all.
    private static func userinfoPassword(_ b: [UInt8], _ word: Range<Int>) -> Range<Int>? {
        guard let at = b[word].lastIndex(of: UInt8(ascii: "@")) else { return nil }
        var fallback: Range<Int>?
        var i = word.lowerBound
        var nextColon: Int?  // the first `:` at or after the last user name looked at: one scan in all
        while i < at {
            guard let userStart = afterSchemePrefix(b, at: i, before: at) else { i += 1; continue }
            if nextColon.map({ $0 < userStart }) ?? true {
                // No `:` left before the `@`: no later prefix has a password either.
                guard let found = b[userStart..<at].firstIndex(of: UInt8(ascii: ":")) else { break }
                nextColon = found
            }
            guard let colon = nextColon else { break }
            if !b[userStart..<colon].contains(UInt8(ascii: "/")) { return (colon + 1)..<at }
            if fallback == nil { fallback = (colon + 1)..<at }
            i = userStart
        }
        return fallback
    }

    /// Where the user name starts when a scheme-like word starts at `i` (a letter, then
    /// letters, digits, `+`, `-`, `.`, not inside a longer word) and is followed by `:` and
    /// any slashes, or by two slashes or more: nil for anything else.
    private static func afterSchemePrefix(_ b: [UInt8], at i: Int, before end: Int) -> Int? {
        guard isLetter(b[i]), i == 0 || !isSchemeByte(b[i - 1]) else { return nil }
        var j = i + 1
        while j < end, isSchemeByte(b[j]) { j += 1 }
        var slashes = 0
        let colon = j < end && b[j] == UInt8(ascii: ":")
        if colon { j += 1 }
        while j < end, b[j] == UInt8(ascii: "/") { j += 1; slashes += 1 }
        return colon || slashes >= 2 ? j : nil
    }

    /// The value of every `password=VALUE` in `b` (`keywordPassword`).
    private static func keywordPasswords(_ b: [UInt8]) -> [Range<Int>] {
        var cuts: [Range<Int>] = []
        var i = 0
        while i < b.count {
            if let cut = keywordPassword(b, at: i) {
                cuts.append(cut)
                i = max(cut.upperBound, i + 1)
            } else {
                i += 1
            }
        }
        return cuts
    }

    /// The value of `password=VALUE` starting at `i` (any case, spaces around `=`), as libpq's
    /// key=value strings write it: up to a space, or within single quotes (`\'` inside). In a
    /// URI's query (after `?` or `&`) the value ends at the next `&` too: a `&` of the password
    /// is written `%26` there, and the parameters after it and the words the message puts
    /// after the URI (`…?password=****&bogus=1: invalid…`) stay.
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
        let inQuery = i > 0 && (b[i - 1] == UInt8(ascii: "?") || b[i - 1] == UInt8(ascii: "&"))
        var k = j
        while k < b.count, !endsURI(b[k]), !(inQuery && b[k] == UInt8(ascii: "&")) { k += 1 }
        return j..<k
    }

    /// The last character of a URI scheme (RFC 3986: letters, digits, `+`, `-`, `.`).
    private static func isSchemeByte(_ c: UInt8) -> Bool {
        isWordByte(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
    }

    private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }

    private static func isWordByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A) || c == UInt8(ascii: "_")
    }

    /// Where a URI quoted in a message ends: a space or control character, or a quote.
    private static func endsURI(_ c: UInt8) -> Bool {
        c <= 0x20 || c == 0x7F || c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "`")
            || c == UInt8(ascii: "<") || c == UInt8(ascii: ">")
    }
}
