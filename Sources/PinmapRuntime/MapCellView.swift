import Frame
import GeoMap
import PinmapCore
import PinModel

/// What the map shows for a viewport, read from the store's pin cells.
struct MapCellView {
    var markers: [MapMarker]
    var inView: Int
    var approximate: Bool
    /// The level read and how many cells were refined (benchmark output).
    var level: Int
    var refined: Int

    /// Most straddling cells split per frame: each costs one indexed read
    /// (≈ 3 µs). Sparse views finish within it and are exact; views with
    /// more straddling cells than this are not refined at all.
    static let refineBudget = 300

    /// Reads the cells of the level whose cells are at most one screen
    /// column wide, sums them into screen cells (`ScreenClusters`), refines straddling
    /// cells within the budget (`PinRepository.visitMapCells`), and leaves `selected`'s
    /// pin out (it is drawn on its own). - Throws: `StoreError` from the store.
    static func load(store: any PinRepository, viewport: Viewport, pane: Rect, categories: Set<String>?,
                     selected: Pin?, categoryIndex: (Int64) -> Int) throws(StoreError) -> MapCellView {
        var grid = ScreenClusters(viewport: viewport, pane: pane)
        let boxes = viewport.boundingBoxes(pane: pane)
        let visit = try store.visitMapCells(cellWidth: grid.dpc, boxes: boxes, categories: categories,
                                            refineBudget: refineBudget) { cell, force in grid.add(cell, force: force) }
        if let sel = selected, categories.map({ $0.contains(sel.category) }) ?? true {
            grid.remove(latitude: sel.latitude, longitude: sel.longitude)
        }
        var markers = grid.markers(categoryIndex: categoryIndex)
        try name(&markers, store: store, viewport: viewport, pane: pane)
        return MapCellView(markers: markers, inView: grid.inView,
                           approximate: grid.approximate, level: visit.level, refined: visit.refined)
    }

    /// Most pins whose titles are read for one view (one indexed read): about as many
    /// names as a 200 × 60 map has room for (the 62k airports and cities name ~60 there).
    static let nameBudget = 100

    /// Puts their titles into the lone pins' markers that have room beside them for a
    /// name (`MapRenderer.nameCandidates`, at most `nameBudget`), so the map names them.
    /// - Throws: `StoreError` from the store.
    static func name(_ markers: inout [MapMarker], store: any PinRepository, viewport: Viewport,
                     pane: Rect) throws(StoreError) {
        let wanted = MapRenderer.nameCandidates(markers, viewport: viewport, pane: pane).prefix(nameBudget)
        guard !wanted.isEmpty else { return }
        let titles = try store.titles(ids: wanted.map { markers[$0].id })
        for i in wanted { markers[i].title = titles[markers[i].id] ?? "" }
    }
}
