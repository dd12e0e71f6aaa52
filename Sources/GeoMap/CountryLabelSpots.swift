import Frame

/// Where a country's name goes when its label point is covered (a pin, a count, another
/// name): the free spot nearest to the centred position, up to `rows` rows above or below
/// and the name's width either side, whose every cell lies over the country (the
/// gazetteer's point-in-country test on each cell's centre). With 62,000 pins a big
/// country's label point is almost always under a marker while free runs remain nearby.
enum CountryLabelSpots {
    /// Rows tried above and below the label point's row.
    static let rows = 3

    /// Shifts (columns, rows) of the name from its centred position, nearest first: a row
    /// spans twice a column's degrees, so a row counts as two columns; ties go to the
    /// smaller row shift, then up before down, then left before right. The centred
    /// position itself is not among them.
    static let shifts: [(col: Int, row: Int)] = {
        var all: [(col: Int, row: Int)] = []
        for dr in -rows...rows {
            for dc in -LabelPlacer.maxWidth...LabelPlacer.maxWidth where dc != 0 || dr != 0 { all.append((dc, dr)) }
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
        let lo = col - width - 1, hi = col + 2 * width + 1   // every cell a shifted name or margin may use
        let runs = (row - rows...row + rows).map { occupancy.freeRuns(row: $0, cols: lo..<hi) }
        var land = LandCells(country: country, lo: lo, top: row - rows, width: hi - lo, viewport: viewport, pane: pane, g: g)
        for s in shifts where abs(s.col) <= width {
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
        (col..<(col + width)).allSatisfy { cellIsOver(country, col: $0, row: row, viewport: viewport, pane: pane, g: g) }
    }

    /// Whether the centre of cell (`col`, `row`) is on the map and inside country `country`.
    static func cellIsOver(_ country: Int, col: Int, row: Int, viewport: Viewport, pane: Rect, g: Gazetteer) -> Bool {
        let x = Double(col) + 0.5, y = Double(row) + 0.5
        return viewport.isOnMap(col: x, row: y, pane: pane)
            && g.country(country, contains: viewport.point(col: x, row: y, pane: pane))
    }
}

/// Which cells of a window lie over one country, tested once each, when first asked.
private struct LandCells {
    let country: Int, lo: Int, top: Int, width: Int
    let viewport: Viewport, pane: Rect, g: Gazetteer
    /// 0 not yet tested, 1 over the country, 2 not.
    var known: [UInt8]

    init(country: Int, lo: Int, top: Int, width: Int, viewport: Viewport, pane: Rect, g: Gazetteer) {
        self.country = country; self.lo = lo; self.top = top; self.width = width
        self.viewport = viewport; self.pane = pane; self.g = g
        known = Array(repeating: 0, count: width * (2 * CountryLabelSpots.rows + 1))
    }

    /// Whether every cell from (`col`, `row`) for `width` cells is over the country: both
    /// ends and the middle first, which reject most spots at sea or across a border.
    mutating func holdsAll(col: Int, row: Int, width n: Int) -> Bool {
        for c in [col, col + n - 1, col + n / 2] where !holds(col: c, row: row) { return false }
        for c in col..<(col + n) where !holds(col: c, row: row) { return false }
        return true
    }

    private mutating func holds(col: Int, row: Int) -> Bool {
        let i = (row - top) * width + col - lo
        if known[i] == 0 {
            known[i] = CountryLabelSpots.cellIsOver(country, col: col, row: row, viewport: viewport, pane: pane, g: g) ? 1 : 2
        }
        return known[i] == 1
    }
}
