import Frame

/// A place name on the map: a country's name centred on its label point (or,
/// where that is covered, shifted to a free spot inside the country), or a
/// city's point (`·`, `+` in ASCII) with its name beside it.
public struct PlacedLabel: Sendable, Hashable {
    public enum Key: Sendable, Hashable { case country(Int), city(Int) }
    /// Where the text sits relative to the city's point (countries:
    /// centred, or inside: shifted by `shift`); the far sides are two rows
    /// off, for points among pins.
    public enum Side: Int, Sendable, CaseIterable {
        case right, left, above, below, farAbove, farBelow, centred, inside

        /// Rows between the name and its point.
        var rowOffset: Int {
            switch self {
            case .right, .left, .centred, .inside: return 0
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
    /// A country's name: cells from its centred position (`CountryLabelSpots`), kept so
    /// the next frame tries the same spot relative to the label point; (0, 0) otherwise.
    public var shift: (col: Int, row: Int) = (0, 0)

    public static func == (a: PlacedLabel, b: PlacedLabel) -> Bool {
        a.key == b.key && a.side == b.side && a.text == b.text && a.col == b.col && a.row == b.row
            && a.width == b.width && a.point?.col == b.point?.col && a.point?.row == b.point?.row
            && a.shift == b.shift
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

/// Which cells of the pane are taken (markers, graticule labels, placed labels).
struct Occupancy {
    let pane: Rect
    private var taken: [Bool]

    init(pane: Rect) {
        self.pane = pane
        taken = Array(repeating: false, count: max(0, pane.width * pane.height))
    }

    /// Whether `width` cells from (`col`, `row`) are inside the pane and free.
    func isFree(col: Int, row: Int, width: Int) -> Bool {
        guard row >= pane.y, row < pane.maxY, col >= pane.x, col + width <= pane.maxX else { return false }
        let base = (row - pane.y) * pane.width - pane.x
        for c in col..<(col + width) where taken[base + c] { return false }
        return true
    }

    /// Marks what `slots` cover: a pin's, count's or density shade's cells and one either
    /// side, and a title's cells plus one. A shade is a cluster too (a click on it zooms
    /// in): a place name drawn over it would hide its pins, so names keep off it as they
    /// keep off a count. One pass over the grid in place (thousands of markers a crowded frame).
    mutating func mark(_ slots: [MarkerSlot]) {
        let pane = pane
        taken.withUnsafeMutableBufferPointer { taken in
            func take(_ col: Int, _ base: Int, _ width: Int) {
                let c0 = max(col, pane.x)
                for c in c0..<max(c0, min(col + width, pane.maxX)) { taken[base + c] = true }
            }
            for p in slots where p.row >= pane.y && p.row < pane.maxY {
                let base = (p.row - pane.y) * pane.width - pane.x
                take(p.col - 1, base, p.width + 2)
                if p.labelIndex >= 0 { take(p.labelCol, base, p.labelWidth + 1) }
            }
        }
    }

    /// For each column of `cols` (inside the pane) in `row` (inside the pane): how many
    /// free cells run from it rightwards within `cols`, into `runs` (`cols.count` long,
    /// reused row after row). One pass, right to left.
    func freeRuns(row: Int, cols: Range<Int>, into runs: inout [Int]) {
        let base = (row - pane.y) * pane.width - pane.x
        var run = 0
        for c in cols.reversed() {
            run = taken[base + c] ? 0 : run + 1
            runs[c - cols.lowerBound] = run
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

/// A pin's name on the map and its marker's cell (absolute), for `LabelPlacer` to leave
/// out a city the pin already names.
struct PinTitleEcho {
    var text: String
    var col: Int, row: Int

    /// Whether a city named `name` whose point is at (`col`, `row`) is this pin's name again.
    func echoes(_ name: String, col c: Int, row r: Int) -> Bool {
        abs(c - col) <= LabelPlacer.echoCells && abs(r - row) <= 1 && name == text
    }

    /// Every pin name drawn on the map: the pins' titles (`PinTitles`) and the selected pin's,
    /// which the layout draws itself (the selected "◉ Changwon" had the city's "Changwon" above it).
    static func all(_ laid: MarkerLayout.Laid, titles: [PlacedPinTitle], markers: [MapMarker]) -> [PinTitleEcho] {
        titles.map { PinTitleEcho(text: $0.text, col: laid.slots[$0.slot].ownCol, row: $0.row) }
            + laid.slots.filter { $0.labelIndex >= 0 }.map { PinTitleEcho(text: markers[$0.index].title, col: $0.ownCol, row: $0.row) }
    }
}

/// Greedy label placement: labels from the previous frame first, at the
/// same side of their point (so panning does not make them jump), then new
/// ones by rank (countries by size, then cities by isolation), each at the
/// first side that fits (right, left, above, below; a country centred, else
/// the nearest free spot inside it) or not at all.
public enum LabelPlacer {
    /// A city is labelled once its isolation spans this many columns.
    public static let isolationColumns = 12.0
    /// Countries are named at world and region scales: while a column spans
    /// at least this many degrees (zoom ≤ 36 on 200 columns).
    static let countryMinDegreesPerColumn = 0.05
    /// Longest name shown, in cells.
    static let maxWidth = 22
    /// Columns between a city's point and a pin named as the city within which the city is
    /// not named again.
    static let echoCells = 3
    /// Farthest a city's name may sit above or below its point, in degrees of latitude.
    static let maxOffsetDegrees = 5.0

    /// The labels for `viewport` in `pane`, given cells already taken. A city is not named
    /// where a pin's title (`pinTitles`) already says the same within `echoCells` of its
    /// point (a store of GeoNames cities holds a pin at nearly every city).
    static func place(viewport: Viewport, pane: Rect, naming: PlaceNaming, occupancy: inout Occupancy,
                      previous: [PlacedLabel], pinTitles: [PinTitleEcho] = []) -> [PlacedLabel] {
        let g = Gazetteer.shared
        var placed: [PlacedLabel] = []
        var done = Set<PlacedLabel.Key>()
        func tryPlace(_ key: PlacedLabel.Key, previous: PlacedLabel?) {
            guard !done.contains(key), let label = candidate(key, previous: previous, viewport: viewport, pane: pane,
                                                             naming: naming, g: g, occupancy: occupancy) else { return }
            // The city's English name too: a pin titled "Seoul" names the city the Korean
            // label "서울" would name again.
            if case .city(let i) = key, let p = label.point ?? pointCell(of: key, viewport: viewport, pane: pane, g: g) {
                let english = g.englishName(of: g.cities[i])
                if pinTitles.contains(where: { $0.echoes(label.text, col: p.col, row: p.row) || $0.echoes(english, col: p.col, row: p.row) }) {
                    return
                }
            }
            for r in label.reserved() { occupancy.take(col: r.col, row: r.row, width: r.width) }
            placed.append(label)
            done.insert(key)
        }
        let eligible = Eligibility(viewport: viewport, pane: pane, g: g)
        for p in previous where eligible.allows(p.key) { tryPlace(p.key, previous: p) }
        for key in eligible.ranked() { tryPlace(key, previous: nil) }
        return placed
    }

    /// The cell of city `key`'s point (absolute), nil for a country.
    private static func pointCell(of key: PlacedLabel.Key, viewport: Viewport, pane: Rect,
                                  g: Gazetteer) -> (col: Int, row: Int)? {
        guard case .city(let i) = key else { return nil }
        let pos = viewport.cell(for: GeoPoint(latitude: g.cities[i].latitude, longitude: g.cities[i].longitude), pane: pane)
        return (Int(pos.col.rounded(.down)), Int(pos.row.rounded(.down)))
    }

    /// The label for `key` where `previous` had it, or (no previous) at the first side
    /// that fits; nil when none does.
    private static func candidate(_ key: PlacedLabel.Key, previous: PlacedLabel?, viewport: Viewport, pane: Rect,
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
        if case .country(let i) = key {
            return countryLabel(i, text: text, width: w, col: pc - w / 2, row: pr, previous: previous,
                                viewport: viewport, pane: pane, g: g, occupancy: occupancy)
        }
        let sides = previous.map { [$0.side] } ?? PlacedLabel.Side.allCases
        // A name above or below its point stands for it only while those rows are close in
        // latitude (5°, about 550 km: on a world view a row spans more, so names go beside
        // their points there), and only on its own side of any border (`overOwnCountry`).
        let rowDegrees = viewport.degreesPerRow(paneWidth: pane.width)
        // The city's country, looked up once, only when a name above or below fits at all.
        var ownCountry: Int?? = nil
        func own() -> Int? {
            if ownCountry == nil { ownCountry = .some(g.country(containing: at)) }
            return ownCountry!
        }
        for side in sides where side != .centred && side != .inside && Double(side.rowOffset) * rowDegrees <= maxOffsetDegrees {
            let (col, row): (Int, Int)
            switch side {
            case .right: (col, row) = (pc + 2, pr)
            case .left: (col, row) = (pc - 1 - w, pr)
            case .above: (col, row) = (pc - w / 2, pr - 1)
            case .below: (col, row) = (pc - w / 2, pr + 1)
            case .farAbove: (col, row) = (pc - w / 2, pr - 2)
            case .farBelow: (col, row) = (pc - w / 2, pr + 2)
            case .centred, .inside: continue
            }
            let pointFree = occupancy.isFree(col: pc, row: pr, width: 1)
            let label = PlacedLabel(key: key, side: side, text: text, col: col, row: row, width: w,
                                    point: pointFree ? (pc, pr) : nil)
            if fits(label, occupancy), side.rowOffset == 0 || overOwnCountry(label, own(), viewport: viewport, pane: pane, g: g) {
                return label
            }
        }
        return nil
    }

    /// Whether a city's name set above or below its point stays on the city's side of any
    /// border: its first, middle and last cells each lie in the city's own country or at sea.
    /// A name rows away from its point must not read as a place across a border ("Seoul"
    /// over North Korea, "Montréal" in New York State). Three point tests, not one per cell.
    /// `own`: the index of the country holding the city (nil at sea: never above or below).
    private static func overOwnCountry(_ l: PlacedLabel, _ own: Int?, viewport: Viewport, pane: Rect, g: Gazetteer) -> Bool {
        guard let own else { return false }
        for col in [l.col, l.col + l.width / 2, l.col + l.width - 1] {
            let p = viewport.point(col: Double(col) + 0.5, row: Double(l.row) + 0.5, pane: pane)
            if let c = g.country(containing: p), c != own { return false }
        }
        return true
    }

    /// Country `i`'s name, whose centred position starts at (`col`, `row`): at the
    /// previous frame's shift (re-checked over the country, since a zoom moves the land
    /// under it), else centred, else at the nearest free spot inside the country.
    private static func countryLabel(_ i: Int, text: String, width w: Int, col: Int, row: Int, previous: PlacedLabel?,
                                     viewport: Viewport, pane: Rect, g: Gazetteer, occupancy: Occupancy) -> PlacedLabel? {
        func label(_ s: (col: Int, row: Int)) -> PlacedLabel {
            PlacedLabel(key: .country(i), side: s == (0, 0) ? .centred : .inside, text: text, col: col + s.col,
                        row: row + s.row, width: w, point: nil, shift: s)
        }
        if let p = previous {
            let l = label(p.shift)
            guard fits(l, occupancy) else { return nil }
            return p.shift == (0, 0) || CountryLabelSpots.overCountry(i, col: l.col, row: l.row, width: w,
                                                                      viewport: viewport, pane: pane, g: g) ? l : nil
        }
        let centred = label((0, 0))
        if fits(centred, occupancy) { return centred }
        return CountryLabelSpots.find(country: i, col: col, row: row, width: w, viewport: viewport, pane: pane,
                                      occupancy: occupancy, g: g).map(label)
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
