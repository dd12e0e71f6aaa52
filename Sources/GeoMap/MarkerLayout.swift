import Frame

/// Where a marker lands on screen, as plain values: no text, so laying out
/// and drawing the thousands of markers of a crowded frame copies no strings
/// (each `String` copy is a reference-count call). Drawing uses these; hit
/// testing and tests read `PlacedMarker`, made from them (`MarkerLayout.place`).
struct MarkerSlot {
    /// Index of the marker in the laid-out array.
    var index: Int
    /// First cell (absolute) and width in cells of the glyph.
    var col: Int
    var row: Int
    var width: Int
    /// The cell the marker's position falls in (a count may start left of it).
    var ownCol: Int
    /// Drawn as a density shade (no room for its count).
    var shaded = false
    /// The selected marker's title: index into `MarkerLayout.Laid.labels`
    /// (-1: none), where it starts and its width in cells.
    var labelIndex = -1
    var labelCol = 0
    var labelWidth = 0

    func covers(col c: Int, row r: Int) -> Bool {
        guard r == row else { return false }
        if c >= col && c < col + width { return true }
        return labelIndex >= 0 && c >= labelCol && c < labelCol + labelWidth
    }
}

/// Where each marker lands on screen, with its glyph and title text. Drawing
/// and hit testing both use one layout (`MarkerLayout.layout`), so a click
/// finds exactly what was drawn.
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

    /// A layout: slots in drawing order and the titles they show.
    struct Laid {
        var slots: [MarkerSlot]
        var labels: [String]
    }

    /// Markers inside `pane`, in drawing order: unselected first (input
    /// order), selected last so they are drawn on top. A glyph wider than one
    /// cell (a count) is shifted left to stay inside the pane.
    static func place(_ markers: [MapMarker], viewport: Viewport, pane: Rect, ascii: Bool) -> [PlacedMarker] {
        let laid = layout(markers, viewport: viewport, pane: pane, ascii: ascii)
        return laid.slots.map { s in
            PlacedMarker(marker: markers[s.index], glyph: glyph(markers[s.index], s, ascii: ascii),
                         col: s.col, row: s.row, width: s.width,
                         label: s.labelIndex >= 0 ? laid.labels[s.labelIndex] : nil,
                         labelCol: s.labelCol, labelWidth: s.labelWidth, ownCol: s.ownCol, shaded: s.shaded)
        }
    }

    /// `place` as plain slots (the drawing path).
    static func layout(_ markers: [MapMarker], viewport: Viewport, pane: Rect, ascii: Bool) -> Laid {
        guard !pane.isEmpty else { return Laid(slots: [], labels: []) }
        var slots: [MarkerSlot] = []
        slots.reserveCapacity(markers.count + 1)
        var selected: [MarkerSlot] = []
        var labels: [String] = []
        for i in markers.indices {
            let lat = markers[i].latitude, lon = markers[i].longitude
            guard lat.isFinite, lon.isFinite, lat >= -90, lat <= 90 else { continue }
            let pos = viewport.cell(for: GeoPoint(latitude: lat, longitude: lon), pane: pane)
            // The pane's edges are whole numbers: `pos.col >= x` is `floor(pos.col) >= x`,
            // and inside the pane truncating `pos.col - x` (exact, not negative) is the
            // floor, without a libm call per marker.
            let left = Double(pane.x), top = Double(pane.y)
            guard pos.col >= left, pos.col < Double(pane.maxX), pos.row >= top, pos.row < Double(pane.maxY) else {
                continue
            }
            let fc = pane.x + Int(pos.col - left), fr = pane.y + Int(pos.row - top)
            let width = glyphWidth(count: markers[i].count)
            let col = max(pane.x, min(fc, pane.maxX - width))
            var s = MarkerSlot(index: i, col: col, row: fr, width: width, ownCol: fc)
            if markers[i].selected {
                if let l = label(markers[i].title, col: s.col, width: s.width, pane: pane, ascii: ascii) {
                    s.labelIndex = labels.count
                    s.labelCol = l.col
                    s.labelWidth = l.width
                    labels.append(l.text)
                }
                selected.append(s)
            } else {
                slots.append(s)
            }
        }
        separateCounts(&slots, counts: markers, pane: pane)
        slots.append(contentsOf: selected)
        return Laid(slots: slots, labels: labels)
    }

    /// Cells a marker's glyph takes (`MapTheme.glyph`'s width): counts are
    /// ASCII digits (`7`, `42`, `99+`); pin glyphs are one cell wide.
    static func glyphWidth(count: Int) -> Int {
        count > 99 ? 3 : count > 9 ? 2 : 1
    }

    /// The text drawn for a slot: its density shade, or `MapTheme.glyph`.
    static func glyph(_ m: MapMarker, _ s: MarkerSlot, ascii: Bool) -> String {
        s.shaded ? DensityShade.glyph(count: m.count, ascii: ascii) : MapTheme.glyph(m, ascii: ascii)
    }

    /// A cluster's count needs a free cell on each side: next to another
    /// marker, digits would run together ("93149911" reads as one number).
    /// Such a cluster is drawn at its own cell as a density shade instead:
    /// a braille cell filled with more dots the more pins it holds (ASCII
    /// `:` `*` `%` `@`), so a crowded region reads as a gradient rather than
    /// a row of identical glyphs; a click on it still zooms in.
    /// One pass over a per-cell count of the pane (markers are inside it),
    /// changing the crowded markers in place.
    static func separateCounts(_ out: inout [MarkerSlot], counts markers: [MapMarker], pane: Rect) {
        var occupied = [UInt8](repeating: 0, count: max(0, pane.width * pane.height))
        func index(_ col: Int, _ row: Int) -> Int? {
            guard col >= pane.x, col < pane.maxX, row >= pane.y, row < pane.maxY else { return nil }
            return (row - pane.y) * pane.width + col - pane.x
        }
        for p in out { if let i = index(p.ownCol, p.row), occupied[i] < 255 { occupied[i] += 1 } }
        for k in out.indices {
            let p = out[k]
            guard p.width > 1 || markers[p.index].count > 1 else { continue }
            var crowded = false
            for c in (p.col - 1)...(p.col + p.width) {
                let n = index(c, p.row).map { Int(occupied[$0]) } ?? 0
                if n > (c == p.ownCol ? 1 : 0) { crowded = true; break }
            }
            guard crowded else { continue }
            out[k].col = p.ownCol
            out[k].width = 1
            out[k].shaded = true
        }
    }

    /// Puts the title right of the glyph after one space, or left of it when
    /// fewer than 6 cells remain on the right; truncated by display width.
    /// The separating space is part of the label so nothing shows between.
    private static func label(_ rawTitle: String, col: Int, width: Int, pane: Rect,
                              ascii: Bool) -> (text: String, col: Int, width: Int)? {
        let title = SafeText.sanitize(rawTitle, ascii: ascii)
        guard !title.isEmpty else { return nil }
        let right = pane.maxX - (col + width + 1)
        let left = col - 1 - pane.x
        let useLeft = right < min(6, DisplayWidth.of(title)) && left > right
        let room = min(maxLabelWidth, useLeft ? left : right)
        guard room > 0 else { return nil }
        let text = DisplayWidth.truncate(title, to: room, ascii: ascii)
        let w = DisplayWidth.of(text)
        guard w > 0 else { return nil }
        return (useLeft ? text + " " : " " + text, useLeft ? col - 1 - w : col + width, w + 1)
    }
}
