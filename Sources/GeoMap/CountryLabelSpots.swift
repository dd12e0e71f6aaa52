import Frame

/// Where a country's name goes when its label point is covered (a pin, a count, another
/// name): the free spot nearest to the centred position, up to `rows` rows above or below
/// and `reach` name widths either side, whose every cell's centre lies inside the country
/// (the gazetteer's even-odd test, `LandCells`). With 62,000 pins a big country's label
/// point is almost always under a marker while free runs remain nearby. Cost at world
/// zoom with 1,000,000 pins (200×60): about 0.1 ms a frame (`pinmap bench render`).
enum CountryLabelSpots {
    /// Rows tried above and below the label point's row.
    static let rows = 6
    /// How far the name may move sideways, in name widths.
    static let reach = 2

    /// The shift (columns, rows) of the nearest spot for a `width`-cell name of country
    /// `country` whose centred position starts at (`col`, `row`) (absolute cells); nil when
    /// none fits. A spot fits as a centred name does: its cells free and inside the pane,
    /// its one-cell margins free where they are inside the pane. Nearest: a row spans twice
    /// a column's degrees, so a row counts as two columns; ties go to the smaller row
    /// shift, then up before down, then left before right.
    static func find(country: Int, col: Int, row: Int, width: Int, viewport: Viewport, pane: Rect,
                     occupancy: Occupancy, g: Gazetteer) -> (col: Int, row: Int)? {
        // Only cells within the bounding box of the country's largest part are tried (its
        // other parts are islands and exclaves, smaller): a name wider than that box fits
        // nowhere (at world zoom, most small countries), and rows and columns outside it
        // are not read at all.
        let box = g.countries[country].box
        let nw = viewport.cell(for: GeoPoint(latitude: box.north, longitude: box.west), pane: pane)
        let se = viewport.cell(for: GeoPoint(latitude: box.south, longitude: box.east), pane: pane)
        let wraps = box.east < box.west || se.col < nw.col   // across the antimeridian: columns not pruned
        let west = wraps ? Int.min / 2 : Int(nw.col.rounded(.down)), east = wraps ? Int.max / 2 : Int(se.col.rounded(.up))
        guard east - west >= width else { return nil }
        let north = Int(nw.row.rounded(.down)), south = Int(se.row.rounded(.up))
        // Every cell a name or its margins may use: within `reach` of the centred position,
        // the pane and the box (with a margin's cell either side).
        let lo = max(col - reach * width - 1, pane.x, west - 1), hi = min(col + (reach + 1) * width + 1, pane.maxX, east + 1)
        guard hi - lo >= width else { return nil }
        var land: LandCells?   // made when a spot is first free: most searches on a crowded map end before
        var best: (col: Int, row: Int)?, bestDistance = Int.max
        var runs = [Int](repeating: 0, count: hi - lo)
        // Rows nearest first (0, -1, 1, -2, 2, …); a row whose own distance already loses ends the walk.
        for k in 0...(2 * rows) {
            let dr = outward(k)
            guard 4 * dr * dr < bestDistance else { break }
            guard row + dr >= max(north, pane.y), row + dr < min(south, pane.maxY) else { continue }
            occupancy.freeRuns(row: row + dr, cols: lo..<hi, into: &runs)
            guard runs.contains(where: { $0 >= width }) else { continue }   // a crowded row: no room at all
            for j in (dr == 0 ? 1 : 0)...(2 * reach * width) {
                let dc = outward(j), distance = dc * dc + 4 * dr * dr
                guard distance < bestDistance else { break }
                let c = col + dc
                guard c >= max(pane.x, west), c + width <= min(pane.maxX, east) else { continue }
                let m0 = max(c - 1, pane.x), m1 = min(c + width + 1, pane.maxX)
                guard runs[m0 - lo] >= m1 - m0 else { continue }
                if land == nil {
                    land = LandCells(country: country, top: row - rows, rows: 2 * rows + 1, viewport: viewport, pane: pane, g: g)
                }
                guard land!.holdsAll(col: c, row: row + dr, width: width) else { continue }
                best = (dc, dr); bestDistance = distance
                break
            }
        }
        return best
    }

    /// The `k`th of 0, -1, 1, -2, 2, …
    private static func outward(_ k: Int) -> Int { k % 2 == 1 ? -(k + 1) / 2 : k / 2 }

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
        guard holds(col: col, row: row), holds(col: col + n - 1, row: row), holds(col: col + n / 2, row: row) else { return false }
        for c in col..<(col + n) where !holds(col: c, row: row) { return false }
        return true
    }

    /// Whether the centre of cell (`col`, `row`) is on the map and over the country.
    mutating func holds(col: Int, row: Int) -> Bool {
        let x = Double(col) + 0.5, y = Double(row) + 0.5
        guard viewport.isOnMap(col: x, row: y, pane: pane) else { return false }
        let p = viewport.point(col: x, row: y, pane: pane)
        if crossings[row - top] == nil { crossings[row - top] = g.crossings(ofCountry: country, latitude: p.latitude) }
        guard let xs = crossings[row - top], !xs.isEmpty else { return false }
        // As `country(containing:)`: a point on the antimeridian is tried just inside each side.
        if abs(p.longitude) >= 179.9999 { return Self.inside(179.9999, xs) || Self.inside(-179.9999, xs) }
        return Self.inside(p.longitude, xs)
    }

    /// Even-odd: an odd number of crossings east of `lon`.
    private static func inside(_ lon: Double, _ xs: [Double]) -> Bool {
        var hit = false
        for x in xs where lon < x { hit.toggle() }
        return hit
    }
}
