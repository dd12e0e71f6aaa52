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
    /// The state the view is read for (read only: the answer goes back as `AppEvent.viewLoaded`).
    let state: AppState

    /// Most pins in view the list sorts by name or by distance (`AppState.sortLimit`).
    static let sortLimit = AppState.sortLimit

    /// Reads the markers, counts and, when `list`, the list.
    /// - Throws: `StoreError` from the store.
    func load(list: Bool) throws -> ViewData {
        let totals = try store.pinCellTotals()
        // A category's colour slot comes from the store's categories, the same everywhere.
        let index = MapTheme.categorySlots(totals.categories.map(\.name))
        // The tree is synced (totals did it): the rest only reads, in one
        // read transaction (one file lock for the frame's few hundred reads).
        return try store.reading { () throws -> ViewData in
            let selected = try state.selectedID.flatMap { try store.pin(id: $0) }
            let part = state.search.isEmpty
                ? try mapView(list: list, totals: totals, index: index, selected: selected)
                : try searchView(list: list, selected: selected, index: index)
            let marker = selected.map { sel in
                MapMarker(id: sel.id, latitude: sel.latitude, longitude: sel.longitude, count: 1,
                          categoryIndex: index[sel.category] ?? -1, title: sel.title, selected: true)
            }
            return ViewData(totals: totals, view: part, selectedMarker: marker, list: list)
        }
    }

    private func mapView(list: Bool, totals: PinCellTotals, index: [String: Int], selected: Pin?) throws -> ViewData.ViewPart {
        let pane = state.layout.mapPane
        // Category id → palette index, as an array: one lookup per marker.
        var colour: [Int] = []
        for (id, name) in try store.pinCellCategoryNames() where id >= 0 && id < 1 << 20 {
            if Int(id) >= colour.count { colour += Array(repeating: -1, count: Int(id) + 1 - colour.count) }
            colour[Int(id)] = index[name] ?? -1
        }
        let view = try MapCellView.load(store: store, viewport: state.viewport, pane: pane,
                                        categories: state.categoryFilter, selected: selected,
                                        categoryIndex: { $0 >= 0 && $0 < colour.count ? colour[Int($0)] : -1 })
        var listed: [Pin]?
        if list {
            let filtered = state.categoryFilter.map { f in totals.categories.filter { f.contains($0.name) }.map(\.count).reduce(0, +) }
            listed = try listInView(total: filtered ?? totals.total, inView: view.inView)
        }
        return ViewData.ViewPart(markers: view.markers, inView: view.inView, approximate: view.approximate,
                                 elsewhere: nil, listed: listed)
    }

    /// The list for the viewport: newest first without sorting, or sorted by
    /// name or distance when few enough pins are in view.
    private func listInView(total: Int, inView: Int) throws -> [Pin] {
        let query = state.listQuery(limit: AppRunner.listLimit)
        if state.order != .newest && inView <= Self.sortLimit {
            return try store.pins(matching: query)
        }
        // Above the limit the header says the list is newest first (`AppState.orderLabel`).
        return try store.newestPins(in: query.boxes, categories: query.categories, limit: AppRunner.listLimit,
                                    inView: inView, total: total).pins
    }

    /// With a search: the matches in view, from the search's answer (`state.searchMatches`,
    /// read off the input path); while the answer is on its way the list stays as it is (nil).
    private func searchView(list: Bool, selected: Pin?, index: [String: Int]) throws -> ViewData.ViewPart? {
        guard let r = state.searchMatches, r.text == state.search else { return nil }
        let split = SearchSplit(r, boxes: state.listQuery(limit: 0).boxes, categories: state.categoryFilter)
        var listed: [Pin]?
        if list {
            listed = try split.listedIDs(state.order, near: state.visibleMapCentre, limit: AppRunner.listLimit,
                                         sortLimit: Self.sortLimit, titles: { try store.pins(ids: $0) })
        }
        // Titles for the markers of listed pins (labels); the others are dots.
        let titles = Dictionary((listed ?? state.listed).map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        let plain = split.inView.prefix(AppRunner.markerLimit).filter { $0.id != selected?.id }.map { m in
            MapMarker(id: m.id, latitude: m.latitude, longitude: m.longitude, count: 1,
                      categoryIndex: index[m.category] ?? -1, title: titles[m.id] ?? "", selected: false)
        }
        return ViewData.ViewPart(markers: Clusterer.cluster(plain, viewport: state.viewport, pane: state.layout.mapPane),
                                 inView: split.inView.count, approximate: false, elsewhere: split.elsewhere, listed: listed)
    }
}
