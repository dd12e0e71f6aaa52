import Foundation

/// Lower-casing straight from UTF-8 bytes, the same scalars as `String.lowercased()` gives
/// (which maps each scalar by its own `Unicode.Scalar.Properties.lowercaseMapping`, with no
/// context: a final sigma stays σ), without making a `String` of the text or of its result:
/// for a bulk load's search grams (`SearchGrams`), where those strings were most of the work.
///
/// ASCII is mapped by arithmetic; other scalars below U+20000 (every cased letter is) through
/// a table filled on first sight, 512 KB; those above by their mapping each time. One per
/// thread (the table is filled as it goes).
final class SearchLowercase {
    /// Scalars below this go through `table`.
    private static let tabled = 0x20000
    /// By scalar value: 0 not yet looked up, `UInt32.max` a mapping of several scalars (only
    /// U+0130), else the one scalar it maps to, + 1.
    private let table: UnsafeMutablePointer<UInt32>

    init() {
        table = calloc(Self.tabled, MemoryLayout<UInt32>.stride)!.assumingMemoryBound(to: UInt32.self)
    }

    deinit { free(table) }

    /// Calls `body` with the value of every scalar of the lower-cased `text`; false when the
    /// bytes are not valid UTF-8 (the calls made for the part before the first bad byte are
    /// the ones the repaired text would give too).
    @inline(__always)
    func forEachScalar(_ text: UnsafeBufferPointer<UInt8>, _ body: (UInt32) -> Void) -> Bool {
        var i = 0
        let n = text.count
        while i < n {
            let x = text[i]
            if x < 0x80 {
                body(UInt32(x &- 65 < 26 ? x | 0x20 : x))
                i += 1
                continue
            }
            guard let (v, length) = Self.decode(text, at: i) else { return false }
            i += length
            lowered(v, body)
        }
        return true
    }

    /// Calls `body` with the lower-case mapping of scalar `v` (not ASCII).
    @inline(__always)
    private func lowered(_ v: UInt32, _ body: (UInt32) -> Void) {
        guard v < Self.tabled else { return Self.mapping(v, body) }
        var m = table[Int(v)]
        if m == 0 {
            m = Self.entry(v)
            table[Int(v)] = m
        }
        if m == UInt32.max { Self.mapping(v, body) } else { body(m - 1) }
    }

    /// The table's entry for scalar `v`.
    private static func entry(_ v: UInt32) -> UInt32 {
        guard let scalar = Unicode.Scalar(v) else { return v + 1 }
        let mapped = scalar.properties.lowercaseMapping.unicodeScalars
        return mapped.count == 1 ? mapped.first!.value + 1 : UInt32.max
    }

    private static func mapping(_ v: UInt32, _ body: (UInt32) -> Void) {
        guard let scalar = Unicode.Scalar(v) else { return body(v) }
        for s in scalar.properties.lowercaseMapping.unicodeScalars { body(s.value) }
    }

    /// The scalar that starts at byte `i` (not ASCII) and its length in bytes; nil when the
    /// bytes there are not a well-formed UTF-8 sequence (overlong, a surrogate, above U+10FFFF,
    /// cut short).
    @inline(__always)
    private static func decode(_ t: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int)? {
        let x = t[i]
        let n = t.count
        func more(_ k: Int) -> UInt32? {
            guard i + k < n, t[i + k] & 0xC0 == 0x80 else { return nil }
            return UInt32(t[i + k] & 0x3F)
        }
        switch x {
        case 0xC2...0xDF:
            guard let b = more(1) else { return nil }
            return (UInt32(x & 0x1F) << 6 | b, 2)
        case 0xE0...0xEF:
            guard let b = more(1), let c = more(2) else { return nil }
            let v = UInt32(x & 0x0F) << 12 | b << 6 | c
            guard v >= 0x800, !(0xD800...0xDFFF).contains(v) else { return nil }
            return (v, 3)
        case 0xF0...0xF4:
            guard let b = more(1), let c = more(2), let d = more(3) else { return nil }
            let v = UInt32(x & 0x07) << 18 | b << 12 | c << 6 | d
            guard v >= 0x10000, v <= 0x10FFFF else { return nil }
            return (v, 4)
        default:
            return nil
        }
    }
}
