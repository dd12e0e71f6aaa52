/// The values of a JSON object's members as written (`0.10`, `12345678901234567890`, `[1, 2]`),
/// in order: SQLite's `json_each` gives them as SQL values, which lose a number's text. For
/// `properties`, which the store keeps valid (`CHECK (json_valid(properties))`).
enum JSONMemberText {
    /// Each member's value text, in order; nil when `json` is not an object this scanner
    /// follows (then callers keep `json_each`'s values).
    static func values(_ json: String) -> [String]? {
        let b = Array(json.utf8)
        var i = 0
        func space() { while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 } }
        func string() -> Bool {  // at a quote: past the closing one
            guard i < b.count, b[i] == 0x22 else { return false }
            i += 1
            while i < b.count, b[i] != 0x22 { i += b[i] == 0x5C ? 2 : 1 }
            i += 1
            return i <= b.count
        }
        func value() -> Bool {  // past one value
            if i < b.count, b[i] == 0x22 { return string() }
            var depth = 0
            while i < b.count {
                switch b[i] {
                case 0x22: guard string() else { return false }; continue
                case 0x7B, 0x5B: depth += 1
                case 0x7D, 0x5D:
                    if depth == 0 { return true }
                    depth -= 1
                case 0x2C: if depth == 0 { return true }
                default: break
                }
                i += 1
            }
            return depth == 0
        }
        space()
        guard i < b.count, b[i] == 0x7B else { return nil }
        i += 1
        var out: [String] = []
        while true {
            space()
            if i < b.count, b[i] == 0x7D { return out }
            guard string() else { return nil }
            space()
            guard i < b.count, b[i] == 0x3A else { return nil }
            i += 1
            space()
            let start = i
            guard value() else { return nil }
            var end = i
            while end > start, [0x20, 0x09, 0x0A, 0x0D].contains(b[end - 1]) { end -= 1 }
            out.append(String(decoding: b[start..<end], as: UTF8.self))
            space()
            if i < b.count, b[i] == 0x2C { i += 1; continue }
            guard i < b.count, b[i] == 0x7D else { return nil }
            return out
        }
    }
}
