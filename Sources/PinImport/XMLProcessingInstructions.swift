import Foundation

/// Blanks the processing instructions of an XML document (`<?target data?>`) before
/// Foundation's `XMLParser` sees them, keeping a well-formed XML declaration at the start.
///
/// Why: FoundationXML on Linux traps (SIGILL/SIGSEGV) in its processing-instruction callback
/// when an instruction has no data (`<?foo?>`) or a target that is not valid UTF-8 (fuzz
/// cases 380 and 18318: a damaged `<?xml …?>` line). No format Pinmap reads carries anything
/// in processing instructions, so they are replaced by spaces. Line breaks inside them are
/// kept, so every line and column libxml2 reports stays the file's own. Comments and CDATA
/// sections are skipped: a `<?` inside them is text.
enum XMLProcessingInstructions {
    /// `data` with every processing instruction blanked, except an XML declaration of
    /// printable ASCII at the very start (after a UTF-8 byte order mark). Returns `data`
    /// itself (no copy) when there is nothing to blank.
    static func neutralized(_ data: Data) -> Data {
        let ranges = data.withUnsafeBytes { instructionRanges(in: $0) }
        guard !ranges.isEmpty else { return data }
        var out = data
        out.withUnsafeMutableBytes { bytes in
            for r in ranges {
                for i in r where bytes[i] != 0x0A && bytes[i] != 0x0D { bytes[i] = 0x20 }
            }
        }
        return out
    }

    /// Byte ranges of the processing instructions to blank, in order.
    static func instructionRanges(in b: UnsafeRawBufferPointer) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var i = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let first = i
        while let lt = find(0x3C, in: b, from: i) {  // '<'
            if has("<!--", in: b, at: lt) {
                i = end(of: "-->", in: b, from: lt + 4)
            } else if has("<![CDATA[", in: b, at: lt) {
                i = end(of: "]]>", in: b, from: lt + 9)
            } else if has("<?", in: b, at: lt) {
                let close = end(of: "?>", in: b, from: lt + 2)
                if !(lt == first && isDeclaration(b, lt..<close)) { ranges.append(lt..<close) }
                i = close
            } else {
                i = lt + 1
            }
        }
        return ranges
    }

    /// `<?xml` and a space, then printable ASCII up to `?>`.
    private static func isDeclaration(_ b: UnsafeRawBufferPointer, _ r: Range<Int>) -> Bool {
        guard has("<?xml", in: b, at: r.lowerBound), r.count > 7, has("?>", in: b, at: r.upperBound - 2) else { return false }
        let next = b[r.lowerBound + 5]
        guard next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D else { return false }
        return b[r].allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    private static func find(_ byte: UInt8, in b: UnsafeRawBufferPointer, from i: Int) -> Int? {
        guard i < b.count, let base = b.baseAddress else { return nil }
        guard let p = memchr(base + i, Int32(byte), b.count - i) else { return nil }
        return base.distance(to: UnsafeRawPointer(p))
    }

    private static func has(_ s: StaticString, in b: UnsafeRawBufferPointer, at i: Int) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i >= 0, i + n <= b.count else { return false }
        for k in 0..<n where b[i + k] != s.utf8Start[k] { return false }
        return true
    }

    /// The index just past the next `terminator` at or after `i`, or the end of the data.
    private static func end(of terminator: StaticString, in b: UnsafeRawBufferPointer, from i: Int) -> Int {
        var j = i
        while let k = find(terminator.utf8Start[0], in: b, from: j) {
            if has(terminator, in: b, at: k) { return k + terminator.utf8CodeUnitCount }
            j = k + 1
        }
        return b.count
    }
}
