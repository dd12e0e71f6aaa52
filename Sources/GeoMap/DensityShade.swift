import Foundation

/// How many pins a crowded cluster holds, shown in one cell: braille dots
/// filled from the bottom up on a log scale (2 pins: 1 dot … 10,000 and
/// more: all 8), or in ASCII `:` (2–9), `*` (10–99), `%` (100–999),
/// `@` (1000 and more). Merged with the map line in the same cell, so the
/// coastline stays visible under crowded pins.
enum DensityShade {
    /// Braille dot bits in fill order: bottom row first, then upwards.
    static let fillOrder: [UInt8] = [0x40, 0x80, 0x04, 0x20, 0x02, 0x10, 0x01, 0x08]

    /// Dots for `count` pins on a log scale from 2 (1 dot) to 10,000 and
    /// more (all 8): 10 → 2, 40 → 3, 100 → 4, 500 → 5, 1000 → 6, 5000 → 7.
    static func dots(count: Int) -> Int {
        let scale = log2(Double(max(2, count))) / log2(10_000.0)
        return max(1, min(8, 1 + Int(scale * 7)))
    }

    static func mask(count: Int) -> UInt8 {
        fillOrder.prefix(dots(count: count)).reduce(0, |)
    }

    static func glyph(count: Int, ascii: Bool) -> String {
        if ascii { return count < 10 ? ":" : count < 100 ? "*" : count < 1000 ? "%" : "@" }
        return CellGlyphs.braille[Int(mask(count: count))]
    }

    /// The shade merged with the braille map line already in the cell.
    static func merged(count: Int, under existing: String) -> String {
        guard let s = existing.unicodeScalars.first, existing.unicodeScalars.count == 1,
              s.value >= 0x2800, s.value <= 0x28FF else { return glyph(count: count, ascii: false) }
        return CellGlyphs.braille[Int(UInt8(s.value - 0x2800) | mask(count: count))]
    }
}
