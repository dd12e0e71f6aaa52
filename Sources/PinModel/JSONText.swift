/// JSON text built by hand so numbers keep full precision and key order is
/// fixed (Foundation's encoder can round doubles and reorders keys).
public enum JSONText {
    /// `s` as a JSON string literal: `"`, `\` and control characters escaped
    /// (`\n`, `\u001b`, …), and so are the bidi override/isolate controls and
    /// U+2028/U+2029, so the text is safe on a terminal and still decodes to
    /// exactly `s`; everything else as is (UTF-8).
    public static func string(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count + 2)
        append(s, to: &out)
        return out
    }

    /// Appends `string(s)` to `out`, without making it first (a properties object is built
    /// this way, key by key).
    public static func append(_ s: String, to out: inout String) {
        // Fast path: printable ASCII without `"` or `\` (most keys and values) is copied
        // whole; appending scalar by scalar cost more than the rest of an import's row.
        var plain = s
        let isPlain = plain.withUTF8 { bytes in
            !bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 >= 0x7F }
        }
        out += "\""
        if isPlain {
            out += plain
            out += "\""
            return
        }
        for u in s.unicodeScalars {
            if isUnsafe(u) {
                out += unicodeEscape(u)
                continue
            }
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20: out += unicodeEscape(u)
            default: out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }

    /// JSON text (e.g. a stored `properties` object) with the scalars `string` escapes for
    /// the terminal's sake (DEL, C1 controls, U+2028/9, bidi controls) escaped as `\uXXXX`.
    /// In valid JSON they can only occur inside strings, where the escape means the same.
    public static func escapingUnsafeScalars(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: isUnsafe) else { return json }
        var out = ""
        for u in json.unicodeScalars {
            if isUnsafe(u) { out += unicodeEscape(u) } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    private static func isUnsafe(_ u: Unicode.Scalar) -> Bool {
        u.value == 0x7F || (0x80...0x9F).contains(u.value) || u.value == 0x2028 || u.value == 0x2029
            || (0x202A...0x202E).contains(u.value) || (0x2066...0x2069).contains(u.value)
    }

    private static func unicodeEscape(_ u: Unicode.Scalar) -> String {
        let hex = String(u.value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
