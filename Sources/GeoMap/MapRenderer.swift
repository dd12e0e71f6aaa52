import Frame

/// Draws the map pane: Natural Earth coastlines and land borders as braille
/// (or ASCII) line art, a dotted graticule with degree labels, and markers.
public enum MapRenderer {
    /// Draws into `pane` of `screen` (cells outside the screen are clipped):
    /// the pane is cleared, then coastlines, borders, graticule, graticule
    /// labels and `markers` (drawn as given; cluster them first with
    /// `Clusterer`) are drawn in that order of precedence, markers on top and
    /// the selected marker with its title last.
    ///
    /// Uses the 1:110m data at world zooms, 1:50m once a column spans less
    /// than 1° of longitude (zoom ≥ 360 / pane width: 3.6 on 100 columns), and
    /// GSHHG shorelines, lake shores and rivers from city zoom on (`MapData.Detail`).
    /// Longitudes wrap: the world is drawn at −360°/0°/+360° as the view needs.
    ///
    /// With `options.placeNames`, country and city names are placed after
    /// the graticule labels, never over them, a pin, a count, a density shade or the
    /// selected marker's title (`LabelPlacer`); `previousLabels`
    /// (what the last frame returned) keeps them where they were; or, given
    /// `labels` (placed before by `placeLabels`), those are drawn as they are.
    /// Returns the labels drawn. Lone pins whose markers carry a title are named beside
    /// them where there is room (`PinTitles`), before any other name. No degree label, place
    /// name or pin's title is drawn on or next to `keepClear` (cells something is drawn over
    /// afterwards, such as a toast): a label is drawn whole or not at all (`keepsClear`).
    /// Pure: the same arguments draw the same cells.
    @discardableResult
    public static func draw(into screen: inout Screen, pane: Rect, viewport: Viewport,
                            markers: [MapMarker], options: MapOptions,
                            previousLabels: [PlacedLabel] = [], labels placed: [PlacedLabel]? = nil,
                            keepClear: Rect? = nil) -> [PlacedLabel] {
        guard !pane.isEmpty else { return [] }
        screen.fill(pane, with: .blank)
        let layers = rasterize(pane: pane, viewport: viewport, graticule: options.graticule)
        paint(layers, into: &screen, pane: pane, options: options)
        let laid = MarkerLayout.layout(markers, viewport: viewport, pane: pane, ascii: options.ascii)
        var (occupancy, titles) = occupy(laid, markers: markers, viewport: viewport, pane: pane, options: options,
                                        keepClear: keepClear, screen: &screen)
        var labels = placed ?? []
        if placed == nil, let language = options.placeNames {
            labels = LabelPlacer.place(viewport: viewport, pane: pane, naming: PlaceNaming(language: language, ascii: options.ascii),
                                       occupancy: &occupancy, previous: previousLabels,
                                       pinTitles: PinTitleEcho.all(laid, titles: titles, markers: markers))
        }
        drawMarkers(laid, into: &screen, pane: pane, options: options)
        drawPinTitles(titles, laid, into: &screen, options: options, keepClear: keepClear)
        drawLabels(labels, into: &screen, options: options, keepClear: keepClear)
        if options.dimmed { screen.restyle(pane) { $0.dimmedForBackdrop } }
        return labels
    }

    /// The place names `draw` places for this view, around the same markers, pins' titles
    /// and graticule labels, keeping `previous` where they still fit: for a caller that keeps
    /// them between frames (`scene` keeps the rest of the layout too).
    public static func placeLabels(pane: Rect, viewport: Viewport, markers: [MapMarker], options: MapOptions,
                                   previous: [PlacedLabel]) -> [PlacedLabel] {
        guard !pane.isEmpty, options.placeNames != nil else { return [] }
        return scene(pane: pane, viewport: viewport, markers: markers, options: options, previous: previous).labels
    }

    /// The cells place names may not cover: the markers' slots, the pins' titles (placed here,
    /// first) and (drawn into `screen`) the graticule's labels.
    static func occupy(_ laid: MarkerLayout.Laid, markers: [MapMarker], viewport: Viewport, pane: Rect,
                       options: MapOptions, keepClear: Rect? = nil, keptTitleSides: [Int64: PinTitles.Side] = [:],
                       screen: inout Screen) -> (Occupancy, [PlacedPinTitle]) {
        var occupancy = Occupancy(pane: pane)
        occupancy.mark(laid.slots)
        // Pins' titles come first: graticule and place names then keep off them.
        let titles = PinTitles.place(laid, markers: markers, ascii: options.ascii,
                                   focus: PinTitles.focusCell(options.focus, viewport: viewport, pane: pane),
                                   kept: keptTitleSides, occupancy: &occupancy)
        if options.graticule {
            let drawn = drawGraticuleLabels(laid, titles: titles, viewport: viewport, pane: pane, options: options,
                                            keepClear: keepClear, screen: &screen)
            for d in drawn { occupancy.take(col: d.col, row: d.row, width: d.width + 1) }
        }
        return (occupancy, titles)
    }

    /// Draws the graticule's degree labels where no marker, pin's title or `keepClear` is;
    /// returns where.
    static func drawGraticuleLabels(_ laid: MarkerLayout.Laid, titles: [PlacedPinTitle], viewport: Viewport, pane: Rect,
                                    options: MapOptions, keepClear: Rect? = nil,
                                    screen: inout Screen) -> [(col: Int, row: Int, width: Int)] {
        // Labels live in the top row and the left columns: only markers and titles there can block them.
        let edge = laid.slots.filter { $0.row == pane.y || $0.col < pane.x + 12 }
        let edgeTitles = titles.filter { $0.row == pane.y || $0.col < pane.x + 12 }
        let proj = DotProjection(viewport: viewport, pane: pane)
        let step = Graticule.step(degreesPerColumn: viewport.degreesPerColumn(paneWidth: pane.width))
        return Graticule.drawLabels(proj, step: step, screen: &screen, pane: pane,
                                    style: MapTheme.label(options),
                                    blocked: { c, r in keepClear?.contains(col: c, row: r) == true
                                        || edge.contains { $0.covers(col: c, row: r) }
                                        || edgeTitles.contains { $0.covers(col: c, row: r) } })
    }

    /// Pins' titles (`PinTitles`) in their category's colour, plain (bold is the markers'),
    /// with a blank cell between marker and title (no map line there).
    static func drawPinTitles(_ titles: [PlacedPinTitle], _ laid: MarkerLayout.Laid, into screen: inout Screen,
                             options: MapOptions, keepClear: Rect? = nil) {
        for n in titles where keepsClear(keepClear, [(min(n.gap, n.col), n.row, n.width + 1)]) {
            screen[n.gap, n.row] = .blank
            screen.put(n.text, col: n.col, row: n.row,
                       style: MapTheme.style(.pinTitle(laid.slots[n.slot].paletteIndex), color: options.color))
        }
    }

    /// Place names and cities' points.
    static func drawLabels(_ labels: [PlacedLabel], into screen: inout Screen, options: MapOptions, keepClear: Rect? = nil) {
        for l in labels where keepsClear(keepClear, l.reserved()) {
            var isCountry = false
            if case .country = l.key { isCountry = true }
            if let p = l.point {
                screen.put(options.ascii ? "+" : "·", col: p.col, row: p.row, style: MapTheme.style(.cityPoint, color: options.color))
            }
            screen.put(l.text, col: l.col, row: l.row,
                       style: MapTheme.style(isCountry ? .countryLabel : .cityLabel, color: options.color))
        }
    }

    /// True when none of `spans` (cells on one row each), nor the cell either side of one,
    /// is in `keepClear`: what is drawn over the map afterwards (a toast) would cut a name
    /// it half covers, leaving a fragment ("· G" of "· Goyang-si") beside it.
    static func keepsClear(_ keepClear: Rect?, _ spans: [(col: Int, row: Int, width: Int)]) -> Bool {
        guard let k = keepClear else { return true }
        return !spans.contains { s in
            s.row >= k.y && s.row < k.maxY && s.col - 1 < k.maxX && s.col + s.width + 1 > k.x
        }
    }

    /// Whether pin `id` is drawn named with `markers` in this view, as `draw` lays them out:
    /// selected (with its title), or a lone pin with its name beside it (`PinTitles`). False
    /// when it shares a count with other pins or has no room for its name.
    public static func namesPin(_ id: Int64, markers: [MapMarker], viewport: Viewport, pane: Rect,
                                options: MapOptions) -> Bool {
        if markers.contains(where: { $0.id == id && $0.selected && $0.count == 1 }) { return true }
        let laid = MarkerLayout.layout(markers, viewport: viewport, pane: pane, ascii: options.ascii)
        var occupancy = Occupancy(pane: pane)
        occupancy.mark(laid.slots)
        let names = PinTitles.place(laid, markers: markers, ascii: options.ascii,
                                   focus: PinTitles.focusCell(options.focus, viewport: viewport, pane: pane),
                                   occupancy: &occupancy)
        return names.contains { n in
            let marker = markers[laid.slots[n.slot].index]
            return marker.id == id && marker.count == 1
        }
    }

    /// The marker drawn at cell (`atCol`, `row`) (absolute cells), nil when
    /// none is. Covers a cluster's whole count, the selected marker's
    /// title and a pin's title (`PinTitles`); where markers overlap, the one drawn on top wins. Uses the same
    /// layout as `draw`, with braille glyph widths.
    public static func marker(atCol col: Int, row: Int, pane: Rect, viewport: Viewport,
                              markers: [MapMarker], focus: GeoPoint? = nil) -> MapMarker? {
        guard pane.contains(col: col, row: row) else { return nil }
        let placed = MarkerLayout.place(markers, viewport: viewport, pane: pane, ascii: false, focus: focus)
        return placed.last { $0.covers(col: col, row: row) }?.marker
    }

    /// Indices into `markers` of the lone, unselected pins with room beside them for a
    /// name, nearest `focus` (`MapOptions.focus`) first: the pins whose titles the caller
    /// should put in their markers (at most as many as it can read for a frame) for
    /// `draw` to name them.
    public static func nameCandidates(_ markers: [MapMarker], viewport: Viewport, pane: Rect,
                                      focus: GeoPoint? = nil) -> [Int] {
        PinTitles.candidates(markers, viewport: viewport, pane: pane, focus: focus)
    }

    /// What the glyph at a cell means, for the status line (worded there, in the UI's language).
    public struct Legend: Sendable, Equatable {
        /// The glyph drawn (`●`, a density shade such as `◑`, or a count's digits).
        public var glyph: String
        /// Pins it stands for.
        public var count: Int
        /// A lone pin's title (sanitised), else "".
        public var title: String
        /// Whether it is a density shade (fuller, more pins).
        public var shaded: Bool
    }

    /// What the glyph at cell (`col`, `row`) stands for; nil where no marker is.
    public static func legend(atCol col: Int, row: Int, pane: Rect, viewport: Viewport,
                              markers: [MapMarker], ascii: Bool, focus: GeoPoint? = nil) -> Legend? {
        guard pane.contains(col: col, row: row) else { return nil }
        let placed = MarkerLayout.place(markers, viewport: viewport, pane: pane, ascii: ascii, focus: focus)
        guard let p = placed.last(where: { $0.covers(col: col, row: row) }) else { return nil }
        return Legend(glyph: p.glyph, count: p.marker.count,
                      title: p.marker.count <= 1 ? SafeText.sanitize(p.marker.title, ascii: ascii) : "", shaded: p.shaded)
    }

    // MARK: Layers

    struct Layers {
        var coast: DotCanvas
        var borders: DotCanvas
        var lakes: DotCanvas
        var rivers: DotCanvas
        var grid: DotCanvas
        var graticuleStep: Double
    }

    static func rasterize(pane: Rect, viewport: Viewport, graticule: Bool) -> Layers {
        let proj = DotProjection(viewport: viewport, pane: pane)
        let detail = MapData.detail(for: viewport, paneWidth: pane.width)
        let canvas = DotCanvas(columns: pane.width, rows: pane.height)
        var layers = Layers(coast: canvas, borders: canvas, lakes: canvas, rivers: canvas, grid: canvas,
                            graticuleStep: Graticule.step(degreesPerColumn: viewport.degreesPerColumn(paneWidth: pane.width)))
        let lines = MapData.lines(detail, south: proj.south, west: proj.west, north: proj.north, east: proj.east)
        for set in lines.coast { proj.draw(set, into: &layers.coast) }
        for set in lines.borders { proj.draw(set, into: &layers.borders) }
        for set in lines.lakes { proj.draw(set, into: &layers.lakes) }
        for set in lines.rivers { proj.draw(set, into: &layers.rivers) }
        if graticule { Graticule.draw(proj, step: layers.graticuleStep, into: &layers.grid) }
        if proj.east - proj.west > 360 {
            // Below zoom 1 (a fit above a tall sheet) the world is drawn once, in the middle.
            let c = viewport.center.longitude
            let keep = Int((proj.x(lon: c - 180) / 2).rounded())..<Int((proj.x(lon: c + 180) / 2).rounded())
            layers.coast.clearColumns(outside: keep)
            layers.borders.clearColumns(outside: keep)
            layers.lakes.clearColumns(outside: keep)
            layers.rivers.clearColumns(outside: keep)
            layers.grid.clearColumns(outside: keep)
        }
        return layers
    }

    /// One character per cell: coast, lake, border and river dots merge into
    /// one glyph, styled by the first of them present in that order; grid dots
    /// show only in cells without map lines so they never blur a coastline.
    static func paint(_ layers: Layers, into screen: inout Screen, pane: Rect, options: MapOptions) {
        let coastStyle = MapTheme.coast(options), borderStyle = MapTheme.border(options)
        let lakeStyle = MapTheme.lake(options), riverStyle = MapTheme.river(options)
        let gridStyle = MapTheme.graticule(options)
        for r in 0..<pane.height {
            let row = pane.y + r
            guard row >= 0, row < screen.height else { continue }
            for c in 0..<pane.width {
                let coast = layers.coast.mask(col: c, row: r), border = layers.borders.mask(col: c, row: r)
                let lake = layers.lakes.mask(col: c, row: r), river = layers.rivers.mask(col: c, row: r)
                let mask: UInt8, style: Style
                if coast | border | lake | river != 0 {
                    mask = coast | border | lake | river
                    style = coast != 0 ? coastStyle : lake != 0 ? lakeStyle : border != 0 ? borderStyle : riverStyle
                } else {
                    mask = layers.grid.mask(col: c, row: r)
                    style = gridStyle
                }
                guard mask != 0 else { continue }
                let text = options.ascii ? asciiText(mask, isGrid: coast | border | lake | river == 0) : CellGlyphs.braille[Int(mask)]
                screen[pane.x + c, row] = Cell(text, style)
            }
        }
    }

    /// ASCII for a cell: line shapes for map lines, `.` for grid dots.
    private static func asciiText(_ mask: UInt8, isGrid: Bool) -> String {
        isGrid ? "." : String(CellGlyphs.ascii(mask))
    }

    // MARK: Markers

    /// Reads what the slots carry of their markers (`MarkerSlot`), not the markers. Glyphs
    /// go straight into the screen's cells (`Screen.withWriter`); a title, with `put`,
    /// right after its marker's glyph, so what is drawn later still covers it.
    static func drawMarkers(_ laid: MarkerLayout.Laid, into screen: inout Screen, pane: Rect,
                            options: MapOptions) {
        let glyphs = MarkerGlyphs(options)
        var next = 0
        laid.slots.withUnsafeBufferPointer { slots in
            while next < slots.count {
                let titled = screen.withWriter { writer -> MarkerSlot? in
                    while next < slots.count {
                        let p = slots[next]
                        next += 1
                        glyphs.draw(p, into: &writer, pane: pane)
                        if p.labelIndex >= 0 { return p }
                    }
                    return nil
                }
                guard let p = titled else { break }
                var labelStyle = glyphs.styles.style(count: p.count, selected: p.selected, categoryIndex: p.paletteIndex)
                labelStyle.reverse = true
                screen.put(laid.labels[p.labelIndex], col: p.labelCol, row: p.row, style: labelStyle,
                           maxWidth: pane.maxX - p.labelCol)
            }
        }
    }
}

/// A frame's marker glyphs and styles, the tables read once (thousands of markers a frame).
struct MarkerGlyphs {
    let styles: MapTheme.MarkerStyles
    let ascii: Bool
    private let asciiText = MapTheme.asciiCellText
    /// The cell of an unselected lone pin, per palette entry (most markers of a street frame).
    private let pinCells: [Cell]

    init(_ options: MapOptions) {
        styles = MapTheme.MarkerStyles(options)
        ascii = options.ascii
        pinCells = MapTheme.palette.indices.map { [styles, ascii] in
            Cell(MapTheme.glyph(count: 1, selected: false, ascii: ascii), styles.style(count: 1, selected: false, categoryIndex: $0))
        }
    }

    /// Draws the glyph of slot `p`: its density shade, pin glyph or count (one ASCII
    /// cell per character).
    @inline(__always)
    func draw(_ p: MarkerSlot, into writer: inout Screen.Writer, pane: Rect) {
        let count = p.count, selected = p.selected
        if count <= 1, !selected, !p.shaded {
            if p.col < pane.maxX { writer.set(pinCells[p.paletteIndex], col: p.col, row: p.row) }
            return
        }
        let style = styles.style(count: count, selected: selected, categoryIndex: p.paletteIndex)
        // Fast path: a marker's glyph is one-cell characters, and only
        // one-cell map glyphs are under it (titles come later).
        if p.width == 1 {
            guard p.col < pane.maxX else { return }
            let glyph = p.shaded ? DensityShade.glyph(count: count, ascii: ascii)
                : MapTheme.glyph(count: count, selected: selected, ascii: ascii)
            writer.set(Cell(glyph, style), col: p.col, row: p.row)
            return
        }
        var x = p.col
        for b in MapTheme.glyph(count: count, selected: selected, ascii: ascii).utf8 where x < pane.maxX {
            writer.set(Cell(asciiText[Int(b & 0x7F)], style), col: x, row: p.row)
            x += 1
        }
    }
}
