import CSQLite
import PinModel

/// `pinmap_relevance(title, description, category, properties, text)`: the
/// `SearchRelevance` tier (0 best) of a pin for the search `text`, for ORDER BY and for
/// `Store.search`, which ranks up to 5,000 matches per keystroke. An ASCII query over ASCII
/// title, description and category (and properties in any script but İ and the Kelvin
/// sign) is ranked on the bytes, with no `String` made: for ASCII, lowercasing is the ASCII
/// one and a word character is a letter or digit, so the answer is the one
/// `SearchRelevance` gives, which ranks everything else.
enum RelevanceFunction {
    static let function: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { ctx, argc, argv in
        guard argc == 5, let argv else { sqlite3_result_int(ctx, Int32(SearchRelevance.propertyOnly.rawValue)); return }
        let query = RelevanceFunction.query(ctx, argv[4])
        let tier = ascii(argv, query) ?? SearchRelevance(
            title: text(argv[0]), description: text(argv[1]), category: text(argv[2]),
            properties: argv[3].map { sqlite3_value_type($0) == SQLITE_NULL ? "{}" : text($0) } ?? "{}", query: query.folded)
        sqlite3_result_int(ctx, Int32(tier.rawValue))
    }

    /// The search text folded once per statement (kept as SQLite auxiliary data of the
    /// constant argument).
    final class Query {
        let folded: SearchRelevance.Query
        let phrase: [UInt8]
        let words: [[UInt8]]
        let isASCII: Bool
        init(_ text: String) {
            folded = SearchRelevance.Query(text)
            phrase = Array(folded.phrase.utf8)
            words = folded.words.map { Array($0.utf8) }
            isASCII = phrase.allSatisfy { $0 < 0x80 }
        }
    }

    private static func query(_ ctx: OpaquePointer?, _ value: OpaquePointer?) -> Query {
        if let kept = sqlite3_get_auxdata(ctx, 4) { return Unmanaged<Query>.fromOpaque(kept).takeUnretainedValue() }
        let q = Query(text(value))
        sqlite3_set_auxdata(ctx, 4, Unmanaged.passRetained(q).toOpaque()) { p in
            if let p { Unmanaged<Query>.fromOpaque(p).release() }
        }
        return q
    }

    private static func text(_ value: OpaquePointer?) -> String {
        guard let p = sqlite3_value_text(value) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: p, count: Int(sqlite3_value_bytes(value))), as: UTF8.self)
    }

    private static func bytes(_ value: OpaquePointer?) -> UnsafeBufferPointer<UInt8> {
        guard let p = sqlite3_value_text(value) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: p, count: Int(sqlite3_value_bytes(value)))
    }

    /// The tier from the bytes, or nil when a text it needs is not ASCII.
    private static func ascii(_ argv: UnsafeMutablePointer<OpaquePointer?>, _ q: Query) -> SearchRelevance? {
        guard q.isASCII, !q.phrase.isEmpty else { return nil }
        let title = bytes(argv[0])
        guard isASCII(title) else { return nil }
        if title.count == q.phrase.count && equalFolded(title, 0, q.phrase) { return .exactTitle }
        if title.count >= q.phrase.count && equalFolded(title, 0, q.phrase) { return .titlePrefix }
        if holdsAsWord(title, q.phrase) { return .titleWord }
        if q.words.allSatisfy({ find(title, $0, from: 0) != nil }) { return .titleAnywhere }
        let description = bytes(argv[1]), category = bytes(argv[2])
        guard isASCII(description), isASCII(category) else { return nil }
        if q.words.allSatisfy({ find(title, $0, from: 0) != nil || find(description, $0, from: 0) != nil
                                || find(category, $0, from: 0) != nil }) { return .descriptionOrCategory }
        // Other scripts in the JSON (a `name_ko`) fold to no ASCII byte, except İ (to i and a
        // combining dot) and the Kelvin sign (to k): only those need the Unicode path.
        let properties = bytes(argv[3])
        guard !contains(properties, [0xC4, 0xB0]), !contains(properties, [0xE2, 0x84, 0xAA]) else { return nil }
        let quoted = [0x22] + q.phrase + [0x22]
        return find(properties, quoted, from: 0) != nil ? .propertyValue : .propertyOnly
    }

    private static func isASCII(_ b: UnsafeBufferPointer<UInt8>) -> Bool { b.allSatisfy { $0 < 0x80 } }

    private static func contains(_ b: UnsafeBufferPointer<UInt8>, _ sequence: [UInt8]) -> Bool {
        guard b.count >= sequence.count else { return false }
        return (0...(b.count - sequence.count)).contains { i in (0..<sequence.count).allSatisfy { b[i + $0] == sequence[$0] } }
    }

    private static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

    /// True when `text` from `at` holds `folded` (lower case), ignoring ASCII case.
    private static func equalFolded(_ text: UnsafeBufferPointer<UInt8>, _ at: Int, _ folded: [UInt8]) -> Bool {
        guard at + folded.count <= text.count else { return false }
        for k in 0..<folded.count where lower(text[at + k]) != folded[k] { return false }
        return true
    }

    private static func find(_ text: UnsafeBufferPointer<UInt8>, _ folded: [UInt8], from: Int) -> Int? {
        guard !folded.isEmpty, text.count >= folded.count, from <= text.count - folded.count else { return nil }
        for i in from...(text.count - folded.count) where equalFolded(text, i, folded) { return i }
        return nil
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    private static func holdsAsWord(_ text: UnsafeBufferPointer<UInt8>, _ phrase: [UInt8]) -> Bool {
        var from = 0
        while let i = find(text, phrase, from: from) {
            let end = i + phrase.count
            if (i == 0 || !isWordByte(text[i - 1])) && (end == text.count || !isWordByte(text[end])) { return true }
            from = i + 1
        }
        return false
    }
}
