/// A pin's `created_order`: a 64-bit key of its `created_at` text that never sorts against
/// it, so `pins_created` is keyed on an integer first and its build compares integers, not
/// text (ISO-8601 times share their first 8 bytes, "2017-03-", so PostgreSQL's abbreviated
/// text keys gave up and every comparison was a whole text compare).
///
/// The key is monotone in the text's byte order (`COLLATE "C"`, SQLite's BINARY): s < t
/// implies key(s) <= key(t). So `ORDER BY created_order DESC, created_at DESC, id DESC`
/// is `ORDER BY created_at DESC, id DESC`, and `created_at >= a AND created_at < b` holds
/// only where `created_order BETWEEN key(a) AND key(b)`.
///
/// How: the text is read against "DDDD-DD-DDTDD:DD:DD" (D a digit, the others those
/// bytes), one symbol a position. At a digit's position: 0 below (the text ended, or a byte
/// under "0"), 1…10 the digits, 11 above (a byte over "9"); at a separator's: 0 below, 1 the
/// separator, 2 above. The first below or above ends the reading: every later position is 0.
/// The 19 symbols are one number in mixed radix (12 and 3), the first position the most
/// significant: at most 12^14 · 3^5 − 1 < 2^59. Why it is monotone: at the first byte where
/// two texts differ, a position's symbol never decreases with the byte; equal symbols of
/// different bytes are both below or both above, and end both readings alike.
///
/// The server's `pinmap_created_order` (schema 12) is the same function in PL/pgSQL: it
/// fills the key of every write but a bulk load's, which sends it.
public enum CreatedOrder {
    /// The pattern's length: bytes after it (a zone, fractions) leave ties to `created_at`.
    static let length = 19

    /// The separator at pattern position `k`, or 0 where a digit goes.
    @inline(__always)
    static func separator(at k: Int) -> UInt8 {
        switch k {
        case 4, 7: UInt8(ascii: "-")
        case 10: UInt8(ascii: "T")
        case 13, 16: UInt8(ascii: ":")
        default: 0
        }
    }

    /// The key of the text `bytes` (UTF-8, or any encoding whose non-ASCII bytes are 0x80 and over).
    public static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64 {
        var key: Int64 = 0
        var reading = true
        for k in 0..<length {
            let separator = separator(at: k)
            let radix: Int64 = separator == 0 ? 12 : 3
            var symbol: Int64 = 0
            if reading && k < bytes.count {
                let c = bytes[k]
                if separator == 0 {
                    symbol = c < UInt8(ascii: "0") ? 0 : c > UInt8(ascii: "9") ? 11 : Int64(c - UInt8(ascii: "0")) + 1
                } else {
                    symbol = c < separator ? 0 : c > separator ? 2 : 1
                }
                reading = symbol != 0 && symbol != radix - 1
            } else {
                reading = false
            }
            key = key * radix + symbol
        }
        return key
    }

    /// The key of `text`.
    public static func key(_ text: String) -> Int64 {
        var text = text
        return text.withUTF8 { key($0) }
    }
}
