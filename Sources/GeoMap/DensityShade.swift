/// How many pins a crowded cluster holds, shown in one cell where its count
/// has no room: a circle filled more the more pins it holds, `◔` (2–9), `◑`
/// (10–99), `◕` (100 and more), or in ASCII `:` (2–9), `*` (10–99), `%`
/// (100–999), `@` (1000 and more). Never braille and never merged with the map
/// lines under it: a crowd of pins must not read as coast or land, with or
/// without colour (the cluster colours, pale to hot, tell 1000 and more apart).
enum DensityShade {
    /// The glyphs by magnitude: 2–9, 10–99, 100 and more.
    static let circles = ["◔", "◑", "◕"]

    static func glyph(count: Int, ascii: Bool) -> String {
        if ascii { return count < 10 ? ":" : count < 100 ? "*" : count < 1000 ? "%" : "@" }
        return circles[count < 10 ? 0 : count < 100 ? 1 : 2]
    }
}
