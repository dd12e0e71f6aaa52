import Frame

/// Where each marker lands on screen. Drawing and hit testing both use this
/// one layout, so a click finds exactly what was drawn.
struct PlacedMarker {
    var marker: MapMarker
    /// Glyph text and its first cell (absolute) and width in cells.
    var glyph: String
    var col: Int
    var row: Int
    var width: Int
    /// The selected marker's title (already truncated, with the space that
    /// separates it from the glyph), where it starts and its width in cells;
    /// nil when there is no title or no room.
    var label: String?
    var labelCol: Int
    var labelWidth: Int
    /// The cell the marker's position falls in (a count may start left of it).
    var ownCol: Int = 0
    /// Drawn as a density shade (no room for its count).
    var shaded = false

    func covers(col c: Int, row r: Int) -> Bool {
        guard r == row else { return false }
        if c >= col && c < col + width { return true }
        return label != nil && c >= labelCol && c < labelCol + labelWidth
    }
}

enum MarkerLayout {
    /// Longest title shown, in cells, when the pane is wide enough.
    static let maxLabelWidth = 32

    /// Markers inside `pane`, in drawing order: unselected first (input
    /// order), selected last so they are drawn on top. A glyph wider than one
    /// cell (a count) is shifted left to stay inside the pane.
    static func place(_ markers: [MapMarker], viewport: Viewport, pane: Rect, ascii: Bool) -> [PlacedMarker] {
        guard !pane.isEmpty else { return [] }
        var placed: [PlacedMarker] = []
        placed.reserveCapacity(markers.count + 1)
        var selected: [PlacedMarker] = []
        for m in markers {
            guard m.latitude.isFinite, m.longitude.isFinite, m.latitude >= -90, m.latitude <= 90 else { continue }
            let pos = viewport.cell(for: m.point, pane: pane)
            let fc = pos.col.rounded(.down), fr = pos.row.rounded(.down)
            guard fc >= Double(pane.x), fc < Double(pane.maxX), fr >= Double(pane.y), fr < Double(pane.maxY) else {
                continue
            }
            let glyph = MapTheme.glyph(m, ascii: ascii)
            // Counts are ASCII digits; pin glyphs are one cell wide.
            let width = m.count > 1 ? glyph.utf8.count : 1
            let col = max(pane.x, min(Int(fc), pane.maxX - width))
            var p = PlacedMarker(marker: m, glyph: glyph, col: col, row: Int(fr), width: width,
                                 label: nil, labelCol: 0, labelWidth: 0, ownCol: Int(fc))
            if m.selected {
                placeLabel(&p, pane: pane, ascii: ascii)
                selected.append(p)
            } else {
                placed.append(p)
            }
        }
        separateCounts(&placed, pane: pane, ascii: ascii)
        placed.append(contentsOf: selected)
        return placed
    }

    /// A cluster's count needs a free cell on each side: next to another
    /// marker, digits would run together ("93149911" reads as one number).
    /// Such a cluster is drawn at its own cell as a density shade instead:
    /// a braille cell filled with more dots the more pins it holds (ASCII
    /// `:` `*` `%` `@`), so a crowded region reads as a gradient rather than
    /// a row of identical glyphs; a click on it still zooms in.
    /// One pass over a per-cell count of the pane (markers are inside it),
    /// changing the crowded markers in place.
    static func separateCounts(_ out: inout [PlacedMarker], pane: Rect, ascii: Bool) {
        var occupied = [UInt8](repeating: 0, count: max(0, pane.width * pane.height))
        func index(_ col: Int, _ row: Int) -> Int? {
            guard col >= pane.x, col < pane.maxX, row >= pane.y, row < pane.maxY else { return nil }
            return (row - pane.y) * pane.width + col - pane.x
        }
        for p in out { if let i = index(p.ownCol, p.row), occupied[i] < 255 { occupied[i] += 1 } }
        for k in out.indices {
            let p = out[k]
            guard p.width > 1 || p.marker.count > 1 else { continue }
            var crowded = false
            for c in (p.col - 1)...(p.col + p.width) {
                let n = index(c, p.row).map { Int(occupied[$0]) } ?? 0
                if n > (c == p.ownCol ? 1 : 0) { crowded = true; break }
            }
            guard crowded else { continue }
            out[k].glyph = DensityShade.glyph(count: p.marker.count, ascii: ascii)
            out[k].col = p.ownCol
            out[k].width = 1
            out[k].shaded = true
        }
    }


    /// Puts the title right of the glyph after one space, or left of it when
    /// fewer than 6 cells remain on the right; truncated by display width.
    /// The separating space is part of the label so nothing shows between.
    private static func placeLabel(_ p: inout PlacedMarker, pane: Rect, ascii: Bool) {
        let title = SafeText.sanitize(p.marker.title, ascii: ascii)
        guard !title.isEmpty else { return }
        let right = pane.maxX - (p.col + p.width + 1)
        let left = p.col - 1 - pane.x
        let useLeft = right < min(6, DisplayWidth.of(title)) && left > right
        let room = min(maxLabelWidth, useLeft ? left : right)
        guard room > 0 else { return }
        let text = DisplayWidth.truncate(title, to: room, ascii: ascii)
        let w = DisplayWidth.of(text)
        guard w > 0 else { return }
        p.label = useLeft ? text + " " : " " + text
        p.labelWidth = w + 1
        p.labelCol = useLeft ? p.col - 1 - w : p.col + p.width
    }
}
