import Foundation
import GeoMap
import PinmapCore
import PinModel

/// What the map and the list show for the viewport, read so that a frame
/// costs about the same with 45 pins or 1,000,000: markers and the in-view
/// count come from the store's pin cells (`PinRepository.visitMapCells`), the
/// totals from the same tree, and the list from `newestPins`, which
/// never sorts the pins in view. Memory does not grow with the number of
/// pins: one entry per screen cell and at most `listLimit` listed pins.
///
/// Two cases read pins instead, bounded: an active search (the full-text
/// index finds the matches; markers are clustered from at most `markerLimit`
/// of them, as before) and the name and distance orders, which sort every
/// pin in view and so are used only up to `sortLimit` pins in view.
struct ViewLoader {
    let store: any PinRepository
    /// What to read, built by the core (`ViewRequest`): its rules decide, the loader reads.
    let request: ViewRequest

    /// Reads the markers, counts and, when the request asks, the list.
    /// - Throws: `StoreError` from the store.
    func load() throws -> ViewData {
        let backlog = request.checksIndexBacklog ? (try? store.hasIndexBacklog()) == true : nil
        let totals = try store.pinCellTotals()
        // A category's colour slot comes from the store's categories, the same everywhere.
        let index = MapTheme.categorySlots(totals.categories.map(\.name))
        // The tree is synced (totals did it): the rest only reads, in one
        // read transaction (one file lock for the frame's few hundred reads).
        return try store.reading { () throws -> ViewData in
            let selected = try request.selectedID.flatMap { try store.pin(id: $0) }
            // A pin the filter or the search hides is not drawn, selected or not.
            let marker = selected.flatMap { request.lets($0) ? $0 : nil }.map { sel in
                MapMarker(id: sel.id, latitude: sel.latitude, longitude: sel.longitude, count: 1,
                          categoryIndex: index[sel.category] ?? -1, title: sel.title, selected: true)
            }
            let part = request.search.isEmpty
                ? try mapView(totals: totals, index: index, selected: selected)
                : try request.searchPart(selected: selected, slot: { index[$0] ?? -1 }, pins: { try store.pins(ids: $0) })
            return ViewData(totals: totals, view: part, selectedMarker: marker, list: request.list,
                            generation: request.generation, indexBacklog: backlog, place: try placeAnswer())
        }
    }

    /// The city's own pin near the point the request names (`ViewRequest.place`): the pins
    /// of a few screen cells around it, through the spatial index.
    private func placeAnswer() throws -> PlaceAnswer? {
        guard let probe = request.place, request.search.isEmpty else { return nil }
        let pins = try store.pins(matching: PinQuery(boxes: [probe.box], categories: request.categories,
                                                     limit: PlaceProbe.pinLimit))
        return PlaceAnswer(probe: probe, ownPin: probe.ownPin(among: pins))
    }

    private func mapView(totals: PinCellTotals, index: [String: Int], selected: Pin?) throws -> ViewData.ViewPart {
        // Category id → palette index, as an array: one lookup per marker.
        var colour: [Int] = []
        for (id, name) in try store.pinCellCategoryNames() where id >= 0 && id < 1 << 20 {
            if Int(id) >= colour.count { colour += Array(repeating: -1, count: Int(id) + 1 - colour.count) }
            colour[Int(id)] = index[name] ?? -1
        }
        let view = try MapCellView.load(store: store, viewport: request.viewport, pane: request.pane,
                                        categories: request.categories, selected: selected, focus: request.focus,
                                        categoryIndex: { $0 >= 0 && $0 < colour.count ? colour[Int($0)] : -1 })
        var part = ViewData.ViewPart(markers: view.markers, inView: view.inView, approximate: view.approximate,
                                     elsewhere: nil, listed: nil)
        if request.list {
            let query = request.listQuery(inView: view.inView)
            let total = Self.total(totals, categories: query.categories)
            let window = request.window(inView: view.inView)
            var rows = try listRows(query, rows: window.rows, inView: view.inView, total: total)
            if request.mustReadWholeList(rows, window: window, query: query, selected: selected) {
                rows = try listRows(query, rows: ViewRequest.listLimit, inView: view.inView, total: total)
            }
            part.listed = rows
            part.listCount = request.listCount(rows, window: window)
            part.listQuery = query
        }
        return part
    }

    /// The first `rows` rows (at most `ViewRequest.listLimit`) of the list `query` reads:
    /// newest first without sorting (`.newest`), else sorted by name or distance. A
    /// longer read of the same query starts with the rows of a shorter one (both
    /// orders end on the id), so the list read a page at a time is the list read at once.
    /// `inView` and `total` only choose the store's plan.
    func listRows(_ query: PinQuery, rows: Int, inView: Int, total: Int) throws -> [Pin] {
        try Self.listRows(store, query, rows: rows, inView: inView, total: total)
    }

    static func listRows(_ store: any PinRepository, _ query: PinQuery, rows: Int, inView: Int, total: Int) throws -> [Pin] {
        var query = query
        query.limit = min(rows, ViewRequest.listLimit)
        if query.order != .newest { return try store.pins(matching: query) }
        return try store.newestPins(in: query.boxes, categories: query.categories, limit: query.limit,
                                    inView: inView, total: total).pins
    }

    /// More rows of a list read before (`Effect.loadListRows`).
    /// - Throws: `StoreError` from the store.
    static func moreListRows(_ request: ListRequest, store: any PinRepository) throws -> [Pin] {
        let total = Self.total(try store.pinCellTotals(), categories: request.query.categories)
        return try listRows(store, request.query, rows: request.rows, inView: request.inView, total: total)
    }

    /// Pins in the store whose category is in `categories` (nil: all).
    static func total(_ totals: PinCellTotals, categories: Set<String>?) -> Int {
        categories.map { f in
            totals.categories.filter { f.contains($0.name) }.map(\.count).reduce(0, +) + (f.contains("") ? totals.uncategorized : 0)
        } ?? totals.total
    }
}
