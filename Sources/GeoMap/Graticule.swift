import Frame

/// The light latitude/longitude grid and its degree labels.
///
/// The spacing is the finest of 60°, 45°, 30°, 15°, 10°, 5°, 2°, 1°, 0.5°, …
/// 0.01° that keeps meridians at least `minColumnsApart` columns apart, so it
/// follows the pane's width; the whole world, where none does, is 60° apart (30°
/// put twelve labels into 80 columns, two cells apart: they read as one run).
/// Lines are dotted (every fourth braille dot) so they stay lighter than
/// coastlines; labels sit on the pane's left column (latitudes) and top row
/// (longitudes), with a blank cell around each and never on neighbouring rows.
enum Graticule {
    static let steps: [Double] = [60, 45, 30, 15, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01]
    static let minColumnsApart = 16.0

    /// Grid spacing in degrees for a scale of `degreesPerColumn`.
    static func step(degreesPerColumn dpc: Double) -> Double {
        var best = steps[0]
        for s in steps where s / dpc >= minColumnsApart { best = s }
        return best
    }

    /// Decimals needed to print multiples of `step` (30 → 0, 0.5 → 1, 0.05 → 2).
    static func decimals(for step: Double) -> Int {
        step >= 1 ? 0 : (step >= 0.1 ? 1 : 2)
    }

    /// Multiples of `step` within [lo, hi], as exact multiples (k × step).
    static func multiples(of step: Double, from lo: Double, to hi: Double) -> [Double] {
        guard step > 0, lo <= hi, (hi - lo) / step < 10_000 else { return [] }
        let k0 = Int((lo / step).rounded(.up)), k1 = Int((hi / step).rounded(.down))
        guard k0 <= k1 else { return [] }
        return (k0...k1).map { Double($0) * step }
    }

    /// Meridians (unwrapped longitudes) and parallels (latitudes strictly
    /// between the poles) that cross the view.
    static func lines(_ proj: DotProjection, step: Double) -> (meridians: [Double], parallels: [Double]) {
        let parallels = multiples(of: step, from: max(-90, proj.south), to: min(90, proj.north))
            .filter { abs($0) < 90 }
        // One world's meridians only: below zoom 1 the view is wider than the world.
        let mid = (proj.west + proj.east) / 2
        return (multiples(of: step, from: max(proj.west, mid - 180), to: min(proj.east, mid + 180)), parallels)
    }

    /// Draws dotted meridians (from pole to pole only) and parallels.
    static func draw(_ proj: DotProjection, step: Double, into canvas: inout DotCanvas) {
        let (meridians, parallels) = lines(proj, step: step)
        let yTop = max(0, Int(proj.y(lat: 90).rounded(.down)))
        let yBottom = min(canvas.dotHeight - 1, Int(proj.y(lat: -90).rounded(.down)))
        for lon in meridians {
            let x = Int(proj.x(lon: lon).rounded(.down))
            guard x >= 0, x < canvas.dotWidth, yTop <= yBottom else { continue }
            for y in stride(from: (yTop + 3) & ~3, through: yBottom, by: 4) { canvas.set(x: x, y: y) }
        }
        for lat in parallels {
            let y = Int(proj.y(lat: lat).rounded(.down))
            guard y >= 0, y < canvas.dotHeight else { continue }
            for x in stride(from: 0, to: canvas.dotWidth, by: 4) { canvas.set(x: x, y: y) }
        }
    }

    /// Writes degree labels: latitudes (`30N`) at the pane's left column on
    /// the parallel's row, longitudes (`120E`, `180E`) on the top row starting
    /// at the meridian's column. Labels that would overlap are skipped.
    /// Draws the degree labels at the pane's left column and top row, except
    /// where `blocked(col, row)` says a marker sits: a label is dropped whole
    /// rather than mixed with a marker ("30N" under a "2" would read "302").
    /// Returns the cells each drawn label covers.
    @discardableResult
    static func drawLabels(_ proj: DotProjection, step: Double, screen: inout Screen, pane: Rect, style: Style,
                           blocked: (Int, Int) -> Bool = { _, _ in false }) -> [(col: Int, row: Int, width: Int)] {
        var drawn: [(col: Int, row: Int, width: Int)] = []
        func free(_ col: Int, _ row: Int, _ width: Int) -> Bool {
            !(col..<(col + width)).contains { blocked($0, row) }
        }
        let (meridians, parallels) = lines(proj, step: step)
        let dec = decimals(for: step)
        // A blank row between two latitudes: on a world squeezed into a few rows two parallels
        // share a row or neighbouring ones ("0" over "30S" read "00S"; "30N" on the row above
        // "0" read as one column). The one nearest the equator keeps its row.
        var usedRows: Set<Int> = []
        for lat in parallels.sorted(by: { abs($0) < abs($1) }) {
            let y = Int(proj.y(lat: lat).rounded(.down))
            let row = pane.y + y / 4
            // The top row holds longitudes; the row under it too would touch them.
            guard y >= 0, row > pane.y + 1, row < pane.maxY, !(row - 1...row + 1).contains(where: usedRows.contains) else { continue }
            let text = GeoFormat.latitude(lat, decimals: dec)
            guard free(pane.x, row, text.count + 1) else { continue }
            usedRows.insert(row)
            put(text, col: pane.x, row: row, pane: pane, style: style, into: &screen)
            drawn.append((pane.x, row, min(text.count, pane.width)))
        }
        var nextFree = pane.x
        for lon in meridians {
            let x = Int(proj.x(lon: lon).rounded(.down))
            let col = pane.x + x / 2
            let text = GeoFormat.longitude(lon, decimals: dec)
            guard x >= 0, col >= nextFree, col + text.count <= pane.maxX, free(col - 1, pane.y, text.count + 2) else { continue }
            put(text, col: col, row: pane.y, pane: pane, style: style, into: &screen)
            drawn.append((col, pane.y, text.count))
            nextFree = col + text.count + 1
        }
        return drawn
    }

    /// Writes a label with a blank cell before and after it (inside the pane): a label
    /// never runs into a coastline's dots or the next label.
    private static func put(_ text: String, col: Int, row: Int, pane: Rect, style: Style, into screen: inout Screen) {
        for c in [col - 1, col + text.count] where c >= pane.x && c < pane.maxX { screen[c, row] = .blank }
        screen.put(text, col: col, row: row, style: style, maxWidth: pane.maxX - col)
    }
}
