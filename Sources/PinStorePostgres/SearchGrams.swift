import Foundation

/// The grams of `pins.search_grams` (migration 4), computed by the client for a bulk load:
/// every run of 1, 2 and 3 Unicode scalars of the pin's lower-cased title, description,
/// category and string property values, none across a line break. The same set as the
/// server's `pinmap_search_grams(pinmap_search_text(…))`, which fills the column for every
/// other write (and for a pin this cannot compute).
///
/// Lower-casing is Swift's, as for the search words themselves (`searchConditions`); the
/// server's `lower()` agrees for ASCII, Hangul and the other common scripts.
enum SearchGrams {
    /// The grams as a PostgreSQL array literal (`{"a","ab",…}`), or nil when the properties
    /// hold a value that is not a string (its text is the server's to write): the trigger
    /// computes those.
    static func arrayLiteral(title: String, description: String, category: String, properties: String) -> String? {
        guard let grams = keys(title: title, description: description, category: category, properties: properties) else { return nil }
        var out = "{"
        out.reserveCapacity(grams.count * 8)
        var first = true
        for key in grams {
            if !first { out += "," }
            first = false
            out += "\""
            scalars(key) { ch in
                if ch == "\"" || ch == "\\" { out += "\\" }
                out.unicodeScalars.append(ch)
            }
            out += "\""
        }
        return out + "}"
    }

    /// The pin's grams as numbers (`add`), or nil as `arrayLiteral`; `scalars` spells one.
    static func keys(title: String, description: String, category: String, properties: String) -> Set<UInt64>? {
        guard let values = stringValues(properties) else { return nil }
        var grams = Set<UInt64>()
        for field in [title, description, category] + values { add(field.lowercased(), to: &grams) }
        return grams
    }

    /// The scalars of gram `key` (`add`), first to last.
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
    static func add(_ text: String, to grams: inout Set<UInt64>) {
        var a: UInt64 = 0, b: UInt64 = 0  // the scalar two and one before this one, + 1 (0: none)
        for ch in text.unicodeScalars {
            if ch == "\n" { a = 0; b = 0; continue }
            let c = UInt64(ch.value) + 1
            grams.insert(c)
            if b != 0 { grams.insert(b | c << 21) }
            if a != 0 { grams.insert(a | b << 21 | c << 42) }
            a = b
            b = c
        }
    }

    /// The property values when every one is a string ("" and `{}`: none), else nil.
    static func stringValues(_ properties: String) -> [String]? {
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
