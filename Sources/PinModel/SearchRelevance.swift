/// How well a pin matches what a person typed, as a tier: a lower tier lists first, newest
/// first within a tier. The tier is the first that holds, in the order of the cases. The one ranking of search, used by the SQLite store (as the SQL
/// function `pinmap_relevance`) and by the in-memory fake, so both list alike.
///
/// Text is compared with case removed (`fold`); the typed text is its words joined by one
/// space (`phrase`). A pin the search found but whose title, description and category do not
/// hold every word matched through a property value only: last.
public enum SearchRelevance: Int, Sendable, Comparable, CaseIterable {
    /// The title is the text (`Seoul` for "seoul").
    case exactTitle = 0
    /// The title starts with the text (`Seoul Station`).
    case titlePrefix
    /// The title holds the text as a whole word (`North Seoul Tower`).
    case titleWord
    /// One of the properties' values is the text (an airport's `iata` "ICN", its `city`
    /// "Seoul"), and the title does not start with it or hold it as a word: a code or name
    /// typed whole lists before titles that hold it only inside a word (`Picnic` for "icn").
    case propertyValue
    /// The title holds every word somewhere (`NewSeoulCity`, `Tower of Seoul` for "tower seoul").
    case titleAnywhere
    /// Every word is in the title, description or category, not all in the title.
    case descriptionOrCategory
    /// A word occurs only inside a property value (`timezone` "Asia/Seoul").
    case propertyOnly

    public static func < (a: SearchRelevance, b: SearchRelevance) -> Bool { a.rawValue < b.rawValue }

    /// The tier of a pin with these texts for the search `text` (any spacing, any case);
    /// `properties` is the pin's JSON object text.
    public init(title: String, description: String, category: String, properties: String = "{}", text: String) {
        self.init(title: title, description: description, category: category, properties: properties, query: Query(text))
    }

    /// The tier for a `Query` folded once (the store ranks thousands of pins per search).
    public init(title: String, description: String, category: String, properties: String = "{}", query: Query) {
        let t = Self.fold(title)
        if t == query.phrase { self = .exactTitle; return }
        if t.hasPrefix(query.phrase) { self = .titlePrefix; return }
        if Self.holdsAsWord(t, query.phrase) { self = .titleWord; return }
        if Self.holdsValue(Self.fold(properties), query.phrase) { self = .propertyValue; return }
        if query.words.allSatisfy({ t.contains($0) }) { self = .titleAnywhere; return }
        let rest = t + "\n" + Self.fold(description) + "\n" + Self.fold(category)
        self = query.words.allSatisfy({ rest.contains($0) }) ? .descriptionOrCategory : .propertyOnly
    }

    /// True when the JSON object text `json` has a string value that is `phrase`: `"icn"`
    /// not followed by a `:` (that is a key: every airport has a `"city"` key, which must not
    /// rank them all for the search "city").
    static func holdsValue(_ json: String, _ phrase: String) -> Bool {
        guard !phrase.isEmpty else { return false }
        let quoted = "\"" + phrase + "\""
        var from = json.startIndex
        while let r = json.range(of: quoted, range: from..<json.endIndex) {
            if json[r.upperBound...].first(where: { !$0.isWhitespace }) != ":" { return true }
            from = json.index(after: r.lowerBound)
        }
        return false
    }

    /// A search text folded once: its words (split at whitespace) and the phrase they make.
    public struct Query: Sendable, Hashable {
        public let words: [String]
        public let phrase: String
        public init(_ text: String) {
            words = SearchRelevance.fold(text).split(whereSeparator: \.isWhitespace).map(String.init)
            phrase = words.joined(separator: " ")
        }
    }

    /// `text` with case removed: lowercased, and final sigma ς as σ (what Unicode case
    /// folding, and so FTS5, does beyond lowercasing for the scripts pins are written in).
    public static func fold(_ text: String) -> String {
        let lower = text.lowercased()
        return lower.contains("ς") ? lower.replacing("ς", with: "σ") : lower
    }

    /// True when `phrase` occurs in `text` with neither a letter nor a digit on either side.
    static func holdsAsWord(_ text: String, _ phrase: String) -> Bool {
        guard !phrase.isEmpty else { return false }
        var from = text.startIndex
        while let r = text.range(of: phrase, range: from..<text.endIndex) {
            let before = r.lowerBound == text.startIndex ? nil : text[text.index(before: r.lowerBound)]
            let after = r.upperBound == text.endIndex ? nil : text[r.upperBound]
            if !isWordCharacter(before) && !isWordCharacter(after) { return true }
            from = text.index(after: r.lowerBound)
        }
        return false
    }

    private static func isWordCharacter(_ c: Character?) -> Bool {
        guard let c else { return false }
        return c.isLetter || c.isNumber
    }
}
