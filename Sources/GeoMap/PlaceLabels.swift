import Frame

/// A place name on the map: a country's name centred on its label point, or
/// a city's point (`·`, `+` in ASCII) with its name beside it.
public struct PlacedLabel: Sendable, Hashable {
    public enum Key: Sendable, Hashable { case country(Int), city(Int) }
    /// Where the text sits relative to the city's point (countries:
    /// centred); the far sides are two rows off, for points among pins.
    public enum Side: Int, Sendable, CaseIterable {
        case right, left, above, below, farAbove, farBelow, centred

        /// Rows between the name and its point.
        var rowOffset: Int {
            switch self {
            case .right, .left, .centred: return 0
            case .above, .below: return 1
            case .farAbove, .farBelow: return 2
            }
        }
    }

    public var key: Key
    public var side: Side
    /// The text, already sanitised and truncated, its first cell (absolute)
    /// and width in cells.
    public var text: String
    public var col: Int, row: Int, width: Int
    /// The city's point cell (absolute); nil for countries and for a city
    /// whose point is under a marker (the name is still placed beside it).
    public var point: (col: Int, row: Int)?

    public static func == (a: PlacedLabel, b: PlacedLabel) -> Bool {
        a.key == b.key && a.side == b.side && a.text == b.text && a.col == b.col && a.row == b.row
            && a.width == b.width && a.point?.col == b.point?.col && a.point?.row == b.point?.row
    }
    public func hash(into h: inout Hasher) { h.combine(key); h.combine(col); h.combine(row) }

    /// Cells this label keeps for itself: the text, one cell of margin on
    /// each side, and the point with the space after or before it.
    func reserved() -> [(col: Int, row: Int, width: Int)] {
        var r = [(col - 1, row, width + 2)]
        if let p = point { r.append((p.col, p.row, 1)) }
        return r
    }
}

/// Which cells of the pane are taken (markers, graticule labels, placed
/// labels), and which hold only a density shade (soft: a name may cover
/// one, a city's point may not).
struct Occupancy {
    let pane: Rect
    private var taken: [Bool]
    private var soft: [Bool]

    init(pane: Rect) {
        self.pane = pane
        taken = Array(repeating: false, count: max(0, pane.width * pane.height))
        soft = taken
    }

    /// Whether the cell is inside the pane and holds nothing, not even a shade.
    func isEmpty(col: Int, row: Int) -> Bool {
        isFree(col: col, row: row, width: 1) && !soft[(row - pane.y) * pane.width + col - pane.x]
    }

    /// Whether `width` cells from (`col`, `row`) are inside the pane and free.
    func isFree(col: Int, row: Int, width: Int) -> Bool {
        guard row >= pane.y, row < pane.maxY, col >= pane.x, col + width <= pane.maxX else { return false }
        let base = (row - pane.y) * pane.width - pane.x
        for c in col..<(col + width) where taken[base + c] { return false }
        return true
    }

    /// Marks what `slots` cover: a density shade's
    /// cell soft (background texture names may cover: with 60,000 pins every land cell holds
    /// one), a pin's or count's cells and one either side taken, and a title's cells plus
    /// one. One pass over the grids in place (thousands of markers a crowded frame).
    mutating func mark(_ slots: [MarkerSlot]) {
        let pane = pane
        taken.withUnsafeMutableBufferPointer { taken in
            soft.withUnsafeMutableBufferPointer { soft in
                func take(_ col: Int, _ base: Int, _ width: Int) {
                    let c0 = max(col, pane.x)
                    for c in c0..<max(c0, min(col + width, pane.maxX)) { taken[base + c] = true }
                }
                for p in slots where p.row >= pane.y && p.row < pane.maxY {
                    let base = (p.row - pane.y) * pane.width - pane.x
                    if p.shaded {
                        if p.col >= pane.x && p.col < pane.maxX { soft[base + p.col] = true }
                        continue
                    }
                    take(p.col - 1, base, p.width + 2)
                    if p.labelIndex >= 0 { take(p.labelCol, base, p.labelWidth + 1) }
                }
            }
        }
    }

    /// Marks cells taken (clipped to the pane).
    mutating func take(col: Int, row: Int, width: Int) {
        guard row >= pane.y, row < pane.maxY else { return }
        for c in max(col, pane.x)..<max(max(col, pane.x), min(col + width, pane.maxX)) {
            taken[(row - pane.y) * pane.width + c - pane.x] = true
        }
    }
}

/// Greedy label placement: labels from the previous frame first, at the
/// same side of their point (so panning does not make them jump), then new
/// ones by rank (countries by size, then cities by isolation), each at the
/// first side that fits (right, left, above, below) or not at all.
public enum LabelPlacer {
    /// A city is labelled once its isolation spans this many columns.
    public static let isolationColumns = 12.0
    /// Countries are named at world and region scales: while a column spans
    /// at least this many degrees (zoom ≤ 36 on 200 columns).
    static let countryMinDegreesPerColumn = 0.05
    /// Longest name shown, in cells.
    static let maxWidth = 22
    /// Farthest a city's name may sit above or below its point, in degrees of latitude.
    static let maxOffsetDegrees = 10.0

    /// The labels for `viewport` in `pane`, given cells already taken.
    static func place(viewport: Viewport, pane: Rect, naming: PlaceNaming, occupancy: inout Occupancy,
                      previous: [PlacedLabel]) -> [PlacedLabel] {
        let g = Gazetteer.shared
        var placed: [PlacedLabel] = []
        var done = Set<PlacedLabel.Key>()
        func tryPlace(_ key: PlacedLabel.Key, sides: [PlacedLabel.Side]) {
            guard !done.contains(key), let label = candidate(key, sides: sides, viewport: viewport, pane: pane,
                                                             naming: naming, g: g, occupancy: occupancy) else { return }
            for r in label.reserved() { occupancy.take(col: r.col, row: r.row, width: r.width) }
            placed.append(label)
            done.insert(key)
        }
        let eligible = Eligibility(viewport: viewport, pane: pane, g: g)
        for p in previous where eligible.allows(p.key) { tryPlace(p.key, sides: [p.side]) }
        for key in eligible.ranked() { tryPlace(key, sides: PlacedLabel.Side.allCases) }
        return placed
    }

    /// The label for `key` at the first of `sides` that fits, nil when none does.
    private static func candidate(_ key: PlacedLabel.Key, sides: [PlacedLabel.Side], viewport: Viewport, pane: Rect,
                                  naming: PlaceNaming, g: Gazetteer, occupancy: Occupancy) -> PlacedLabel? {
        let name: String?, at: GeoPoint
        switch key {
        case .country(let i): name = g.name(of: g.countries[i], naming); at = g.countries[i].labelPoint
        case .city(let i):
            let c = g.cities[i]
            name = g.name(of: c, naming); at = GeoPoint(latitude: c.latitude, longitude: c.longitude)
        }
        guard let raw = name else { return nil }
        let text = DisplayWidth.truncate(SafeText.sanitize(raw, ascii: naming.ascii), to: maxWidth, ascii: naming.ascii)
        let w = DisplayWidth.of(text)
        guard w > 0 else { return nil }
        let pos = viewport.cell(for: at, pane: pane)
        let pc = Int(pos.col.rounded(.down)), pr = Int(pos.row.rounded(.down))
        if case .country = key {
            guard sides.contains(.centred) else { return nil }
            let label = PlacedLabel(key: key, side: .centred, text: text, col: pc - w / 2, row: pr, width: w, point: nil)
            return fits(label, occupancy) ? label : nil
        }
        // A name above or below its point stands for it only while those rows are close in
        // latitude: on a squeezed world (a row spans 20° or more) it would sit over another place.
        let rowDegrees = viewport.degreesPerRow(paneWidth: pane.width)
        for side in sides where side != .centred && Double(side.rowOffset) * rowDegrees <= maxOffsetDegrees {
            let (col, row): (Int, Int)
            switch side {
            case .right: (col, row) = (pc + 2, pr)
            case .left: (col, row) = (pc - 1 - w, pr)
            case .above: (col, row) = (pc - w / 2, pr - 1)
            case .below: (col, row) = (pc - w / 2, pr + 1)
            case .farAbove: (col, row) = (pc - w / 2, pr - 2)
            case .farBelow: (col, row) = (pc - w / 2, pr + 2)
            case .centred: continue
            }
            let pointFree = occupancy.isEmpty(col: pc, row: pr)
            let label = PlacedLabel(key: key, side: side, text: text, col: col, row: row, width: w,
                                    point: pointFree ? (pc, pr) : nil)
            if fits(label, occupancy) { return label }
        }
        return nil
    }

    /// The text must be inside the pane and on free cells, with its margins
    /// (which may fall outside the pane).
    private static func fits(_ l: PlacedLabel, _ o: Occupancy) -> Bool {
        guard o.isFree(col: l.col, row: l.row, width: l.width) else { return false }
        for r in l.reserved() {
            let lo = max(r.col, o.pane.x), hi = min(r.col + r.width, o.pane.maxX)
            if hi > lo, !o.isFree(col: lo, row: r.row, width: hi - lo) { return false }
        }
        return true
    }
}

/// Which places may be named at a scale, in rank order.
struct Eligibility {
    let viewport: Viewport, pane: Rect, g: Gazetteer
    let degreesPerColumn: Double
    let minIsolationKm: Double

    init(viewport: Viewport, pane: Rect, g: Gazetteer) {
        self.viewport = viewport; self.pane = pane; self.g = g
        degreesPerColumn = viewport.degreesPerColumn(paneWidth: pane.width)
        minIsolationKm = LabelPlacer.isolationColumns * degreesPerColumn * 111.32
    }

    var showsCountries: Bool { degreesPerColumn >= LabelPlacer.countryMinDegreesPerColumn }

    func allows(_ key: PlacedLabel.Key) -> Bool {
        switch key {
        case .country(let i): return showsCountries && i < g.countries.count && countryFits(g.countries[i])
        case .city(let i): return i < g.cities.count && g.cities[i].isolationKm >= minIsolationKm
        }
    }

    /// A country is named once its largest part is at least 3 columns wide.
    func countryFits(_ c: Gazetteer.Country) -> Bool {
        var span = c.box.east - c.box.west
        if span < 0 { span += 360 }
        return span / degreesPerColumn >= 3
    }

    /// Countries by area (largest first), then the cities above the
    /// isolation threshold (the gazetteer keeps them in that order) whose
    /// point is in the pane.
    func ranked() -> [PlacedLabel.Key] {
        var keys: [PlacedLabel.Key] = []
        if showsCountries {
            let order = g.countries.indices.filter { countryFits(g.countries[$0]) && inPane(g.countries[$0].labelPoint) }
                .sorted { area(g.countries[$0].box) > area(g.countries[$1].box) }
            keys += order.map { .country($0) }
        }
        keys += visibleCities().map { .city($0) }
        return keys
    }

    /// Cities above the threshold whose point is in the pane, in rank order.
    /// Zoomed out, few cities pass the threshold: walk the ranked list until
    /// they stop. Zoomed in, many pass but few are in view: read the 1°
    /// cells the view covers instead.
    private func visibleCities() -> [Int] {
        let span = viewport.visibleSpan(pane: pane)
        let cells = (span.north - span.south + 2) * (span.east - span.west + 2)
        var found: [Int] = []
        if cells < 2_000 {
            let grid = CityGrid.shared
            for row in CityGrid.row(max(-90, span.south))...CityGrid.row(min(90, span.north)) {
                for col in Int((span.west + 180).rounded(.down))...Int((span.east + 180).rounded(.down)) {
                    for i in grid.cities(row: row, col: col) where g.cities[Int(i)].isolationKm >= minIsolationKm {
                        let c = g.cities[Int(i)]
                        if inPane(GeoPoint(latitude: c.latitude, longitude: c.longitude)) { found.append(Int(i)) }
                    }
                }
            }
            return found.sorted()
        }
        for (i, c) in g.cities.enumerated() {
            if c.isolationKm < minIsolationKm { break }
            if inPane(GeoPoint(latitude: c.latitude, longitude: c.longitude)) { found.append(i) }
        }
        return found
    }

    private func inPane(_ p: GeoPoint) -> Bool {
        let pos = viewport.cell(for: p, pane: pane)
        return pos.col >= Double(pane.x) && pos.col < Double(pane.maxX) && pos.row >= Double(pane.y) && pos.row < Double(pane.maxY)
    }

    private func area(_ b: BoundingBox) -> Double {
        var span = b.east - b.west
        if span < 0 { span += 360 }
        return span * (b.north - b.south)
    }
}
