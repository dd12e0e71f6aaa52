import Frame

/// Every colour and glyph the map uses, by role, in one table. Designed for
/// a map: land outlines (coast) green and brighter than the quieter borders
/// and graticule; at city zoom lake shores blue and rivers a quieter blue; place names in neutral greys so pins keep the strong hues;
/// pins coloured by category (no category colour is green or blue, the map's
/// own colours); clusters shaded from pale to hot by how many pins they hold.
/// 256-colour terminals get the `xterm` entries, 8/16-colour terminals their
/// fallbacks; without colour (`NO_COLOR`, the Colour setting off) bold, dim,
/// reverse and the glyphs themselves keep every layer apart.
public enum MapTheme {
    /// What a cell on the map is.
    public enum Role: Sendable, Hashable {
        case coast, border, graticule, graticuleLabel
        /// Shores of lakes and river-lakes (water outlines) and rivers, at city zoom.
        case lake, river
        case countryLabel, cityLabel, cityPoint
        /// A pin of the category in slot `n` (see `categorySlot`).
        case pin(Int)
        /// A cluster of `count` pins.
        case cluster(Int)
        /// A pin's name beside its marker, of the category in slot `n`.
        case pinTitle(Int)
    }

    /// Pin colours, one per category slot.
    public static let palette: [Color] = [
        .xterm(203, fallback: .brightRed), .xterm(220, fallback: .brightYellow),
        .xterm(213, fallback: .brightMagenta), .xterm(51, fallback: .brightCyan),
        .xterm(208, fallback: .yellow), .xterm(141, fallback: .magenta),
        .xterm(231, fallback: .brightWhite), .xterm(160, fallback: .red),
    ]

    /// Cluster shades by count: 2–9, 10–99, 100–999, 1000 and more.
    static let clusterRamp: [Color] = [
        .xterm(223, fallback: .white), .xterm(215, fallback: .brightYellow),
        .xterm(209, fallback: .brightRed), .xterm(196, fallback: .red),
    ]

    /// The style of `role`, with or without colour.
    public static func style(_ role: Role, color: Bool) -> Style {
        switch role {
        case .coast: return color ? Style(fg: .xterm(71, fallback: .green)) : .plain
        case .border: return color ? Style(fg: .xterm(137, fallback: .yellow), dim: true) : .dimmed
        case .lake: return color ? Style(fg: .xterm(74, fallback: .cyan)) : .plain
        case .river: return color ? Style(fg: .xterm(31, fallback: .cyan), dim: true) : .dimmed
        case .graticule: return color ? Style(fg: .xterm(24, fallback: .blue), dim: true) : .dimmed
        case .graticuleLabel: return color ? Style(fg: .xterm(67, fallback: .cyan), dim: true) : .dimmed
        case .countryLabel: return color ? Style(fg: .xterm(252, fallback: .white), bold: true) : .bold
        case .cityLabel, .cityPoint: return color ? Style(fg: .xterm(250, fallback: .white)) : .plain
        case .pin(let slot): return Style(fg: color ? categoryColor(slot) : .default, bold: true)
        case .cluster(let n): return Style(fg: color ? clusterColor(n) : .default, bold: true)
        case .pinTitle(let slot): return color ? Style(fg: categoryColor(slot)) : .plain
        }
    }

    /// A category's palette slot: a hash of its name (FNV-1a over UTF-8), so
    /// the colour stays the same across sessions, stores and screens (map,
    /// list rows, filter sheet). Pins without a category get slot -1.
    public static func categorySlot(_ name: String) -> Int {
        guard !name.isEmpty else { return -1 }
        var h: UInt32 = 2_166_136_261
        for b in name.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return Int(h % UInt32(palette.count))
    }

    /// Palette slots for a store's `categories`: the first `palette.count` names in
    /// sorted order get slots 0, 1, 2, … so the categories in use get distinct colours;
    /// names beyond the palette (and any name not given) fall back to `categorySlot`.
    public static func categorySlots(_ categories: [String]) -> [String: Int] {
        var slots: [String: Int] = [:]
        for (i, name) in Set(categories.filter { !$0.isEmpty }).sorted().enumerated() {
            slots[name] = i < palette.count ? i : categorySlot(name)
        }
        return slots
    }

    public static func categoryColor(_ slot: Int) -> Color {
        palette[paletteEntry(slot, paletteSize: palette.count)]
    }

    /// The palette entry of category slot `slot` (any integer, negatives too: taken
    /// modulo `paletteSize`, `palette.count`, which a caller per marker reads once).
    @inline(__always)
    static func paletteEntry(_ slot: Int, paletteSize n: Int) -> Int {
        slot >= 0 && slot < n ? slot : ((slot % n) + n) % n
    }

    static func clusterColor(_ count: Int) -> Color {
        clusterRamp[count < 10 ? 0 : count < 100 ? 1 : count < 1000 ? 2 : 3]
    }

    /// "0"…"99", made once: thousands of clusters are drawn per frame.
    static let countText: [String] = (0...99).map(String.init)
    /// One-character strings for the ASCII bytes a count is made of.
    static let asciiCellText: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    // MARK: Map helpers (options → style)

    static func coast(_ o: MapOptions) -> Style { style(.coast, color: o.color) }
    static func border(_ o: MapOptions) -> Style { style(.border, color: o.color) }
    static func lake(_ o: MapOptions) -> Style { style(.lake, color: o.color) }
    static func river(_ o: MapOptions) -> Style { style(.river, color: o.color) }
    static func graticule(_ o: MapOptions) -> Style { style(.graticule, color: o.color) }
    static func label(_ o: MapOptions) -> Style { style(.graticuleLabel, color: o.color) }

    /// Markers are bold (and the selected one reversed) so they stand out
    /// from the plain or dim map lines even without colour.
    static func marker(_ m: MapMarker, _ o: MapOptions) -> Style {
        marker(count: m.count, selected: m.selected, categoryIndex: m.categoryIndex, o)
    }

    /// `marker(_:_:)` from the marker's fields (the drawing path copies no marker).
    static func marker(count: Int, selected: Bool, categoryIndex: Int, _ o: MapOptions) -> Style {
        var s = count > 1 && !selected ? style(.cluster(count), color: o.color)
                                       : style(.pin(categoryIndex), color: o.color)
        s.reverse = selected
        return s
    }

    /// `marker(count:selected:categoryIndex:_:)` of unselected markers, worked out once per
    /// frame for each cluster shade and category slot (thousands of markers share a few styles).
    struct MarkerStyles {
        private let options: MapOptions
        private let clusters: [Style], pins: [Style]

        init(_ o: MapOptions) {
            options = o
            clusters = [2, 10, 100, 1000].map { MapTheme.marker(count: $0, selected: false, categoryIndex: 0, o) }
            pins = MapTheme.palette.indices.map { MapTheme.marker(count: 1, selected: false, categoryIndex: $0, o) }
        }

        @inline(__always)
        func style(count: Int, selected: Bool, categoryIndex: Int) -> Style {
            if selected { return MapTheme.marker(count: count, selected: true, categoryIndex: categoryIndex, options) }
            if count > 1 { return clusters[count < 10 ? 0 : count < 100 ? 1 : count < 1000 ? 2 : 3] }
            return pins[MapTheme.paletteEntry(categoryIndex, paletteSize: pins.count)]
        }
    }

    /// The text drawn at a marker's cell: `●`/`o` for a pin, `◉`/`@` for the
    /// selected pin, the count for a cluster (`7`, `42`, `99+`).
    static func glyph(_ m: MapMarker, ascii: Bool) -> String {
        glyph(count: m.count, selected: m.selected, ascii: ascii)
    }

    static func glyph(count: Int, selected: Bool, ascii: Bool) -> String {
        if count > 99 { return "99+" }
        if count > 1 { return countText[count] }
        if selected { return ascii ? "@" : "◉" }
        return ascii ? "o" : "●"
    }
}
