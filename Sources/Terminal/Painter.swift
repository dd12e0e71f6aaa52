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
            let whole = full || last.map { Self.repaintsWhole(row: row, old: $0, new: screen) } ?? true
            for col in 0..<screen.width {
                let cell = screen[col, row]
                if !whole, let last, last[col, row] == cell { continue }
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

    /// Whether `row` is sent whole: it changed and holds a wide character in the frame shown
    /// or the new one. The terminal writes a wide character over two columns and blanks the
    /// other half of one it overwrites, so a cell that did not change beside one that did
    /// (the `?` help's left border beside a Korean place name on the map) would be lost.
    static func repaintsWhole(row: Int, old: Screen, new: Screen) -> Bool {
        var changed = false, wide = false
        for col in 0..<new.width {
            let a = old[col, row], b = new[col, row]
            if a != b { changed = true }
            if a.isContinuation || b.isContinuation { wide = true }
            if changed && wide { return true }
        }
        return false
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
