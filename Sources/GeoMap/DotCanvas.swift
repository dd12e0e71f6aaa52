/// A braille dot grid over a block of cells: each cell holds 2 × 4 dots, as
/// the Unicode braille patterns (U+2800–U+28FF) do, so lines get twice the
/// horizontal and four times the vertical resolution of plain characters.
///
/// Dot (x, y) lies in cell (x / 2, y / 4); x grows right, y grows down. The
/// per-cell byte is the braille pattern's bit mask, so the glyph for a cell is
/// U+2800 + mask.
struct DotCanvas {
    /// Size in cells.
    let columns: Int
    let rows: Int
    /// One braille dot mask per cell, row-major.
    private(set) var masks: [UInt8]

    var dotWidth: Int { columns * 2 }
    var dotHeight: Int { rows * 4 }

    init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        masks = Array(repeating: 0, count: self.columns * self.rows)
    }

    /// Braille bit for the dot at (x mod 2, y mod 4): the left column is dots
    /// 1, 2, 3, 7 and the right column dots 4, 5, 6, 8 of the braille cell.
    @inline(__always)
    static func bit(dx: Int, dy: Int) -> UInt8 {
        if dy == 3 { return dx == 0 ? 0x40 : 0x80 }
        return UInt8(1) << UInt8(dy + dx * 3)
    }

    func mask(col: Int, row: Int) -> UInt8 {
        guard col >= 0, col < columns, row >= 0, row < rows else { return 0 }
        return masks[row * columns + col]
    }

    /// Clears every cell column outside `keep` (a zoom below 1 would otherwise show
    /// the world more than once).
    mutating func clearColumns(outside keep: Range<Int>) {
        for row in 0..<rows {
            for col in 0..<columns where !keep.contains(col) { masks[row * columns + col] = 0 }
        }
    }

    /// Sets dot (x, y); dots outside the grid are ignored.
    @inline(__always)
    mutating func set(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        masks[(y >> 2) * columns + (x >> 1)] |= DotCanvas.bit(dx: x & 1, dy: y & 3)
    }

    /// Draws the segment between two points in continuous dot coordinates
    /// (dot (i, j) covers [i, i+1) × [j, j+1)). The segment is clipped to the
    /// grid first (Liang–Barsky), so far off-screen lines at high zoom cost
    /// nothing, then rasterised with Bresenham's algorithm.
    mutating func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        let maxX = Double(dotWidth) - 1e-6, maxY = Double(dotHeight) - 1e-6
        guard maxX > 0, maxY > 0 else { return }
        // Trivial reject: both ends beyond the same edge.
        if (x0 < 0 && x1 < 0) || (y0 < 0 && y1 < 0) || (x0 > maxX && x1 > maxX) || (y0 > maxY && y1 > maxY) {
            return
        }
        guard let c = DotCanvas.clip(x0, y0, x1, y1, maxX: maxX, maxY: maxY) else { return }
        bresenham(Int(c.x0), Int(c.y0), Int(c.x1), Int(c.y1))
    }

    /// Liang–Barsky clipping to [0, maxX] × [0, maxY]; nil when nothing is inside.
    static func clip(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
                     maxX: Double, maxY: Double) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        let dx = x1 - x0, dy = y1 - y0
        var t0 = 0.0, t1 = 1.0
        // One edge test: p is the direction towards the edge, q the distance
        // to it; narrows [t0, t1] or reports the segment wholly outside.
        func edge(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let t = q / p
            if p < 0 {
                if t > t1 { return false }
                if t > t0 { t0 = t }
            } else {
                if t < t0 { return false }
                if t < t1 { t1 = t }
            }
            return true
        }
        guard edge(-dx, x0), edge(dx, maxX - x0), edge(-dy, y0), edge(dy, maxY - y0) else { return nil }
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        let cx0 = min(maxX, max(0, x0 + t0 * dx)), cy0 = min(maxY, max(0, y0 + t0 * dy))
        let cx1 = min(maxX, max(0, x0 + t1 * dx)), cy1 = min(maxY, max(0, y0 + t1 * dy))
        return (cx0, cy0, cx1, cy1)
    }

    /// Integer Bresenham between two dots, both inclusive.
    private mutating func bresenham(_ xa: Int, _ ya: Int, _ xb: Int, _ yb: Int) {
        var x = xa, y = ya
        let dx = abs(xb - xa), dy = -abs(yb - ya)
        let sx = xa < xb ? 1 : -1, sy = ya < yb ? 1 : -1
        var err = dx + dy
        while true {
            set(x: x, y: y)
            if x == xb && y == yb { return }
            let e2 = 2 * err
            if e2 >= dy { err += dy; x += sx }
            if e2 <= dx { err += dx; y += sy }
        }
    }
}
