import Frame

/// Something drawn on the map at a position: a single pin (`count == 1`) or
/// a cluster of `count` pins (see `Clusterer`).
public struct MapMarker: Sendable, Hashable {
    /// The pin's id (for a cluster: its representative pin's id).
    public var id: Int64
    /// WGS84 degrees.
    public var latitude: Double
    public var longitude: Double
    /// Pins this marker stands for: 1 for a pin, more for a cluster.
    public var count: Int
    /// Index into the category palette (any integer; taken modulo the
    /// palette size, negatives allowed): `MapTheme.categorySlot(_:)` of the
    /// pin's category, so a category keeps its colour whatever else is stored.
    public var categoryIndex: Int
    /// Shown next to the marker when it is selected, and beside a lone pin where
    /// there is room (`MapRenderer.nameCandidates`; truncated by display width).
    public var title: String
    /// Drawn highlighted (`◉` / `@`, reverse and bold) with its title.
    public var selected: Bool

    public init(id: Int64, latitude: Double, longitude: Double, count: Int = 1,
                categoryIndex: Int = 0, title: String = "", selected: Bool = false) {
        self.id = id; self.latitude = latitude; self.longitude = longitude
        self.count = count; self.categoryIndex = categoryIndex
        self.title = title; self.selected = selected
    }

    public var point: GeoPoint { GeoPoint(latitude: latitude, longitude: longitude) }
}

/// How the map is drawn.
public struct MapOptions: Sendable, Hashable {
    /// No braille or other non-ASCII glyphs anywhere in the pane (titles
    /// excepted: they are the user's text).
    public var ascii: Bool
    /// Colour styles (see `MapTheme`); without it only glyphs and
    /// bold/dim/reverse distinguish layers.
    public var color: Bool
    /// The dotted latitude/longitude grid and its degree labels.
    public var graticule: Bool
    /// Everything in the pane drawn dim (behind a modal or a large sheet).
    public var dimmed: Bool
    /// Country and city names in this language (ASCII mode: ASCII names
    /// only); nil draws no place names.
    public var placeNames: PlaceNaming.Language?

    public init(ascii: Bool = false, color: Bool = true, graticule: Bool = true, dimmed: Bool = false,
                placeNames: PlaceNaming.Language? = nil) {
        self.ascii = ascii; self.color = color; self.graticule = graticule; self.dimmed = dimmed
        self.placeNames = placeNames
    }
}
