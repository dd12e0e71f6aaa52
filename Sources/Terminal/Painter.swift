import CCurses
import Frame

/// Paints `Screen`s through ncurses, diffing against the previous frame so a
/// settle animation at 60 frames per second sends only what moved.
struct Painter {
    var colorCount = 0
    private var last: Screen?
    /// Attribute bits and colour pair per style, computed once each.
    private var attrCache: [Style: (attr: UInt32, pair: Int32)] = [:]

    mutating func invalidate() { last = nil; pm_clear() }

    mutating func paint(_ screen: Screen) {
        let full = last == nil || last!.width != screen.width || last!.height != screen.height
        if full { pm_clear() }
        for row in 0..<screen.height {
            for col in 0..<screen.width {
                let cell = screen[col, row]
                if !full, let last, last[col, row] == cell { continue }
                if cell.isContinuation { continue }
                // The last gate before the terminal: a cell that bypassed `Screen.put` is not raw either.
                let text = cell.text.unicodeScalars.contains(where: SafeText.isUnsafe) ? SafeText.sanitize(cell.text) : cell.text
                let a = attr(cell.style)
                pm_put(Int32(row), Int32(col), text, a.attr, a.pair)
            }
        }
        pm_refresh()
        last = screen
    }

    private mutating func attr(_ s: Style) -> (attr: UInt32, pair: Int32) {
        if let a = attrCache[s] { return a }
        let pair = colorCount > 0
            ? pm_pair(Int32(s.fg.index(forColors: colorCount)), Int32(s.bg.index(forColors: colorCount))) : 0
        let a = (attr: pm_attr(s.bold ? 1 : 0, s.dim ? 1 : 0, s.reverse ? 1 : 0, s.underline ? 1 : 0), pair: pair)
        attrCache[s] = a
        return a
    }
}
