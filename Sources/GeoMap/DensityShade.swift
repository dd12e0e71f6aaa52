import Foundation

/// How many pins a crowded cluster holds, shown in one cell: braille dots
/// filled from the bottom up on a log scale (2 pins: 1 dot … 10,000 and
/// more: all 8), or in ASCII `:` (2–9), `*` (10–99), `%` (100–999),
/// `@` (1000 and more). Merged with the map line in the same cell, so the
/// coastline stays visible under crowded pins.
enum DensityShade {
    /// Braille dot bits in fill order: bottom row first, then upwards.
    static let fillOrder: [UInt8] = [0x40, 0x80, 0x04, 0x20, 0x02, 0x10, 0x01, 0x08]

    /// Dots for `count` pins on a log scale from 2 pins (2 dots, so even the
    /// smallest shade is more than a stray dot) to 10,000 and more (all 8):
    /// 10 → 3, 40 → 4, 100 → 5, 500 → 6, 5000 → 7.
    static func dots(count: Int) -> Int {
        if count < 1_000 { return dotsBelow1000[max(0, count)] }
        let scale = log2(Double(count)) / log2(10_000.0)
        return max(2, min(8, 2 + Int(scale * 6)))
    }

    /// `dots` for 0–999, computed once: thousands of shades per frame.
    private static let dotsBelow1000: [Int] = (0..<1_000).map { c in
        max(2, min(8, 2 + Int(log2(Double(max(2, c))) / log2(10_000.0) * 6)))
    }

    static func mask(count: Int) -> UInt8 {
        maskOfDots[dots(count: count)]
    }

    /// The first `n` bits of `fillOrder` or-ed, for `n` = 0…8.
    private static let maskOfDots: [UInt8] = (0...8).map { fillOrder.prefix($0).reduce(0, |) }

    static func glyph(count: Int, ascii: Bool) -> String {
        if ascii { return count < 10 ? ":" : count < 100 ? "*" : count < 1000 ? "%" : "@" }
        return CellGlyphs.braille[Int(mask(count: count))]
    }

    /// The shade merged with the dots of the map lines (coast, borders; not
    /// the graticule) in its cell.
    static func merged(count: Int, lineMask: UInt8) -> String {
        CellGlyphs.braille[Int(lineMask | mask(count: count))]
    }
}
