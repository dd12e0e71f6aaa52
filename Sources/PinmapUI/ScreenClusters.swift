import Frame
import GeoMap
import PinStore

/// Sums pin cells (`Store.forEachPinCell`) into the map pane's screen cells:
/// one cluster per occupied screen cell, shown by its lowest-id pin, as
/// `Clusterer` does with pins. A pin cell lying inside one screen cell is
/// exact; one that straddles screen cells is refined into its children by the
/// caller while its budget lasts, else counted whole where its lowest-id pin
/// is (off by at most the cell's width, one screen column). Memory: one
/// entry per screen cell, whatever the number of pins.
struct ScreenClusters {
    struct Entry {
        var count: Int
        var rep: PinCell
    }

    let viewport: Viewport
    let pane: Rect
    /// Degrees of longitude per column and of latitude per row.
    let dpc: Double, dpr: Double
    private(set) var entries: [Entry?]
    /// Pins counted inside the pane.
    private(set) var inView = 0
    /// True when a straddling cell crossed the pane's edge, so `inView` may
    /// be off by the pins of that cell outside (or inside) the pane.
    private(set) var approximate = false

    init(viewport: Viewport, pane: Rect) {
        self.viewport = viewport
        self.pane = pane
        dpc = viewport.degreesPerColumn(paneWidth: pane.width)
        dpr = viewport.degreesPerRow(paneWidth: pane.width)
        entries = Array(repeating: nil, count: max(0, pane.width * pane.height))
    }

    /// The screen columns and rows (absolute, fractional) that `cell`'s box
    /// spans, measured from its representative on the world copy drawn.
    private func span(_ cell: PinCell) -> (c0: Double, c1: Double, r0: Double, r1: Double) {
        let pos = viewport.cell(for: GeoPoint(latitude: cell.repLatitude, longitude: cell.repLongitude), pane: pane)
        let b = cell.bounds
        return (pos.col - (cell.repLongitude - b.west) / dpc, pos.col + (b.east - cell.repLongitude) / dpc,
                pos.row - (b.north - cell.repLatitude) / dpr, pos.row + (cell.repLatitude - b.south) / dpr)
    }

    /// True when every pin of `cell` lands in the same screen cell (a lone
    /// pin always does).
    func fitsOneScreenCell(_ cell: PinCell) -> Bool {
        guard cell.count > 1 else { return true }
        let s = span(cell)
        return s.c0.rounded(.down) == (s.c1.rounded(.up) - 1) && s.r0.rounded(.down) == (s.r1.rounded(.up) - 1)
    }

    /// Counts `cell` in the screen cell of its representative (dropped when
    /// that is outside the pane). `exact` says whether all its pins are there.
    mutating func add(_ cell: PinCell, exact: Bool) {
        if !exact {
            let s = span(cell)
            let inside = s.c0 >= Double(pane.x) && s.c1 <= Double(pane.x + pane.width)
                && s.r0 >= Double(pane.y) && s.r1 <= Double(pane.y + pane.height)
            if !inside { approximate = true }
        }
        guard let i = index(latitude: cell.repLatitude, longitude: cell.repLongitude) else { return }
        inView += cell.count
        if var e = entries[i] {
            e.count += cell.count
            if cell.repID < e.rep.repID { e.rep = cell }
            entries[i] = e
        } else {
            entries[i] = Entry(count: cell.count, rep: cell)
        }
    }

    /// Takes one pin (the selected one, drawn on its own) out of its cell's
    /// marker; it still counts in `inView`.
    mutating func remove(latitude: Double, longitude: Double) {
        guard let i = index(latitude: latitude, longitude: longitude), var e = entries[i] else { return }
        e.count -= 1
        entries[i] = e.count > 0 ? e : nil
    }

    /// Row-major index of the screen cell holding a point, nil off the pane.
    private func index(latitude: Double, longitude: Double) -> Int? {
        let pos = viewport.cell(for: GeoPoint(latitude: latitude, longitude: longitude), pane: pane)
        let c = pos.col.rounded(.down) - Double(pane.x), r = pos.row.rounded(.down) - Double(pane.y)
        guard c >= 0, c < Double(pane.width), r >= 0, r < Double(pane.height) else { return nil }
        return Int(r) * pane.width + Int(c)
    }

    /// One marker per occupied screen cell, by row then column (as `Clusterer`).
    func markers(categoryIndex: (String) -> Int) -> [MapMarker] {
        entries.compactMap { e in
            guard let e else { return nil }
            return MapMarker(id: e.rep.repID, latitude: e.rep.repLatitude, longitude: e.rep.repLongitude,
                             count: e.count, categoryIndex: categoryIndex(e.rep.repCategory), title: "", selected: false)
        }
    }
}

/// What the map shows for a viewport, read from the store's pin cells.
struct MapCellView {
    var markers: [MapMarker]
    var inView: Int
    var approximate: Bool
    /// The level read and how many cells were refined (benchmark output).
    var level: Int
    var refined: Int

    /// Most straddling cells split per frame: each costs one indexed read
    /// (≈ 3 µs); sparse views finish within it and are exact.
    static let refineBudget = 300

    /// Reads the cells of the level whose cells are at most one screen
    /// column wide, sums them into screen cells, refines straddling cells
    /// within the budget, and leaves `selectedID`'s pin out (it is drawn on
    /// its own). - Throws: `StoreError` from SQLite.
    static func load(store: Store, viewport: Viewport, pane: Rect, categories: Set<String>?,
                     selected: Pin?, categoryIndex: (String) -> Int) throws(StoreError) -> MapCellView {
        var grid = ScreenClusters(viewport: viewport, pane: pane)
        let level = PinGrid.level(forCellWidth: grid.dpc)
        let boxes = viewport.boundingBoxes(pane: pane).map(\.latLonBox)
        var straddling: [PinCell] = []
        try store.forEachPinCell(level: level, boxes: boxes, categories: categories) { cell in
            if grid.fitsOneScreenCell(cell) { grid.add(cell, exact: true) } else { straddling.append(cell) }
        }
        var refined = 0
        if !straddling.isEmpty {
            let reader = try PinCellChildReader(store: store)
            while let cell = straddling.popLast() {
                guard refined < refineBudget, cell.level < PinGrid.maxLevel else {
                    grid.add(cell, exact: false)
                    continue
                }
                refined += 1
                for child in try reader.children(of: cell) {
                    if grid.fitsOneScreenCell(child) { grid.add(child, exact: true) } else { straddling.append(child) }
                }
            }
        }
        if let sel = selected, categories.map({ $0.contains(sel.category) }) ?? true {
            grid.remove(latitude: sel.latitude, longitude: sel.longitude)
        }
        return MapCellView(markers: grid.markers(categoryIndex: categoryIndex), inView: grid.inView,
                           approximate: grid.approximate, level: level, refined: refined)
    }
}
