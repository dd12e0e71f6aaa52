/// A latitude/longitude box in WGS84 decimal degrees, `west <= east` (a view
/// across the antimeridian is two boxes).
public struct LatLonBox: Sendable, Hashable {
    public var south: Double, west: Double, north: Double, east: Double
    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south; self.west = west; self.north = north; self.east = east
    }
    public static let world = LatLonBox(south: -90, west: -180, north: 90, east: 180)

    /// Whether the point at (`latitude`, `longitude`), in degrees, lies inside or on the
    /// edge of the box. The one test every box in Pinmap uses.
    public func contains(latitude: Double, longitude: Double) -> Bool {
        latitude >= south && latitude <= north && longitude >= west && longitude <= east
    }

    /// Whether `other` lies inside this box (edges included).
    public func contains(_ other: LatLonBox) -> Bool {
        other.south >= south && other.north <= north && other.west >= west && other.east <= east
    }
}

/// Which pins to list and in what order: the pins inside any of `boxes`
/// (all when empty) whose category is in `categories` (all when nil) and
/// whose text matches `search` (all when nil or blank; see `SearchText`).
public struct PinQuery: Sendable, Hashable {
    public enum Order: String, Sendable, Hashable, CaseIterable {
        /// The best match of `search` first (`SearchRelevance`: exact title, title
        /// prefix, title word, title, description or category, a property value that is the
        /// text, property only), newest
        /// first within a tier; without search text the same as `newest`.
        case relevance
        /// `created_at` descending (Pinit's order).
        case newest
        /// Title, case-insensitive; its raw value is the command line's word (`--sort name`).
        case title = "name"
        /// Great-circle distance from `near`, closest first.
        case distance
    }

    /// `order` as it applies to a query with (`searching`) or without search text:
    /// `relevance` without search text is `newest`.
    public static func effective(_ order: Order, searching: Bool) -> Order {
        order == .relevance && !searching ? .newest : order
    }

    /// True when `search` holds a word.
    public var isSearching: Bool { !trimmedText(search ?? "").isEmpty }

    public var boxes: [LatLonBox]
    public var categories: Set<String>?
    public var order: Order
    /// Reference point for `.distance` (degrees).
    public var near: (latitude: Double, longitude: Double)?
    /// At most this many rows (−1: no limit).
    public var limit: Int
    /// Words that must all occur, case-insensitively, as substrings of the
    /// title, description or category (`SearchText`); nil or blank: no filter.
    public var search: String?

    public init(boxes: [LatLonBox] = [], categories: Set<String>? = nil, order: Order = .newest,
                near: (latitude: Double, longitude: Double)? = nil, limit: Int = -1, search: String? = nil) {
        self.boxes = boxes; self.categories = categories; self.order = order; self.near = near; self.limit = limit
        self.search = search
    }

    public static func == (a: PinQuery, b: PinQuery) -> Bool {
        a.boxes == b.boxes && a.categories == b.categories && a.order == b.order && a.limit == b.limit
            && a.near?.latitude == b.near?.latitude && a.near?.longitude == b.near?.longitude
            && a.search == b.search
    }
    public func hash(into h: inout Hasher) {
        h.combine(boxes); h.combine(categories); h.combine(order); h.combine(limit)
        h.combine(near?.latitude); h.combine(near?.longitude); h.combine(search)
    }
}
