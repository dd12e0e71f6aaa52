import PinModel
import Glibc

/// A JSON text (RFC 8259) held as its UTF-8 bytes and read lazily: values are byte ranges,
/// decoded only when asked for.
///
/// Why not `JSONDecoder`/`JSONSerialization`: they build the whole tree (a 6 MB file of
/// `[1,1,1,…]` peaked at 1 GB), lose a number's text (`1` back as `1.0`, 17-digit
/// coordinates rounded) and say only "not valid JSON". Here the whole text is checked once
/// (`init`) with a nesting limit and finite numbers, errors name the line, and a feature is
/// read one at a time, its property values kept as their exact source text.
struct JSONDocument {
    enum Kind: Equatable { case object, array, string, number, bool, null }

    /// One value: its kind and bytes `start..<end` of the text.
    struct Value {
        var kind: Kind
        var start: Int
        var end: Int
    }

    /// Why the text is not JSON this reader accepts, with where (1-based line, 0-based byte).
    struct SyntaxError: Error {
        var reason: String
        var line: Int
        var offset: Int
        var description: String { "\(reason) at line \(line) (byte \(offset))" }
    }

    /// Deepest nesting of arrays and objects accepted (GeoJSON needs about 6).
    static let maxDepth = 128

    let bytes: [UInt8]
    /// The top-level value (of a sequence, the first).
    private(set) var root = Value(kind: .null, start: 0, end: 0)
    /// Whether the text is a sequence of objects, one after another on lines of their own
    /// (newline-delimited JSON, as QGIS's "GeoJSONSeq" and `ogr2ogr -f GeoJSONSeq` write it;
    /// RFC 8142's record separator before each is white space here): `topLevel()` reads them.
    private(set) var isSequence = false

    /// Checks the whole text.
    /// - Throws: `SyntaxError` ("nested too deep (limit 128)", "number out of range", …).
    init(bytes: [UInt8]) throws(SyntaxError) {
        self.bytes = bytes
        var i = skipSpace(0, separators: true)
        root = try scan(&i, depth: 0)
        var after = skipSpace(i, separators: true)
        // More objects, each starting a line: a sequence (checked whole, as one text is).
        while after < bytes.count, root.kind == .object, bytes[after] == 0x7B, bytes[i..<after].contains(where: { $0 == 0x0A || $0 == 0x1E }) {
            isSequence = true
            i = after
            _ = try scan(&i, depth: 0)
            after = skipSpace(i, separators: true)
        }
        if after < bytes.count { throw error("unexpected text after the top-level value", at: after) }
    }

    /// The top-level values: the root, or each value of a sequence, one at a time.
    func topLevel() -> TopLevelIterator { TopLevelIterator(document: self, position: skipSpace(0, separators: true)) }

    struct TopLevelIterator: IteratorProtocol {
        let document: JSONDocument
        var position: Int

        mutating func next() -> Value? {
            guard position < document.bytes.count, let value = try? document.scan(&position, depth: 0) else { return nil }
            position = document.skipSpace(position, separators: true)
            return value
        }
    }

    // MARK: Reading values (the text is valid: these do not throw)

    /// The members of an object, in source order (a repeated key appears twice).
    func members(_ v: Value) -> [(key: String, value: Value)] {
        guard v.kind == .object else { return [] }
        var out: [(String, Value)] = []
        var i = skipSpace(v.start + 1)
        while i < v.end, bytes[i] == 0x22 {
            guard let key = try? scan(&i, depth: 0) else { break }
            i = skipSpace(i) + 1  // ':'
            i = skipSpace(i)
            guard let value = try? scan(&i, depth: 0) else { break }
            out.append((string(key) ?? "", value))
            i = skipSpace(i)
            if i < v.end, bytes[i] == 0x2C { i = skipSpace(i + 1) }
        }
        return out
    }

    /// The value of the first member named `key`.
    func member(_ v: Value, _ key: String) -> Value? {
        members(v).first { $0.key == key }?.value
    }

    /// The elements of an array, one at a time (a huge array is never held as a list).
    func elements(_ v: Value) -> ElementIterator {
        ElementIterator(document: self, position: v.kind == .array ? skipSpace(v.start + 1) : v.end, end: v.end)
    }

    struct ElementIterator: IteratorProtocol {
        let document: JSONDocument
        var position: Int
        let end: Int

        mutating func next() -> Value? {
            guard position < end, document.bytes[position] != 0x5D,
                  let value = try? document.scan(&position, depth: 0) else { return nil }
            position = document.skipSpace(position)
            if position < end, document.bytes[position] == 0x2C { position = document.skipSpace(position + 1) }
            return value
        }
    }

    /// A string's decoded text; nil for other kinds.
    func string(_ v: Value) -> String? {
        guard v.kind == .string else { return nil }
        let body = bytes[(v.start + 1)..<(v.end - 1)]
        guard body.contains(0x5C) else { return String(decoding: body, as: UTF8.self) }
        return Self.unescape(body)
    }

    /// A number's value (a finite Double); nil for other kinds.
    func number(_ v: Value) -> Double? {
        guard v.kind == .number else { return nil }
        return Self.double(bytes[v.start..<v.end])
    }

    /// The value's JSON text without insignificant whitespace; numbers and strings exactly as
    /// written (so `1` stays `1` and `0.10` stays `0.10`).
    func text(_ v: Value) -> String {
        switch v.kind {
        case .object, .array:
            var out: [UInt8] = []
            out.reserveCapacity(v.end - v.start)
            var inString = false, escaped = false
            for b in bytes[v.start..<v.end] {
                if inString {
                    if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
                    out.append(b)
                } else if !isSpace(b) {
                    if b == 0x22 { inString = true }
                    out.append(b)
                }
            }
            return String(decoding: out, as: UTF8.self)
        default:
            return String(decoding: bytes[v.start..<v.end], as: UTF8.self)
        }
    }

    /// 1-based line of byte `offset`.
    func line(at offset: Int) -> Int {
        var n = 1
        for b in bytes[0..<min(offset, bytes.count)] where b == 0x0A { n += 1 }
        return n
    }

    // MARK: Scanning

    /// Scans the value starting at `i` (no leading space) and leaves `i` after it.
    fileprivate func scan(_ i: inout Int, depth: Int) throws(SyntaxError) -> Value {
        guard i < bytes.count else { throw error("the text ends where a value was expected", at: i) }
        let start = i
        switch bytes[i] {
        case 0x7B, 0x5B:  // { [
            let isObject = bytes[i] == 0x7B
            if depth >= Self.maxDepth { throw error("nested too deep (limit \(Self.maxDepth))", at: i) }
            let close: UInt8 = isObject ? 0x7D : 0x5D
            i = skipSpace(i + 1)
            if i < bytes.count, bytes[i] == close { i += 1; return Value(kind: isObject ? .object : .array, start: start, end: i) }
            while true {
                if isObject {
                    guard i < bytes.count, bytes[i] == 0x22 else { throw error("expected a member name in quotes", at: i) }
                    _ = try scan(&i, depth: depth + 1)
                    i = skipSpace(i)
                    guard i < bytes.count, bytes[i] == 0x3A else { throw error("expected ':' after a member name", at: i) }
                    i = skipSpace(i + 1)
                }
                _ = try scan(&i, depth: depth + 1)
                i = skipSpace(i)
                guard i < bytes.count else { throw error("the text ends inside \(isObject ? "an object" : "an array")", at: i) }
                if bytes[i] == close { i += 1; break }
                guard bytes[i] == 0x2C else { throw error("expected ',' or '\(Character(Unicode.Scalar(close)))'", at: i) }
                i = skipSpace(i + 1)
            }
            return Value(kind: isObject ? .object : .array, start: start, end: i)
        case 0x22:
            i += 1
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x22 { i += 1; return Value(kind: .string, start: start, end: i) }
                if b < 0x20 { throw error("control character inside a string", at: i) }
                if b == 0x5C {
                    guard i + 1 < bytes.count else { break }
                    switch bytes[i + 1] {
                    case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: i += 2
                    case 0x75:
                        guard i + 6 <= bytes.count, bytes[(i + 2)..<(i + 6)].allSatisfy(isHexDigit) else {
                            throw error("bad \\u escape in a string", at: i)
                        }
                        i += 6
                    default: throw error("bad escape in a string", at: i)
                    }
                } else {
                    i += 1
                }
            }
            throw error("unterminated string", at: start)
        case 0x74: return try literal("true", .bool, &i)
        case 0x66: return try literal("false", .bool, &i)
        case 0x6E: return try literal("null", .null, &i)
        default:
            return try scanNumber(&i)
        }
    }

    private func scanNumber(_ i: inout Int) throws(SyntaxError) -> Value {
        let start = i
        var exponent = false
        if i < bytes.count, bytes[i] == 0x2D { i += 1 }
        func digits(_ i: inout Int) -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1 }
            return i - s
        }
        let intDigits = digits(&i)
        guard intDigits > 0 else {
            let what = i < bytes.count ? "'\(Character(Unicode.Scalar(bytes[i])))'" : "the end"
            throw error("unexpected \(what) where a value was expected", at: i)
        }
        if intDigits > 1 && bytes[start + (bytes[start] == 0x2D ? 1 : 0)] == 0x30 { throw error("a number has a leading zero", at: start) }
        if i < bytes.count, bytes[i] == 0x2E {
            i += 1
            if digits(&i) == 0 { throw error("a number has no digits after '.'", at: i) }
        }
        if i < bytes.count, bytes[i] == 0x65 || bytes[i] == 0x45 {
            exponent = true
            i += 1
            if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
            if digits(&i) == 0 { throw error("a number has no digits in its exponent", at: i) }
        }
        // Without an exponent a number needs over 308 digits to overflow a Double.
        if exponent || i - start > 300, Self.double(bytes[start..<i]) == nil {
            throw error("number out of range", at: start)
        }
        return Value(kind: .number, start: start, end: i)
    }

    private func literal(_ word: String, _ kind: Kind, _ i: inout Int) throws(SyntaxError) -> Value {
        let n = word.utf8.count
        guard i + n <= bytes.count, bytes[i..<(i + n)].elementsEqual(word.utf8) else {
            throw error("unexpected '\(Character(Unicode.Scalar(bytes[i])))' where a value was expected", at: i)
        }
        defer { i += n }
        return Value(kind: kind, start: i, end: i + n)
    }

    /// Past white space at `i`; with `separators`, RFC 8142's record separator (0x1E) too,
    /// which may stand only between top-level values.
    fileprivate func skipSpace(_ i: Int, separators: Bool = false) -> Int {
        var i = i
        while i < bytes.count, isSpace(bytes[i]) || (separators && bytes[i] == 0x1E) { i += 1 }
        return i
    }

    private func error(_ reason: String, at offset: Int) -> SyntaxError {
        SyntaxError(reason: reason, line: line(at: offset), offset: offset)
    }

    // MARK: Decoding

    /// A finite Double from number text (strtod: correctly rounded).
    static func double(_ text: ArraySlice<UInt8>) -> Double? {
        var chars = Array(text)
        chars.append(0)
        let d = chars.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { strtod($0, nil) }
        }
        return d.isFinite ? d : nil
    }

    private static func unescape(_ body: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        var out: [UInt8] = []
        var i = body.startIndex
        func flush() {
            scalars.append(contentsOf: String(decoding: out, as: UTF8.self).unicodeScalars)
            out.removeAll(keepingCapacity: true)
        }
        func hex4(_ at: Int) -> UInt32 {
            UInt32(String(decoding: body[at..<(at + 4)], as: UTF8.self), radix: 16) ?? 0xFFFD
        }
        while i < body.endIndex {
            let b = body[i]
            guard b == 0x5C, i + 1 < body.endIndex else { out.append(b); i += 1; continue }
            let e = body[i + 1]
            i += 2
            switch e {
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                flush()
                var code = hex4(i)
                i += 4
                // A surrogate pair: \uD83D\uDE00.
                if (0xD800..<0xDC00).contains(code), i + 6 <= body.endIndex, body[i] == 0x5C, body[i + 1] == 0x75 {
                    let low = hex4(i + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: out.append(e)  // \" \\ \/
            }
        }
        flush()
        return String(scalars)
    }
}

@inline(__always)
private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

private func isHexDigit(_ b: UInt8) -> Bool {
    (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b)
}
