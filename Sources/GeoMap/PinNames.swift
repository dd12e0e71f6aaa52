import Frame

/// A pin's name on the map, beside its marker: its slot in the layout
/// (`MarkerLayout.Laid.slots`), the text (sanitised, truncated) and its first
/// cell (absolute) and width in cells.
struct PlacedPinName {
    var slot: Int
    var text: String
    var col: Int, row: Int, width: Int
    /// The cell between the marker and the name, drawn blank.
    var gap: Int

    /// Whether the name or its gap covers the cell.
    func covers(col c: Int, row r: Int) -> Bool { r == row && (c >= col && c < col + width || c == gap) }
}

/// Names pins beside their markers wherever there is room: right of the
/// marker after one space, else left of it, on cells no pin, count, density
/// shade, title or other name takes, with a blank cell between a name and
/// anything else. Pins are named before place names (which then avoid them)
/// and by id, lowest first, so a pin keeps its name while the map pans.
/// A lone, unselected pin is named when its marker carries a title (the
/// runtime reads titles only for `candidates`); the selected pin's title is
/// `MarkerLayout`'s.
enum PinNames {
    /// Longest name, in cells (longer ones end in `…`).
    static let maxWidth = 24
    /// Shortest cut name worth showing, in cells (a shorter whole title is shown whole).
    static let minWidth = 6

    /// Indices of the lone, unselected markers with room beside them for a name of
    /// `minWidth` cells (or fewer on the pane's edge), lowest id first: the pins whose
    /// titles are worth reading. Uses the layout `MapRenderer.draw` uses.
    static func candidates(_ markers: [MapMarker], viewport: Viewport, pane: Rect) -> [Int] {
        let laid = MarkerLayout.layout(markers, viewport: viewport, pane: pane, ascii: false)
        var occupancy = Occupancy(pane: pane)
        occupancy.mark(laid.slots)
        var out: [Int] = []
        for s in laid.slots where s.count <= 1 && !s.selected && !s.shaded {
            if room(s, side: .right, occupancy, upTo: minWidth) >= minWidth
                || room(s, side: .left, occupancy, upTo: minWidth) >= minWidth {
                out.append(s.index)
            }
        }
        return out.sorted { markers[$0].id < markers[$1].id }
    }

    enum Side { case right, left }

    /// Places the names of the titled lone markers of `laid`, lowest id first, and takes
    /// their cells (with a cell of margin either side) in `occupancy`.
    static func place(_ laid: MarkerLayout.Laid, markers: [MapMarker], ascii: Bool,
                      occupancy: inout Occupancy) -> [PlacedPinName] {
        var order: [Int] = []
        for (k, s) in laid.slots.enumerated() where s.count <= 1 && !s.selected && !s.shaded
            && !markers[s.index].title.isEmpty { order.append(k) }
        guard !order.isEmpty else { return [] }
        order.sort { markers[laid.slots[$0].index].id < markers[laid.slots[$1].index].id }
        var placed: [PlacedPinName] = []
        for k in order {
            let s = laid.slots[k]
            guard let name = name(for: s, title: markers[s.index].title, ascii: ascii, occupancy) else { continue }
            occupancy.take(col: name.col - 1, row: s.row, width: name.width + 2)
            let gap = name.col > s.col ? name.col - 1 : name.col + name.width
            placed.append(PlacedPinName(slot: k, text: name.text, col: name.col, row: s.row, width: name.width, gap: gap))
        }
        return placed
    }

    /// The name of slot `s` on the first side that holds the whole title (right, then
    /// left), else cut to the side with more room, when that holds `minWidth` cells.
    private static func name(for s: MarkerSlot, title raw: String, ascii: Bool,
                             _ occupancy: Occupancy) -> (text: String, col: Int, width: Int)? {
        let title = SafeText.sanitize(raw, ascii: ascii)
        let full = DisplayWidth.of(title)
        guard full > 0 else { return nil }
        let want = min(full, maxWidth)
        let right = room(s, side: .right, occupancy), left = room(s, side: .left, occupancy)
        let side: Side = right >= want || right >= left ? .right : .left
        let cells = min(want, side == .right ? right : left)
        guard cells >= min(want, minWidth) else { return nil }
        let text = DisplayWidth.truncate(title, to: cells, ascii: ascii)
        let w = DisplayWidth.of(text)
        guard w > 0 else { return nil }
        return (text, side == .right ? s.col + s.width + 1 : s.col - 1 - w, w)
    }

    /// Free cells (no marker, shade, name or margin) in a run from the cell after the
    /// gap beside the marker, outwards, up to `limit`.
    static func room(_ s: MarkerSlot, side: Side, _ occupancy: Occupancy, upTo limit: Int = maxWidth) -> Int {
        var n = 0
        var c = side == .right ? s.col + s.width + 1 : s.col - 2
        while n < limit, occupancy.isEmpty(col: c, row: s.row) {
            n += 1
            c += side == .right ? 1 : -1
        }
        return n
    }
}
