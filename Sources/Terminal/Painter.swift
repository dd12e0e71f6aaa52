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
        var joined: [(row: Int, col: Int, text: String)] = []
        for row in 0..<screen.height {
            for col in 0..<screen.width {
                let cell = screen[col, row]
                if cell.isContinuation { continue }
                // A joined cluster (`DisplayWidth.isJoined`): a cchar_t cannot hold it (setcchar
                // stops at its second emoji), so ncurses draws the first emoji and the whole
                // cluster is written over it after the update, every frame (ncurses may
                // rewrite an unchanged cell while it updates its neighbours).
                let isJoined = cell.text.unicodeScalars.contains { $0.value == 0x200D }
                if isJoined { joined.append((row, col, cell.text)) }
                if !full, let last, last[col, row] == cell { continue }
                // The last gate before the terminal: a cell that bypassed `Screen.put` is not raw either.
                var text = cell.text.unicodeScalars.contains(where: SafeText.isUnsafe) ? SafeText.sanitize(cell.text) : cell.text
                if isJoined { text = String(text.unicodeScalars.prefix { $0.value != 0x200D }) }
                let a = attr(cell.style)
                pm_put(Int32(row), Int32(col), text, a.attr, a.pair)
            }
        }
        pm_refresh()
        for j in joined where !j.text.unicodeScalars.contains(where: SafeText.isUnsafe) {
            pm_put_cluster(Int32(j.row), Int32(j.col), j.text)
        }
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
