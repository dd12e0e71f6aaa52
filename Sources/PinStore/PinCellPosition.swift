/// A representative's position as `PinCellTile` stores it, without loss: with exponent
/// `e` (0…7) latitude and longitude are whole numbers of 10^−e degrees, stored as their
/// distance from one unit south-west of the cell's corner (so a cell of level k needs
/// about log2(360 × 10^e / 2^k) bits a coordinate); with `PinCellTile.rawPositions` they
/// are the `Double`s' bit patterns.
///
/// Lossless because a coordinate is stored with `e` only when `Double(units) / 10^e`
/// gives back its exact bits: IEEE division is correctly rounded, so this holds for
/// every coordinate typed with at most `e` decimals (what a CSV's text parses to), and a
/// tile with any other coordinate takes a larger `e` or raw bits.
enum PinCellPosition {
    private static let scale: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7]
    private static let units: [Int64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]

    /// Bits of the stored latitude at `level` with exponent `e`.
    static func latitudeBits(level: Int, e: Int) -> Int {
        e > 7 ? 64 : PinCellBits.width(UInt64((180 * units[e]) >> Int64(level - 2) + 4))
    }

    /// Bits of the stored longitude at `level` with exponent `e`.
    static func longitudeBits(level: Int, e: Int) -> Int {
        e > 7 ? 64 : PinCellBits.width(UInt64((360 * units[e]) >> Int64(level) + 4))
    }

    /// One unit south of row `y`'s south edge (rounded down), in 10^−e degrees.
    @inline(__always)
    private static func southOrigin(level: Int, y: Int, e: Int) -> Int64 {
        (Int64(y) * 180 * units[e]) >> Int64(level - 2) - 90 * units[e] - 1
    }

    /// One unit west of column `x`'s west edge (rounded down), in 10^−e degrees.
    @inline(__always)
    private static func westOrigin(level: Int, x: Int, e: Int) -> Int64 {
        (Int64(x) * 360 * units[e]) >> Int64(level) - 180 * units[e] - 1
    }

    /// `v` as a whole number of 10^−e degrees, when that gives back `v` bit for bit.
    @inline(__always)
    private static func exactUnits(_ v: Double, e: Int) -> Int64? {
        let u = (v * scale[e]).rounded()
        guard abs(u) < 1e15 else { return nil }
        let i = Int64(u)
        return (Double(i) / scale[e]).bitPattern == v.bitPattern ? i : nil
    }

    /// The stored fields of `rep` in cell `z` of `level` (both within their bit widths),
    /// or nil when exponent `e` cannot hold it.
    private static func fields(_ rep: PinCellRep, e: Int, level: Int, z: Int64) -> (lat: UInt64, lon: UInt64)? {
        guard let lat = exactUnits(rep.latitude, e: e), let lon = exactUnits(rep.longitude, e: e) else { return nil }
        let c = PinGrid.cell(morton: z, level: level)
        let dLat = lat - southOrigin(level: level, y: c.y, e: e), dLon = lon - westOrigin(level: level, x: c.x, e: e)
        guard dLat >= 0, dLon >= 0, PinCellBits.width(UInt64(dLat)) <= latitudeBits(level: level, e: e),
              PinCellBits.width(UInt64(dLon)) <= longitudeBits(level: level, e: e) else { return nil }
        return (UInt64(dLat), UInt64(dLon))
    }

    /// The smallest exponent that holds every record of a tile of `level`, or `rawPositions`.
    static func exponent(_ records: [PinCellTile.Record], level: Int, tile: Int64) -> Int {
        func fits(_ i: Int, _ e: Int) -> Bool {
            fields(records[i].rep, e: e, level: level, z: PinCellTile.z(tile: tile, local: records[i].local)) != nil
        }
        guard !records.isEmpty else { return 0 }
        var e = 0
        // The first record's smallest exponent, then up while another record needs more.
        while e <= 7 && !fits(0, e) { e += 1 }
        var i = 1
        while e <= 7 && i < records.count {
            if fits(i, e) {
                i += 1
            } else {
                e += 1
                i = 0  // check every record at the larger exponent
            }
        }
        return e <= 7 ? e : PinCellTile.rawPositions
    }

    /// The stored fields of `rep`, the representative of cell `z` of `level`, with the
    /// exponent `exponent` chose for its tile.
    static func stored(_ rep: PinCellRep, e: Int, level: Int, z: Int64) -> (lat: UInt64, lon: UInt64) {
        if e > 7 { return (rep.latitude.bitPattern, rep.longitude.bitPattern) }
        return fields(rep, e: e, level: level, z: z) ?? (0, 0)
    }

    /// The position (degrees) stored as fields `lat`, `lon` for cell (`x`, `y`) of `level`.
    @inline(__always)
    static func degrees(lat: UInt64, lon: UInt64, e: Int, level: Int, x: Int, y: Int) -> (lat: Double, lon: Double) {
        if e > 7 { return (Double(bitPattern: lat), Double(bitPattern: lon)) }
        let la = southOrigin(level: level, y: y, e: e) + Int64(lat), lo = westOrigin(level: level, x: x, e: e) + Int64(lon)
        return (Double(la) / scale[e], Double(lo) / scale[e])
    }
}
