import Foundation
import GeoMap
import PinStore

/// What the map and the list show for the viewport, read so that a frame
/// costs about the same with 45 pins or 1,000,000: markers and the in-view
/// count come from the store's pin cells (`Store.forEachPinCell`), the
/// totals from the same tree, and the list from `Store.newestPins`, which
/// never sorts the pins in view. Memory does not grow with the number of
/// pins: one entry per screen cell and at most `listLimit` listed pins.
///
/// Two cases read pins instead, bounded: an active search (the full-text
/// index finds the matches; markers are clustered from at most `markerLimit`
/// of them, as before) and the name and distance orders, which sort every
/// pin in view and so are used only up to `sortLimit` pins in view.
extension AppRunner {
    /// Most pins in view the list sorts by name or by distance (`AppState.sortLimit`).
    public static let sortLimit = AppState.sortLimit

    /// Reloads the markers, counts and, when `list`, the list.
    /// - Throws: `StoreError` from SQLite.
    func reloadView(list: Bool) throws {
        let totals = try store.pinCellTotals()
        state.totalCount = totals.total
        state.categoryNames = totals.categories.map(\.name)
        state.categoryCounts = totals.categories.map { CategoryCount(name: $0.name, count: $0.count) }
        // A category's colour slot comes from the store's categories, the same everywhere.
        let index = state.categorySlots
        // The tree is synced (totals did it): the rest only reads, in one
        // read transaction (one file lock for the frame's few hundred reads).
        try store.reading { try reloadMarkersAndList(list: list, totals: totals, index: index) }
        if list {
            if let id = state.selectedID, let i = state.listed.firstIndex(where: { $0.id == id }) { state.cursor = i }
            state.clampList()
        }
    }

    private func reloadMarkersAndList(list: Bool, totals: PinCellTotals, index: [String: Int]) throws {
        let selected = try state.selectedID.flatMap { try store.pin(id: $0) }
        if state.search.isEmpty {
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
            state.markers = view.markers
            state.inViewCount = view.inView
            state.inViewApproximate = view.approximate
            if list {
                let filtered = state.categoryFilter.map { f in totals.categories.filter { f.contains($0.name) }.map(\.count).reduce(0, +) }
                try reloadListInView(total: filtered ?? totals.total)
            }
        } else {
            try reloadSearchView(list: list, selected: selected, index: index)
        }
        if let sel = selected {
            state.markers.append(MapMarker(id: sel.id, latitude: sel.latitude, longitude: sel.longitude, count: 1,
                                           categoryIndex: index[sel.category] ?? -1, title: sel.title, selected: true))
        }
    }

    /// The list for the viewport: newest first without sorting, or sorted by
    /// name or distance when few enough pins are in view.
    private func reloadListInView(total: Int) throws {
        let query = state.listQuery(limit: AppRunner.listLimit)
        if state.order != .newest && state.inViewCount <= AppRunner.sortLimit {
            state.listed = try store.pins(matching: query)
            return
        }
        // Above the limit the header says the list is newest first (`AppState.orderLabel`).
        state.listed = try store.newestPins(in: query.boxes, categories: query.categories, limit: AppRunner.listLimit,
                                            inView: state.inViewCount, total: total).pins
    }

    /// With a search: the matches in view, from the search's answer (`state.searchMatches`,
    /// read off the input path); while the answer is on its way the list stays as it is.
    private func reloadSearchView(list: Bool, selected: Pin?, index: [String: Int]) throws {
        guard let r = state.searchMatches, r.text == state.search else { return }
        let split = SearchSplit(r, boxes: state.listQuery(limit: 0).boxes, categories: state.categoryFilter)
        state.inViewCount = split.inView.count
        state.inViewApproximate = false
        state.searchElsewhere = split.elsewhere
        if list {
            state.listed = try split.listedIDs(state.order, near: state.visibleMapCentre, limit: AppRunner.listLimit,
                                               sortLimit: AppRunner.sortLimit, titles: { try store.pins(ids: $0) })
        }
        // Titles for the markers of listed pins (labels); the others are dots.
        let titles = Dictionary(state.listed.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        let plain = split.inView.prefix(AppRunner.markerLimit).filter { $0.id != selected?.id }.map { m in
            MapMarker(id: m.id, latitude: m.latitude, longitude: m.longitude, count: 1,
                      categoryIndex: index[m.category] ?? -1, title: titles[m.id] ?? "", selected: false)
        }
        state.markers = Clusterer.cluster(plain, viewport: state.viewport, pane: state.layout.mapPane)
    }
}

extension AppRunner {
    /// Moves the map to `viewport` and reloads the markers and the list, as
    /// a pan or zoom does (the benchmark drives frames through this).
    public func show(_ viewport: Viewport) {
        state.viewport = viewport
        state.needsReload = true
        reloadIfNeeded()
    }
}
