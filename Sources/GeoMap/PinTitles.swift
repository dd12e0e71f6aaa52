import Frame

/// A pin's title on the map, beside its marker: its slot in the layout
/// (`MarkerLayout.Laid.slots`), the text (sanitised, truncated) and its first
/// cell (absolute) and width in cells.
struct PlacedPinTitle {
    var slot: Int
    var text: String
    var col: Int, row: Int, width: Int
    /// The cell between the marker and the title, drawn blank.
    var gap: Int

    /// The side of its marker the title is on.
    var side: PinTitles.Side { gap == col - 1 ? .right : .left }

    /// Whether the title or its gap covers the cell.
    func covers(col c: Int, row r: Int) -> Bool { r == row && (c >= col && c < col + width || c == gap) }
}

/// Shows pins' titles beside their markers wherever there is room: right of the
/// marker after one space, else left of it, on cells no pin, count, density
/// shade, selected title or other pin's title takes, with a blank cell between a title and
/// anything else. Pins' titles are placed before place names (which then avoid them),
/// nearest the focus first (the centre of the map the sheet leaves visible: after
/// `g Tokyo`, the pin titled Tokyo), ties by id.
/// A lone, unselected pin shows its title when its marker carries one (the
/// runtime reads titles only for `candidates`); the selected pin's title is
/// `MarkerLayout`'s.
enum PinTitles {
    /// Longest title, in cells (longer ones end in `…`).
    static let maxWidth = 24
    /// Shortest cut title worth showing, in cells (a shorter whole title is shown whole):
    /// "Jan M…" says less than nothing.
    static let minWidth = 8

    /// Room, in cells, that makes a pin worth reading its title for (a short title fits
    /// whole in less than `minWidth`).
    static let candidateRoom = 4

    /// Indices of the lone, unselected markers with room beside them for a title of
    /// `candidateRoom` cells, nearest `focus` first (`place`'s order): the pins whose
    /// titles are worth reading. Uses the layout `MapRenderer.draw` uses.
    static func candidates(_ markers: [MapMarker], viewport: Viewport, pane: Rect, focus: GeoPoint?) -> [Int] {
        let laid = MarkerLayout.layout(markers, viewport: viewport, pane: pane, ascii: false)
        var occupancy = Occupancy(pane: pane)
        occupancy.mark(laid.slots)
        var out: [Int] = []
        for (k, s) in laid.slots.enumerated() where s.count <= 1 && !s.selected && !s.shaded {
            if room(s, side: .right, occupancy, upTo: candidateRoom) >= candidateRoom
                || room(s, side: .left, occupancy, upTo: candidateRoom) >= candidateRoom {
                out.append(k)
            }
        }
        return order(out, laid, markers, focus: focusCell(focus, viewport: viewport, pane: pane)).map { laid.slots[$0].index }
    }

    /// The cell (absolute, fractional) titles are ordered from: `focus`, else the pane's centre.
    static func focusCell(_ focus: GeoPoint?, viewport: Viewport, pane: Rect) -> (col: Double, row: Double) {
        guard let focus else { return (Double(pane.x) + Double(pane.width) / 2, Double(pane.y) + Double(pane.height) / 2) }
        return viewport.cell(for: focus, pane: pane)
    }

    /// Slots `ks` of `laid`, nearest `focus` first (a row counts as two columns: it spans
    /// twice the degrees), ties by marker id.
    static func order(_ ks: [Int], _ laid: MarkerLayout.Laid, _ markers: [MapMarker],
                      focus: (col: Double, row: Double)) -> [Int] {
        func distance(_ k: Int) -> Double {
            let dc = Double(laid.slots[k].ownCol) + 0.5 - focus.col, dr = Double(laid.slots[k].row) + 0.5 - focus.row
            return dc * dc + 4 * dr * dr
        }
        return ks.map { ($0, distance($0), markers[laid.slots[$0].index].id) }
            .sorted { ($0.1, $0.2) < ($1.1, $1.2) }.map(\.0)
    }

    enum Side { case right, left }

    /// Places the titles of the titled lone markers of `laid`, nearest `focus` (a cell,
    /// `focusCell`) first, and takes their cells (with a cell of margin either side) in
    /// `occupancy`. A title keeps the side `kept` gives for its pin (the last frame's) while
    /// it fits there whole, so panning by a step does not move it across its marker.
    static func place(_ laid: MarkerLayout.Laid, markers: [MapMarker], ascii: Bool, focus: (col: Double, row: Double),
                      kept: [Int64: Side] = [:], occupancy: inout Occupancy) -> [PlacedPinTitle] {
        var titled: [Int] = []
        for (k, s) in laid.slots.enumerated() where s.count <= 1 && !s.selected && !s.shaded
            && !markers[s.index].title.isEmpty { titled.append(k) }
        guard !titled.isEmpty else { return [] }
        var placed: [PlacedPinTitle] = []
        for k in order(titled, laid, markers, focus: focus) {
            let s = laid.slots[k]
            guard let fitted = fitted(for: s, title: markers[s.index].title, ascii: ascii, kept: kept[markers[s.index].id], occupancy)
            else { continue }
            occupancy.take(col: fitted.col - 1, row: s.row, width: fitted.width + 2)
            let gap = fitted.col > s.col ? fitted.col - 1 : fitted.col + fitted.width
            placed.append(PlacedPinTitle(slot: k, text: fitted.text, col: fitted.col, row: s.row, width: fitted.width, gap: gap))
        }
        return placed
    }

    /// Slot `s`'s title fitted on the first side that holds the whole title (`kept`, then
    /// right, then left), else cut to the side with more room, when that holds `minWidth` cells.
    private static func fitted(for s: MarkerSlot, title raw: String, ascii: Bool, kept: Side?,
                             _ occupancy: Occupancy) -> (text: String, col: Int, width: Int)? {
        let title = SafeText.sanitize(raw, ascii: ascii)
        let full = DisplayWidth.of(title)
        guard full > 0 else { return nil }
        let want = min(full, maxWidth)
        let right = room(s, side: .right, occupancy), left = room(s, side: .left, occupancy)
        let side: Side = kept.map { ($0 == .right ? right : left) >= want } == true ? kept!
            : right >= want || right >= left ? .right : .left
        let cells = min(want, side == .right ? right : left)
        guard cells >= min(want, minWidth) else { return nil }
        let text = DisplayWidth.truncate(title, to: cells, ascii: ascii)
        let w = DisplayWidth.of(text)
        guard w > 0 else { return nil }
        return (text, side == .right ? s.col + s.width + 1 : s.col - 1 - w, w)
    }

    /// Free cells (no marker, shade, title or margin) in a run from the cell after the
    /// gap beside the marker, outwards, up to `limit`.
    static func room(_ s: MarkerSlot, side: Side, _ occupancy: Occupancy, upTo limit: Int = maxWidth) -> Int {
        var n = 0
        var c = side == .right ? s.col + s.width + 1 : s.col - 2
        while n < limit, occupancy.isFree(col: c, row: s.row, width: 1) {
            n += 1
            c += side == .right ? 1 : -1
        }
        return n
    }
}
