/// The search the UI runs as you type: every match in the store, with a bounded cost
/// whatever the query. The matches are read newest (highest id) first straight from a
/// full-text index (trigram for words of 3+ characters, the character index for shorter
/// ones), stopping after `scanLimit`, and only their position and category (a few bytes
/// each): the UI splits them by its view and fetches the full pins it lists (`pins(ids:)`).
public struct SearchResults: Sendable, Equatable {
    /// Most matches a search reads: a one-letter search costs no more than a rare word.
    public static let scanLimit = 5_000
    /// The text searched for.
    public var text: String
    /// Every match read, newest id first (at most `scanLimit`: the ones added last).
    public var matches: [SearchMatch]
    /// True when more than `scanLimit` pins match: counts are then lower bounds.
    public var capped: Bool

    public init(text: String, matches: [SearchMatch], capped: Bool) {
        self.text = text; self.matches = matches; self.capped = capped
    }
}

/// A match of a search: enough to place it on the map and to filter it. Latitude and
/// longitude in WGS84 decimal degrees.
public struct SearchMatch: Sendable, Equatable {
    public var id: Int64
    public var latitude: Double
    public var longitude: Double
    public var category: String
    /// The pin's `created_at` as stored (ISO 8601 text), for the list's "newest first".
    public var createdAt: String
    /// How well the pin matches the search, for the list's "best match first".
    public var relevance: SearchRelevance
    public init(id: Int64, latitude: Double, longitude: Double, category: String, createdAt: String = "",
                relevance: SearchRelevance = .exactTitle) {
        self.id = id; self.latitude = latitude; self.longitude = longitude; self.category = category
        self.createdAt = createdAt; self.relevance = relevance
    }

    /// True when the match lies inside any of `boxes` (all when empty).
    public func isInside(_ boxes: [LatLonBox]) -> Bool {
        boxes.isEmpty || boxes.contains { $0.contains(latitude: latitude, longitude: longitude) }
    }
}
