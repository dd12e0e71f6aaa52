import Frame

/// Where a marker lands on screen, as plain values: no text, so laying out
/// and drawing the thousands of markers of a crowded frame copies no strings
/// (each `String` copy is a reference-count call). Drawing uses these; hit
/// testing and tests read `PlacedMarker`, made from them (`MarkerLayout.place`).
struct MarkerSlot {
    // Stored as 32-bit numbers (44 bytes, not 88): a crowded frame lays out ~7,000 slots
    // and reads them five times, so their size is memory traffic. Screen positions (a
    // terminal's cells) and marker indexes (one marker per screen cell) are far below 2^31.
    private var index32: Int32, col32: Int32, row32: Int32, width32: Int32, ownCol32: Int32
    private var labelIndex32: Int32 = -1, labelCol32: Int32 = 0, labelWidth32: Int32 = 0
    // What drawing needs of the marker, copied in: the markers (64 bytes each) are then
    // read once per frame, not three times (counts, glyphs, styles).
    private var count32: Int32, palette32: Int32

    /// Drawn as a density shade (no room for its count).
    var shaded = false
    /// The marker is selected (drawn highlighted, with its title).
    let selected: Bool

    init(index: Int, col: Int, row: Int, width: Int, ownCol: Int, of marker: MapMarker, paletteSize: Int) {
        index32 = Int32(truncatingIfNeeded: index); col32 = Int32(truncatingIfNeeded: col)
        row32 = Int32(truncatingIfNeeded: row); width32 = Int32(truncatingIfNeeded: width)
        ownCol32 = Int32(truncatingIfNeeded: ownCol)
        count32 = Int32(clamping: marker.count)
        palette32 = Int32(truncatingIfNeeded: MapTheme.paletteEntry(marker.categoryIndex, paletteSize: paletteSize))
        selected = marker.selected
    }

    /// Index of the marker in the laid-out array.
    var index: Int { Int(index32) }
    /// The marker's pin count, saturated at 2^31 - 1 (glyphs and styles are all alike from 10,000 on).
    var count: Int { Int(count32) }
    /// The marker's palette entry (`MapTheme.paletteEntry` of its category index: the same colour).
    var paletteIndex: Int { Int(palette32) }
    /// First cell (absolute) and width in cells of the glyph.
    var col: Int { get { Int(col32) } set { col32 = Int32(truncatingIfNeeded: newValue) } }
    var row: Int { Int(row32) }
    var width: Int { get { Int(width32) } set { width32 = Int32(truncatingIfNeeded: newValue) } }
    /// The cell the marker's position falls in (a count may start left of it).
    var ownCol: Int { Int(ownCol32) }
    /// The selected marker's title: index into `MarkerLayout.Laid.labels`
    /// (-1: none), where it starts and its width in cells.
    var labelIndex: Int { get { Int(labelIndex32) } set { labelIndex32 = Int32(truncatingIfNeeded: newValue) } }
    var labelCol: Int { get { Int(labelCol32) } set { labelCol32 = Int32(truncatingIfNeeded: newValue) } }
    var labelWidth: Int { get { Int(labelWidth32) } set { labelWidth32 = Int32(truncatingIfNeeded: newValue) } }

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
    /// A lone pin's title beside it (`PinTitles`), nil when it has none.
    var title: PlacedPinTitle?

    func covers(col c: Int, row r: Int) -> Bool {
        guard r == row else { return false }
        if c >= col && c < col + width { return true }
        if let title, title.covers(col: c, row: r) { return true }
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
    static func place(_ markers: [MapMarker], viewport: Viewport, pane: Rect, ascii: Bool,
                      focus: GeoPoint? = nil) -> [PlacedMarker] {
        let laid = layout(markers, viewport: viewport, pane: pane, ascii: ascii)
        var occupancy = Occupancy(pane: pane)
        occupancy.mark(laid.slots)
        var titles: [Int: PlacedPinTitle] = [:]
        let cell = PinTitles.focusCell(focus, viewport: viewport, pane: pane)
        for n in PinTitles.place(laid, markers: markers, ascii: ascii, focus: cell, occupancy: &occupancy) { titles[n.slot] = n }
        return laid.slots.enumerated().map { k, s in
            PlacedMarker(marker: markers[s.index], glyph: glyph(markers[s.index], s, ascii: ascii),
                         col: s.col, row: s.row, width: s.width,
                         label: s.labelIndex >= 0 ? laid.labels[s.labelIndex] : nil,
                         labelCol: s.labelCol, labelWidth: s.labelWidth, ownCol: s.ownCol, shaded: s.shaded,
                         title: titles[k])
        }
    }

    /// `place` as plain slots (the drawing path). Reads the markers and writes the slots
    /// through buffers: no bounds or uniqueness check per marker (~7,000 a street frame).
    static func layout(_ markers: [MapMarker], viewport: Viewport, pane: Rect, ascii: Bool) -> Laid {
        guard !pane.isEmpty else { return Laid(slots: [], labels: []) }
        var selected: [MarkerSlot] = []
        var labels: [String] = []
        // `viewport.cell(for:pane:)`'s arithmetic with its constants taken once (the
        // same operations in the same order, so the same positions).
        let dpc = viewport.degreesPerColumn(paneWidth: pane.width), dpr = 2 * dpc
        let centerCol = viewport.centerCol(pane), centerRow = viewport.centerRow(pane)
        let centerLat = viewport.center.latitude, centerLon = viewport.center.longitude
        // The pane's edges are whole numbers: `x >= left` is `floor(x) >= left`,
        // and inside the pane truncating `x - left` (exact, not negative) is the
        // floor, without a libm call per marker.
        let left = Double(pane.x), top = Double(pane.y), right = Double(pane.maxX), bottom = Double(pane.maxY)
        let paletteSize = MapTheme.palette.count
        // Markers per pane cell (unselected ones, saturating), for `separateCounts`.
        var occupied = [UInt8](repeating: 0, count: pane.width * pane.height)
        // Room for one selected marker more, appended after the others without growing.
        var slots = [MarkerSlot](unsafeUninitializedCapacity: markers.count + 1) { out, n in
            markers.withUnsafeBufferPointer { markers in
                occupied.withUnsafeMutableBufferPointer { occupied in
                    for i in markers.indices {
                        let lat = markers[i].latitude, lon = markers[i].longitude
                        guard lat.isFinite, lon.isFinite, lat >= -90, lat <= 90 else { continue }
                        let x = centerCol + Viewport.nearestDelta(lon - centerLon) / dpc
                        let y = centerRow - (lat - centerLat) / dpr
                        guard x >= left, x < right, y >= top, y < bottom else { continue }
                        let fc = pane.x + Int(x - left), fr = pane.y + Int(y - top)
                        let width = glyphWidth(count: markers[i].count)
                        let col = max(pane.x, min(fc, pane.maxX - width))
                        var s = MarkerSlot(index: i, col: col, row: fr, width: width, ownCol: fc, of: markers[i],
                                           paletteSize: paletteSize)
                        guard s.selected else {
                            (out.baseAddress! + n).initialize(to: s)
                            n += 1
                            let k = (fr - pane.y) * pane.width + fc - pane.x
                            if occupied[k] < 255 { occupied[k] += 1 }
                            continue
                        }
                        selected.append(s)
                    }
                }
            }
        }
        separateCounts(&slots, occupied: occupied, pane: pane)
        // The selected marker's title once the others are in place, to hide as few as it can.
        for var s in selected {
            underSelected(s, &slots)
            if let l = label(markers[s.index].title, of: s, among: slots, pane: pane, ascii: ascii) {
                s.labelIndex = labels.count
                s.labelCol = l.col
                s.labelWidth = l.width
                labels.append(l.text)
            }
            slots.append(s)
        }
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
    /// a circle filled more the more pins it holds (`DensityShade`: `◔` `◑` `◕`,
    /// ASCII `:` `*` `%` `@`), so a crowded region reads as a gradient of pins
    /// rather than a row of identical glyphs; a click on it still zooms in.
    /// One pass over `occupied`, the markers of `out` per cell of the pane (row-major,
    /// saturating at 255; counted by `layout` as it places them, all inside the pane),
    /// changing the crowded markers in place.
    static func separateCounts(_ out: inout [MarkerSlot], occupied: [UInt8], pane: Rect) {
        let width = pane.width
        occupied.withUnsafeBufferPointer { occupied in
            out.withUnsafeMutableBufferPointer { out in
                for k in out.indices {
                    let row = out[k].row, col = out[k].col, w = out[k].width, own = out[k].ownCol
                    guard w > 1 || out[k].count > 1, row >= pane.y, row < pane.maxY else { continue }
                    // The glyph's cells and one either side; cells off the pane hold nothing.
                    let base = (row - pane.y) * width - pane.x
                    var crowded = false
                    for c in max(col - 1, pane.x)..<max(max(col - 1, pane.x), min(col + w + 1, pane.maxX))
                    where occupied[base + c] > (c == own ? 1 : 0) {
                        crowded = true
                        break
                    }
                    guard crowded else { continue }
                    out[k].col = own
                    out[k].width = 1
                    out[k].shaded = true
                }
            }
        }
    }

    /// The markers in the selected marker's screen cell (the rest of its cluster) drawn in
    /// that cell alone, under its glyph: a count's other digits beside the `◉` would read as
    /// part of it ("◉9+"). Its title says how many pins they hold ("+N").
    private static func underSelected(_ s: MarkerSlot, _ slots: inout [MarkerSlot]) {
        for k in slots.indices where slots[k].row == s.row && slots[k].ownCol == s.ownCol && !slots[k].selected {
            slots[k].col = slots[k].ownCol
            slots[k].width = 1
            slots[k].shaded = slots[k].count > 1
        }
    }

    /// The selected marker's title beside it, drawn over what is there (the one name that
    /// may cover pins: the pin the user chose): right of the glyph after one space, or left
    /// of it when it does not fit whole on the right and the left has more room (one rule,
    /// so a title is cut only when neither side holds it); when both sides hold it whole,
    /// the side where it covers fewer markers. Truncated by display width; "+N" after it
    /// when N other pins share the selected pin's cell (their marker is under its glyph).
    /// The separating space is part of the label so nothing shows between.
    private static func label(_ rawTitle: String, of s: MarkerSlot, among slots: [MarkerSlot], pane: Rect,
                              ascii: Bool) -> (text: String, col: Int, width: Int)? {
        var taken = [Bool](repeating: false, count: pane.width)
        var hidden = 0
        for o in slots where o.row == s.row {
            if o.ownCol == s.ownCol { hidden += max(1, o.count) }
            for c in max(o.col, pane.x)..<max(max(o.col, pane.x), min(o.col + o.width, pane.maxX)) { taken[c - pane.x] = true }
        }
        let title = SafeText.sanitize(rawTitle, ascii: ascii)
        let more = hidden > 0 ? "+\(hidden)" : ""
        let full = DisplayWidth.of(title) + (more.isEmpty ? 0 : DisplayWidth.of(more) + (title.isEmpty ? 0 : 1))
        guard full > 0 else { return nil }
        let right = pane.maxX - (s.col + s.width + 1), left = s.col - 1 - pane.x
        let wanted = min(maxLabelWidth, full)
        /// Marker cells a label of `wanted` cells would cover, its space included.
        func covered(from c: Int) -> Int { (c..<(c + wanted + 1)).filter { $0 >= pane.x && $0 < pane.maxX && taken[$0 - pane.x] }.count }
        let useLeft = right >= wanted && left >= wanted
            ? covered(from: s.col - 1 - wanted) < covered(from: s.col + s.width)
            : right < wanted && left > right
        let room = min(maxLabelWidth, useLeft ? left : right)
        guard room > 0 else { return nil }
        let text: String
        if more.isEmpty {
            text = DisplayWidth.truncate(title, to: room, ascii: ascii)
        } else if !title.isEmpty, room - DisplayWidth.of(more) - 1 >= 2 {
            text = DisplayWidth.truncate(title, to: room - DisplayWidth.of(more) - 1, ascii: ascii) + " " + more
        } else {
            guard DisplayWidth.of(more) <= room else { return nil }
            text = more
        }
        let w = DisplayWidth.of(text)
        guard w > 0 else { return nil }
        return (useLeft ? text + " " : " " + text, useLeft ? s.col - 1 - w : s.col + s.width, w + 1)
    }
}
