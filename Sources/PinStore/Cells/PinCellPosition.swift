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
    /// 10^e for e in 0…7 (no table: a tile's reader works it out once, cheaply).
    @inline(__always)
    private static func unit(_ e: Int) -> Int64 {
        var u: Int64 = 1
        for _ in 0..<e { u &*= 10 }
        return u
    }

    /// Bits of the stored latitude at `level` with exponent `e`.
    static func latitudeBits(level: Int, e: Int) -> Int {
        e > 7 ? 64 : PinCellBits.width(UInt64((180 * unit(e)) >> Int64(level - 2) + 4))
    }

    /// Bits of the stored longitude at `level` with exponent `e`.
    static func longitudeBits(level: Int, e: Int) -> Int {
        e > 7 ? 64 : PinCellBits.width(UInt64((360 * unit(e)) >> Int64(level) + 4))
    }

    /// The smallest exponent that holds every record of a tile of `level` (or
    /// `rawPositions`), with each record's stored fields at it in `out` (one per record).
    static func exponent(_ records: [PinCellTile.Record], level: Int, tile: Int64,
                         fields out: UnsafeMutableBufferPointer<(lat: UInt64, lon: UInt64)>) -> Int {
        guard !records.isEmpty else { return 0 }
        let corner = PinCellTileReader(cornerOf: tile, level: level)
        var coder = Coder(level: level, e: 6)
        func fits(_ i: Int, _ e: Int) -> Bool {
            if coder.e != e { coder = Coder(level: level, e: e) }
            let c = corner.cell(local: records[i].local)
            guard let f = coder.fields(records[i].rep, x: c.x, y: c.y) else { return false }
            out[i] = f
            return true
        }
        // The first record's smallest exponent, searched from 6 (a CSV's usual decimals):
        // down while it still fits, else up.
        var e = 6
        if fits(0, e) {
            while e > 0 && fits(0, e - 1) { e -= 1 }
            _ = fits(0, e)  // its fields at `e`, not at the exponent that failed
        } else {
            e += 1
            while e <= 7 && !fits(0, e) { e += 1 }
        }
        // Then up while another record needs more.
        var i = 1
        while e <= 7 && i < records.count {
            if fits(i, e) {
                i += 1
            } else {
                e += 1
                i = 0  // check every record at the larger exponent
            }
        }
        if e <= 7 { return e }
        for (i, r) in records.enumerated() { out[i] = (r.rep.latitude.bitPattern, r.rep.longitude.bitPattern) }
        return PinCellTile.rawPositions
    }

    /// Turns positions into the stored fields of one tile of `level` with exponent `e`
    /// and back into degrees (the tile's constants worked out once).
    struct Coder {
        let e: Int
        let latitudeBits, longitudeBits: Int
        private let raw: Bool
        private let scale: Double
        /// 180 (360) × 10^e, 90 (180) × 10^e + 1, and the shifts of a row's (column's)
        /// south (west) edge: the origin of a stored latitude (longitude) is one unit
        /// south (west) of the edge, rounded down.
        private let rowSpan, rowBase, colSpan, colBase: Int64
        private let rowShift, colShift: Int64

        init(level: Int, e: Int) {
            self.e = e
            raw = e > 7
            let u = raw ? 1 : PinCellPosition.unit(e)
            scale = Double(u)
            latitudeBits = PinCellPosition.latitudeBits(level: level, e: e)
            longitudeBits = PinCellPosition.longitudeBits(level: level, e: e)
            rowSpan = 180 * u; rowBase = 90 * u + 1; rowShift = Int64(level - 2)
            colSpan = 360 * u; colBase = 180 * u + 1; colShift = Int64(level)
        }

        /// `v` as a whole number of 10^−e degrees, when that gives back `v` bit for bit.
        @inline(__always)
        private func exactUnits(_ v: Double) -> Int64? {
            // Rounded half away from zero without a libm call; a value off by one fails the check.
            let u = v * scale + (v < 0 ? -0.5 : 0.5)
            guard abs(u) < 1e15 else { return nil }
            let i = Int64(u)
            return (Double(i) / scale).bitPattern == v.bitPattern ? i : nil
        }

        /// The stored fields of `rep` in cell (`x`, `y`) (both within their bit widths),
        /// or nil when this exponent cannot hold it (never for raw bits).
        @inline(__always)
        func fields(_ rep: PinCellRep, x: Int, y: Int) -> (lat: UInt64, lon: UInt64)? {
            if raw { return (rep.latitude.bitPattern, rep.longitude.bitPattern) }
            guard let lat = exactUnits(rep.latitude), let lon = exactUnits(rep.longitude) else { return nil }
            let dLat = lat &- ((Int64(y) &* rowSpan) &>> rowShift &- rowBase)
            let dLon = lon &- ((Int64(x) &* colSpan) &>> colShift &- colBase)
            guard dLat >= 0, dLon >= 0, PinCellBits.width(UInt64(dLat)) <= latitudeBits,
                  PinCellBits.width(UInt64(dLon)) <= longitudeBits else { return nil }
            return (UInt64(dLat), UInt64(dLon))
        }

        /// The latitude stored as `v` for a cell of row `y` (see `rowBase`).
        @inline(__always)
        func latitude(_ v: UInt64, y: Int) -> Double {
            raw ? Double(bitPattern: v) : Double((Int64(y) &* rowSpan) &>> rowShift &- rowBase &+ Int64(bitPattern: v)) / scale
        }

        /// The longitude stored as `v` for a cell of column `x` (see `colBase`).
        @inline(__always)
        func longitude(_ v: UInt64, x: Int) -> Double {
            raw ? Double(bitPattern: v) : Double((Int64(x) &* colSpan) &>> colShift &- colBase &+ Int64(bitPattern: v)) / scale
        }
    }
}
