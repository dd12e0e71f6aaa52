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
    static func forEachGram(title: String, description: String, category: String, properties: String,
                            _ body: (UInt64) -> Void) -> Bool {
        let lower = SearchLowercase()
        var (title, description, category, properties) = (title, description, category, properties)
        return title.withUTF8 { t in
            description.withUTF8 { d in
                category.withUTF8 { c in
                    properties.withUTF8 { p in
                        forEachGram(title: t, description: d, category: c, properties: p, lower) { a, b, c in body(key(a, b, c)) }
                    }
                }
            }
        }
    }

    /// `forEachGram` from the texts' UTF-8 bytes, each gram as its scalars' values + 1, the
    /// last in `c`, the ones before in `b` and `a` (0: none, a gram of fewer scalars).
    @inline(__always)
    static func forEachGram(title: UnsafeBufferPointer<UInt8>, description: UnsafeBufferPointer<UInt8>,
                            category: UnsafeBufferPointer<UInt8>, properties: UnsafeBufferPointer<UInt8>,
                            _ lower: SearchLowercase, _ body: (UInt64, UInt64, UInt64) -> Void) -> Bool {
        forEachText(title: title, description: description, category: category, properties: properties) { text in
            forEachGram(text, lower, body)
        }
    }

    /// Calls `body` with each text whose grams a pin holds (`forEachGram(_:_:_:)` of each);
    /// false, and no call, when the properties hold a value that is not a string.
    @inline(__always)
    static func forEachText(title: UnsafeBufferPointer<UInt8>, description: UnsafeBufferPointer<UInt8>,
                            category: UnsafeBufferPointer<UInt8>, properties: UnsafeBufferPointer<UInt8>,
                            _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        // Most pins have no properties: no array of values for them.
        let none = properties.isEmpty || (properties.count == 2 && properties[0] == 0x7B && properties[1] == 0x7D)
        guard none else { return forEachTextAndValue(title: title, description: description, category: category, properties: properties, body) }
        body(title)
        body(description)
        body(category)
        return true
    }

    /// `forEachText` of a pin with properties: its texts, then its property values.
    private static func forEachTextAndValue(title: UnsafeBufferPointer<UInt8>, description: UnsafeBufferPointer<UInt8>,
                                            category: UnsafeBufferPointer<UInt8>, properties: UnsafeBufferPointer<UInt8>,
                                            _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard let values = stringValues(String(decoding: properties, as: UTF8.self)) else { return false }
        body(title)
        body(description)
        body(category)
        for var value in values { value.withUTF8 { body($0) } }
        return true
    }

    /// The key of a gram as `forEachGram` gives it (`a`, `b`, `c`).
    @inline(__always)
    static func key(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> UInt64 {
        a != 0 ? a | b << 21 | c << 42 : b != 0 ? b | c << 21 : c
    }

    /// The scalars of gram `key` (`forEachGram`), first to last.
    static func scalars(_ key: UInt64, _ body: (Unicode.Scalar) -> Void) {
        var k = key
        while k != 0 {
            body(Unicode.Scalar(UInt32(k & 0x1F_FFFF) - 1)!)
            k >>= 21
        }
    }

    /// Every gram of 1…3 scalars of the lower-cased UTF-8 `text`, its lines taken apart, as
    /// `forEachGram(title:…)` gives them. A gram is one number (`key`): its scalars' values
    /// + 1 in 21 bits each, the first lowest (a `String` set would merge canonically
    /// equivalent grams that the server tells apart). Bytes that are not valid UTF-8 are
    /// read as `String` repairs them.
    @inline(__always)
    static func forEachGram(_ text: UnsafeBufferPointer<UInt8>, _ lower: SearchLowercase, _ body: (UInt64, UInt64, UInt64) -> Void) {
        var a: UInt64 = 0, b: UInt64 = 0  // the scalar two and one before this one, + 1 (0: none)
        let valid = lower.forEachScalar(text) { v in
            if v == 0x0A { a = 0; b = 0; return }
            let c = UInt64(v) + 1
            body(0, 0, c)
            if b != 0 { body(0, b, c) }
            if a != 0 { body(a, b, c) }
            a = b
            b = c
        }
        // The grams given so far are the repaired text's too; those of the rest follow (a
        // gram given twice counts once).
        if !valid { forEachGram(String(decoding: text, as: UTF8.self).lowercased(), body) }
    }

    /// `forEachGram` of a lower-cased `String`: the reference the bytes' path must agree with.
    static func forEachGram(_ text: String, _ body: (UInt64, UInt64, UInt64) -> Void) {
        var a: UInt64 = 0, b: UInt64 = 0
        for ch in text.unicodeScalars {
            if ch == "\n" { a = 0; b = 0; continue }
            let c = UInt64(ch.value) + 1
            body(0, 0, c)
            if b != 0 { body(0, b, c) }
            if a != 0 { body(a, b, c) }
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
