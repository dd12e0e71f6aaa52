import PinModel
/// One CSV record: its fields (UTF-8, quotes removed, line breaks inside fields as `\n`) and the
/// physical line (1-based) of the file where it starts.
///
/// Fields are stored back to back in one byte array, so reading a record allocates nothing per
/// field; `self[i]` makes a `String` only when asked.
public struct CSVRecord: Sendable, Equatable {
    /// Physical line (1-based, counting every `\n`, `\r\n` or lone `\r`) of the record's first byte.
    public let line: Int
    /// Field bytes, concatenated.
    let bytes: [UInt8]
    /// End offset in `bytes` of each field.
    let ends: [Int]

    init(line: Int, bytes: [UInt8], ends: [Int]) {
        self.line = line
        self.bytes = bytes
        self.ends = ends
    }

    /// A record from strings (tests, GeoJSON features).
    public init(line: Int, fields: [String]) {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for f in fields {
            bytes.append(contentsOf: f.utf8)
            ends.append(bytes.count)
        }
        self.init(line: line, bytes: bytes, ends: ends)
    }

    /// Number of fields.
    public var count: Int { ends.count }

    /// Field `index` as a string; "" when the record has fewer fields (a missing trailing field).
    public subscript(index: Int) -> String {
        guard index >= 0, index < ends.count else { return "" }
        return withFieldBytes(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Field `index` as `trimmedText` trims it; "" when missing. A field that starts and ends
    /// with a printable ASCII byte, as almost every field does, becomes its string at once
    /// (`trimmedText`'s own fast path, on the bytes: no second pass through a generic string).
    public func trimmed(_ index: Int) -> String {
        withFieldBytes(index) { field in
            let text = String(decoding: field, as: UTF8.self)
            guard let first = field.first, let last = field.last,
                  first > 0x20, first < 0x7F, last > 0x20, last < 0x7F else { return trimmedText(text) }
            return text
        }
    }

    /// All fields as strings.
    public var fields: [String] { (0..<count).map { self[$0] } }

    /// Calls `body` with the bytes of field `index` (empty when the record has fewer fields).
    public func withFieldBytes<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        guard index >= 0, index < ends.count else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        let start = index == 0 ? 0 : ends[index - 1]
        return try bytes.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[start..<ends[index]]))
        }
    }

    /// Where field `index` is in `bytes` (empty when the record has fewer fields).
    func range(of index: Int) -> Range<Int> {
        guard index >= 0, index < ends.count else { return 0..<0 }
        return (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// Whether field `index` is missing or holds only spaces and tabs.
    public func isBlank(_ index: Int) -> Bool {
        withFieldBytes(index) { field in field.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
    }

    /// Whether every field is blank: an empty, whitespace-only or delimiter-only line.
    public var isBlank: Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}
