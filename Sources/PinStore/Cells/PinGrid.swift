/// The latitude/longitude grids behind the pin cell tree (`Store+PinCells`):
/// level `k` (2…22) cuts the world into 2^k columns of 360/2^k degrees of
/// longitude and 2^(k−2) rows of 720/2^k degrees of latitude. A cell is twice
/// as tall as wide in degrees, like a terminal cell, so a level whose cell is
/// one screen column wide is also about one screen row tall.
///
/// Every level is cut from the finest one: a pin's finest cell
/// (`fineX`, `fineY`) at level 22 (about 9.5 m × 19 m at the equator) shifted
/// right by 22 − k bits gives its level-k cell, so the four cells of level
/// k + 1 inside a cell of level k are exactly its children. Cells are keyed by
/// their Morton (Z-order) code, so all descendants of a cell form one range
/// of codes on every deeper level.
public enum PinGrid {
    /// The coarsest level (4 × 1 cells of 90° × 180°).
    public static let minLevel = 2
    /// The finest level (4,194,304 × 1,048,576 cells).
    public static let maxLevel = PinCell.finestLevel
    /// The level of the tiles migration 3's `pins_tile_created` indexed (≈ 0.022° ×
    /// 0.044°, about 2.4 km × 4.9 km at the equator; dropped by migration 12).
    public static let tileLevel = 14

    /// Columns of the finest grid: 2^22.
    static let fineColumns = 1 << maxLevel
    /// Rows of the finest grid: 2^20.
    static let fineRows = 1 << (maxLevel - 2)

    /// The finest column of longitude `lon` (degrees, −180…180). The same
    /// arithmetic, in the same order, as the SQL of `tileSQL`, so Swift and
    /// SQLite put a pin in the same cell to the last bit.
    public static func fineX(_ lon: Double) -> Int {
        let v = (lon + 180) / 360 * 4_194_304
        guard v.isFinite, v > 0 else { return 0 }
        return min(fineColumns - 1, Int(v))
    }

    /// The finest row of latitude `lat` (degrees, −90…90), counted from the south.
    public static func fineY(_ lat: Double) -> Int {
        let v = (lat + 90) / 180 * 1_048_576
        guard v.isFinite, v > 0 else { return 0 }
        return min(fineRows - 1, Int(v))
    }

    /// Width of a level-`level` cell in degrees of longitude.
    public static func cellWidth(level: Int) -> Double { PinCell.width(level: level) }
    /// Height of a level-`level` cell in degrees of latitude (twice its width).
    public static func cellHeight(level: Int) -> Double { PinCell.height(level: level) }
    /// Columns of level `level` (2^level).
    public static func columns(level: Int) -> Int { 1 << level }
    /// Rows of level `level` (2^(level − 2)).
    public static func rows(level: Int) -> Int { 1 << (level - 2) }

    /// The level-`level` cell (column from 180°W, row from 90°S) holding a point.
    public static func cell(latitude: Double, longitude: Double, level: Int) -> (x: Int, y: Int) {
        let shift = maxLevel - level
        return (fineX(longitude) >> shift, fineY(latitude) >> shift)
    }

    /// The box of cell (`x`, `y`) of `level`, in degrees.
    public static func bounds(level: Int, x: Int, y: Int) -> LatLonBox {
        let w = cellWidth(level: level), h = cellHeight(level: level)
        return LatLonBox(south: Double(y) * h - 90, west: Double(x) * w - 180,
                         north: Double(y + 1) * h - 90, east: Double(x + 1) * w - 180)
    }

    /// The coarsest level whose cells are at most `degrees` wide, clamped to
    /// `minLevel…maxLevel` (the level a map with columns `degrees` wide reads).
    public static func level(forCellWidth degrees: Double) -> Int {
        guard degrees.isFinite, degrees > 0 else { return maxLevel }
        var k = minLevel
        while k < maxLevel && cellWidth(level: k) > degrees { k += 1 }
        return k
    }

    // MARK: Morton codes

    /// The Morton code of cell (`x`, `y`) at `level`: the top two bits of `x`
    /// (the level-2 column), then the remaining bits of `x` and `y`
    /// interleaved, `x` in the even bits. Children of code `z` are
    /// `4z … 4z + 3`.
    public static func morton(x: Int, y: Int, level: Int) -> Int64 {
        let low = level - 2
        let top = Int64(x >> low) << (2 * low)
        return top | Int64(spread(UInt64(x & ((1 << low) - 1))) | (spread(UInt64(y)) << 1))
    }

    /// The cell (`x`, `y`) of Morton code `z` at `level`. (Inlined: the map calls it for
    /// every cell it reads.)
    @inline(__always)
    public static func cell(morton z: Int64, level: Int) -> (x: Int, y: Int) {
        let low = level - 2
        let u = UInt64(z)
        let mask: UInt64 = low == 0 ? 0 : (UInt64(1) << (2 * UInt64(low))) - 1
        let x = Int(u >> (2 * UInt64(low))) << low | Int(compact(u & mask))
        return (x, Int(compact((u & mask) >> 1)))
    }

    /// Spreads the low 32 bits of `v` to the even bits.
    static func spread(_ v: UInt64) -> UInt64 {
        var x = v & 0xFFFF_FFFF
        x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF
        x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF
        x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F
        x = (x | (x << 2)) & 0x3333_3333_3333_3333
        x = (x | (x << 1)) & 0x5555_5555_5555_5555
        return x
    }

    /// Gathers the even bits of `v` (the inverse of `spread`).
    @inline(__always)
    static func compact(_ v: UInt64) -> UInt64 {
        var x = v & 0x5555_5555_5555_5555
        x = (x | (x >> 1)) & 0x3333_3333_3333_3333
        x = (x | (x >> 2)) & 0x0F0F_0F0F_0F0F_0F0F
        x = (x | (x >> 4)) & 0x00FF_00FF_00FF_00FF
        x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF
        x = (x | (x >> 16)) & 0x0000_0000_FFFF_FFFF
        return x
    }

    /// The Morton code of the finest cell holding a point (its codes on
    /// coarser levels are this shifted right by 2 × (22 − level) bits).
    public static func fineMorton(latitude: Double, longitude: Double) -> Int64 {
        morton(x: fineX(longitude), y: fineY(latitude), level: maxLevel)
    }

    /// Runs of Morton codes at `level` that together cover the cells
    /// `x0…x1` × `y0…y1` (inclusive, clamped to the grid), at most about
    /// `maxRanges` of them: where the rectangle's edge would need more, a
    /// range also covers some cells outside it, which the caller filters by
    /// `cell(morton:level:)`. Sorted, not overlapping.
    public static func mortonRanges(level: Int, x0: Int, x1: Int, y0: Int, y1: Int,
                                    maxRanges: Int = 48) -> [ClosedRange<Int64>] {
        let cx0 = max(0, x0), cx1 = min(columns(level: level) - 1, x1)
        let cy0 = max(0, y0), cy1 = min(rows(level: level) - 1, y1)
        guard cx0 <= cx1, cy0 <= cy1 else { return [] }
        var out: [ClosedRange<Int64>] = []
        // Nodes at depth d (a level-d cell) still to classify.
        var pending: [(x: Int, y: Int)] = (0..<4).map { ($0, 0) }
        var d = minLevel
        while !pending.isEmpty {
            let shift = level - d
            var partial: [(x: Int, y: Int)] = []
            for n in pending {
                let nx0 = n.x << shift, nx1 = ((n.x + 1) << shift) - 1
                let ny0 = n.y << shift, ny1 = ((n.y + 1) << shift) - 1
                if nx1 < cx0 || nx0 > cx1 || ny1 < cy0 || ny0 > cy1 { continue }
                let inside = nx0 >= cx0 && nx1 <= cx1 && ny0 >= cy0 && ny1 <= cy1
                if inside || shift == 0 {
                    out.append(range(of: n, depth: d, level: level))
                } else {
                    partial.append(n)
                }
            }
            // Splitting multiplies the partial nodes by up to 4: stop while
            // the ranges stay few, and read those nodes whole.
            if d == level || out.count + partial.count * 4 > maxRanges {
                out += partial.map { range(of: $0, depth: d, level: level) }
                break
            }
            pending = []
            for n in partial {
                let x = 2 * n.x, y = 2 * n.y
                pending += [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
            }
            d += 1
        }
        return merged(out)
    }

    private static func range(of n: (x: Int, y: Int), depth: Int, level: Int) -> ClosedRange<Int64> {
        let z = morton(x: n.x, y: n.y, level: depth)
        let shift = Int64(2 * (level - depth))
        return (z << shift)...(((z + 1) << shift) - 1)
    }

    /// `ranges` sorted, with overlapping and adjacent ones joined.
    public static func merged(_ ranges: [ClosedRange<Int64>]) -> [ClosedRange<Int64>] {
        var out: [ClosedRange<Int64>] = []
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, r.lowerBound <= last.upperBound + 1 {
                out[out.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }
}

extension PinGrid {
    /// SQL for the level-14 tile of a pin (row × 16384 + column), the same
    /// arithmetic as `tile(latitude:longitude:)`. Migration 3 indexes it
    /// (`pins_tile_created`, which migration 12 drops): never change it, as
    /// migrations never change.
    static let tileSQL = "((min(1048575, CAST((latitude + 90) / 180 * 1048576 AS INTEGER)) >> 8) * 16384"
        + " + (min(4194303, CAST((longitude + 180) / 360 * 4194304 AS INTEGER)) >> 8))"

    /// The level-14 tile code of a point, as `tileSQL` computes it.
    public static func tile(latitude: Double, longitude: Double) -> Int64 {
        let c = cell(latitude: latitude, longitude: longitude, level: tileLevel)
        return Int64(c.y) * Int64(columns(level: tileLevel)) + Int64(c.x)
    }
}
