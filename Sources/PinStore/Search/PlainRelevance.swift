import PinModel

/// The `SearchRelevance` tier of a pin ranked on its texts' UTF-8 bytes, with no `String`
/// made (both stores rank up to 5,000 matches per keystroke), when its texts and the query
/// are "plain": ASCII and precomposed Hangul syllables (U+AC00–U+D7A3) only. There,
/// lowercasing is the ASCII one, a character is one scalar, a word character is an ASCII
/// letter or digit or a syllable (a letter), so the answer is the one `SearchRelevance`
/// gives, which ranks everything else. Properties may be in any script but İ and the Kelvin
/// sign (which fold to ASCII) for an ASCII query; a Korean one needs them plain too (Swift
/// finds 서 in its conjoining jamo, the bytes do not).
public enum PlainRelevance {
    /// The search text folded once (a statement or a search ranks thousands of pins with it).
    public final class Query {
        public let folded: SearchRelevance.Query
        let phrase: [UInt8]
        let words: [[UInt8]]
        let isASCII: Bool
        let isPlain: Bool
        public init(_ text: String) {
            folded = SearchRelevance.Query(text)
            phrase = Array(folded.phrase.utf8)
            words = folded.words.map { Array($0.utf8) }
            isASCII = phrase.allSatisfy { $0 < 0x80 }
            isPlain = phrase.withUnsafeBufferPointer { PlainRelevance.isPlain($0) }
        }
    }

    /// The tier from the texts' UTF-8 bytes, or nil when a text it needs is not plain.
    public static func tier(title: UnsafeBufferPointer<UInt8>, description: UnsafeBufferPointer<UInt8>,
                            category: UnsafeBufferPointer<UInt8>, properties: UnsafeBufferPointer<UInt8>,
                            query q: Query) -> SearchRelevance? {
        guard q.isPlain, !q.phrase.isEmpty else { return nil }
        guard isPlain(title) else { return nil }
        if title.count == q.phrase.count && equalFolded(title, 0, q.phrase) { return .exactTitle }
        if title.count >= q.phrase.count && equalFolded(title, 0, q.phrase) { return .titlePrefix }
        if holdsAsWord(title, q.phrase) { return .titleWord }
        // Other scripts in the JSON (a `name_ko`) fold to no ASCII byte, except İ (to i and a
        // combining dot) and the Kelvin sign (to k): only those need the Unicode path.
        guard !contains(properties, [0xC4, 0xB0]), !contains(properties, [0xE2, 0x84, 0xAA]) else { return nil }
        guard q.isASCII || isPlain(properties) else { return nil }
        if holdsValue(properties, q.phrase) { return .propertyValue }
        if q.words.allSatisfy({ find(title, $0, from: 0) != nil }) { return .titleAnywhere }
        guard isPlain(description), isPlain(category) else { return nil }
        if q.words.allSatisfy({ find(title, $0, from: 0) != nil || find(description, $0, from: 0) != nil
                                || find(category, $0, from: 0) != nil }) { return .descriptionOrCategory }
        return .propertyOnly
    }

    /// `SearchRelevance.holdsValue` on the bytes: `"phrase"` not followed by a `:` (a key).
    private static func holdsValue(_ json: UnsafeBufferPointer<UInt8>, _ phrase: [UInt8]) -> Bool {
        let quoted = [0x22] + phrase + [0x22]
        var from = 0
        while let i = find(json, quoted, from: from) {
            var k = i + quoted.count
            while k < json.count, [0x20, 0x09, 0x0A, 0x0D].contains(json[k]) { k += 1 }
            if k == json.count || json[k] != 0x3A { return true }
            from = i + 1
        }
        return false
    }

    /// True when `b` is UTF-8 of ASCII and precomposed Hangul syllables only.
    static func isPlain(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < b.count {
            let lead = b[i]
            if lead < 0x80 { i += 1; continue }
            // A syllable is 3 bytes, EA B0 80 (U+AC00) to ED 9E A3 (U+D7A3).
            guard lead >= 0xEA && lead <= 0xED, i + 2 < b.count, b[i + 1] & 0xC0 == 0x80, b[i + 2] & 0xC0 == 0x80 else { return false }
            let scalar = UInt32(lead & 0x0F) << 12 | UInt32(b[i + 1] & 0x3F) << 6 | UInt32(b[i + 2] & 0x3F)
            guard scalar >= 0xAC00 && scalar <= 0xD7A3 else { return false }
            i += 3
        }
        return true
    }

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

    /// A byte of a word character in a plain text: an ASCII letter or digit, or any byte of
    /// a syllable (every byte from 0x80 on is one).
    private static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b >= 0x80
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
