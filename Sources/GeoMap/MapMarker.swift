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
    /// palette size, negatives allowed).
    public var categoryIndex: Int
    /// Shown next to the marker when it is selected (truncated by display width).
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
    /// Colour styles (coast green, borders yellow, markers per category);
    /// without it only bold/dim/reverse distinguish layers.
    public var color: Bool
    /// The dotted latitude/longitude grid and its degree labels.
    public var graticule: Bool
    /// Everything in the pane drawn dim (behind a modal or a large sheet).
    public var dimmed: Bool

    public init(ascii: Bool = false, color: Bool = true, graticule: Bool = true, dimmed: Bool = false) {
        self.ascii = ascii; self.color = color; self.graticule = graticule; self.dimmed = dimmed
    }
}

/// The styles and glyphs the map uses, in one place.
enum MapTheme {
    /// Marker colours by category index; none is green (the coast colour).
    static let palette: [Color] = [.brightRed, .brightYellow, .brightMagenta, .brightCyan,
                                   .brightBlue, .brightWhite, .red, .magenta]

    static func coast(_ o: MapOptions) -> Style { o.color ? Style(fg: .green) : .plain }
    static func border(_ o: MapOptions) -> Style { o.color ? Style(fg: .yellow, dim: true) : .dimmed }
    static func graticule(_ o: MapOptions) -> Style { o.color ? Style(fg: .blue, dim: true) : .dimmed }
    static func label(_ o: MapOptions) -> Style { o.color ? Style(fg: .cyan, dim: true) : .dimmed }

    static func markerColor(_ categoryIndex: Int) -> Color {
        let n = palette.count
        return palette[((categoryIndex % n) + n) % n]
    }

    /// Markers are bold (and selected ones reversed) so they stand out from
    /// the plain or dim map lines even without colour.
    static func marker(_ m: MapMarker, _ o: MapOptions) -> Style {
        Style(fg: o.color ? markerColor(m.categoryIndex) : .default, bold: true, reverse: m.selected)
    }

    /// The text drawn at a marker's cell: `●`/`o` for a pin, `◉`/`@` for the
    /// selected pin, the count for a cluster (`7`, `42`, `99+`).
    static func glyph(_ m: MapMarker, ascii: Bool) -> String {
        if m.count > 99 { return "99+" }
        if m.count > 1 { return String(m.count) }
        if m.selected { return ascii ? "@" : "◉" }
        return ascii ? "o" : "●"
    }
}
