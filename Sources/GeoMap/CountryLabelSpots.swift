import Frame

/// Where a country's name goes when its label point is covered (a pin, a count, another
/// name): the free spot nearest to the centred position, up to `rows` rows above or below
/// and `reach` name widths either side, whose every cell lies over the country (the
/// gazetteer's point-in-country test on each cell's centre). With 62,000 pins a big
/// country's label point is almost always under a marker while free runs remain nearby.
enum CountryLabelSpots {
    /// Rows tried above and below the label point's row.
    static let rows = 6
    /// How far the name may move sideways, in name widths.
    static let reach = 2

    /// Shifts (columns, rows) of the name from its centred position, nearest first: a row
    /// spans twice a column's degrees, so a row counts as two columns; ties go to the
    /// smaller row shift, then up before down, then left before right. The centred
    /// position itself is not among them.
    static let shifts: [(col: Int, row: Int)] = {
        var all: [(col: Int, row: Int)] = []
        for dr in -rows...rows {
            for dc in -reach * LabelPlacer.maxWidth...reach * LabelPlacer.maxWidth where dc != 0 || dr != 0 { all.append((dc, dr)) }
        }
        func key(_ s: (col: Int, row: Int)) -> [Int] { [s.col * s.col + 4 * s.row * s.row, abs(s.row), s.row, s.col] }
        return all.sorted { key($0).lexicographicallyPrecedes(key($1)) }
    }()

    /// The shift of the nearest spot for a `width`-cell name of country `country` whose
    /// centred position starts at (`col`, `row`) (absolute cells); nil when none fits.
    /// A spot fits as a centred name does: its cells free and inside the pane, its
    /// one-cell margins free where they are inside the pane.
    static func find(country: Int, col: Int, row: Int, width: Int, viewport: Viewport, pane: Rect,
                     occupancy: Occupancy, g: Gazetteer) -> (col: Int, row: Int)? {
        let lo = col - reach * width - 1, hi = col + (reach + 1) * width + 1   // every cell a name or margin may use
        let runs = (row - rows...row + rows).map { occupancy.freeRuns(row: $0, cols: lo..<hi) }
        // A crowded map (a million pins) leaves no run as long as the name in any row: say so
        // before walking the shifts.
        guard runs.contains(where: { ($0.max() ?? 0) >= width }) else { return nil }
        var land = LandCells(country: country, top: row - rows, rows: 2 * rows + 1, viewport: viewport, pane: pane, g: g)
        for s in shifts where abs(s.col) <= reach * width {
            let c = col + s.col, r = row + s.row
            guard c >= pane.x, c + width <= pane.maxX else { continue }
            let m0 = max(c - 1, pane.x), m1 = min(c + width + 1, pane.maxX)
            guard runs[s.row + rows][m0 - lo] >= m1 - m0, land.holdsAll(col: c, row: r, width: width) else { continue }
            return s
        }
        return nil
    }

    /// Whether every cell of a `width`-cell name from (`col`, `row`) is over country `country`.
    static func overCountry(_ country: Int, col: Int, row: Int, width: Int, viewport: Viewport, pane: Rect,
                            g: Gazetteer) -> Bool {
        var land = LandCells(country: country, top: row, rows: 1, viewport: viewport, pane: pane, g: g)
        return land.holdsAll(col: col, row: row, width: width)
    }
}

/// Which cells lie over one country: per row, where the country's outline crosses the
/// latitude of the row's centre (`Gazetteer.crossings`, read once per row when first
/// asked); a cell is over the country when an odd number of crossings lie east of its
/// centre. One pass over the outline per row instead of one per cell.
struct LandCells {
    let country: Int, top: Int
    let viewport: Viewport, pane: Rect, g: Gazetteer
    private var crossings: [[Double]?]

    init(country: Int, top: Int, rows: Int, viewport: Viewport, pane: Rect, g: Gazetteer) {
        self.country = country; self.top = top
        self.viewport = viewport; self.pane = pane; self.g = g
        crossings = Array(repeating: nil, count: rows)
    }

    /// Whether every cell from (`col`, `row`) for `n` cells is over the country: both ends
    /// and the middle first, which reject most spots at sea or across a border.
    mutating func holdsAll(col: Int, row: Int, width n: Int) -> Bool {
        for c in [col, col + n - 1, col + n / 2] where !holds(col: c, row: row) { return false }
        for c in col..<(col + n) where !holds(col: c, row: row) { return false }
        return true
    }

    /// Whether the centre of cell (`col`, `row`) is on the map and over the country.
    mutating func holds(col: Int, row: Int) -> Bool {
        let x = Double(col) + 0.5, y = Double(row) + 0.5
        guard viewport.isOnMap(col: x, row: y, pane: pane) else { return false }
        let p = viewport.point(col: x, row: y, pane: pane)
        if crossings[row - top] == nil { crossings[row - top] = g.crossings(ofCountry: country, latitude: p.latitude) }
        // As `country(containing:)`: a point on the antimeridian is tried just inside each side.
        let lons = abs(p.longitude) >= 179.9999 ? [179.9999, -179.9999] : [p.longitude]
        return lons.contains { lon in crossings[row - top]!.reduce(false) { lon < $1 ? !$0 : $0 } }
    }
}
