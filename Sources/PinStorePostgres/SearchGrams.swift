import Foundation

/// The grams search looks up (`search_postings`, `search_delta`: migration 7), computed by
/// the client for a bulk load: every run of 1, 2 and 3 Unicode scalars of the pin's
/// lower-cased title, description, category and string property values, none across a line
/// break. The same set as the server's `pinmap_search_grams(pinmap_search_text(…))`, which
/// the trigger computes for every other write (and for a pin this cannot compute).
///
/// Lower-casing is Swift's, as for the search words themselves (`candidateIDs`); the
/// server's `lower()` agrees for ASCII, Hangul and the other common scripts.
enum SearchGrams {
    /// Calls `body` with every gram of the pin (a gram may come more than once); false, and
    /// no call, when the properties hold a value that is not a string (its text is the
    /// server's to write: the server computes those pins' grams).
    @inline(__always)
    static func forEachGram(title: String, description: String, category: String, properties: String,
                            _ body: (UInt64) -> Void) -> Bool {
        guard let values = stringValues(properties) else { return false }
        forEachGram(title.lowercased(), body)
        forEachGram(description.lowercased(), body)
        forEachGram(category.lowercased(), body)
        for value in values { forEachGram(value.lowercased(), body) }
        return true
    }

    /// The scalars of gram `key` (`forEachGram`), first to last.
    static func scalars(_ key: UInt64, _ body: (Unicode.Scalar) -> Void) {
        var k = key
        while k != 0 {
            body(Unicode.Scalar(UInt32(k & 0x1F_FFFF) - 1)!)
            k >>= 21
        }
    }

    /// Every gram of 1…3 scalars of `text`, its lines taken apart, each as one number: its
    /// scalars' values + 1 in 21 bits each, the first lowest (a `String` set would merge
    /// canonically equivalent grams that the server tells apart).
    @inline(__always)
    static func forEachGram(_ text: String, _ body: (UInt64) -> Void) {
        var a: UInt64 = 0, b: UInt64 = 0  // the scalar two and one before this one, + 1 (0: none)
        for ch in text.unicodeScalars {
            if ch == "\n" { a = 0; b = 0; continue }
            let c = UInt64(ch.value) + 1
            body(c)
            if b != 0 { body(b | c << 21) }
            if a != 0 { body(a | b << 21 | c << 42) }
            a = b
            b = c
        }
    }

    /// The property values when every one is a string ("" and `{}`: none), else nil.
    static func stringValues(_ properties: String) -> [String]? {
        // Most pins have none: no Foundation trimming for them (a tenth of a load's client work).
        if properties.isEmpty || properties == "{}" { return [] }
        let trimmed = properties.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed == "{}" { return [] }
        guard let object = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any] else { return nil }
        var out: [String] = []
        for value in object.values {
            guard let s = value as? String else { return nil }
            out.append(s)
        }
        return out
    }
}
