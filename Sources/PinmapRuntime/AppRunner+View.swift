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
            // A pin the filter or the search hides is not drawn, selected or not.
            let marker = selected.flatMap { state.lets($0) ? $0 : nil }.map { sel in
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
        var part = ViewData.ViewPart(markers: view.markers, inView: view.inView, approximate: view.approximate,
                                     elsewhere: nil, listed: nil)
        if list {
            var query = state.listQuery(limit: AppRunner.listLimit)
            // Name and distance sort every pin in view: above the limit the list stays
            // newest first (the header says so, `AppState.orderLabel`).
            if view.inView > Self.sortLimit { query.order = .newest }
            let total = Self.total(totals, categories: query.categories)
            let window = ListWindow(inView: view.inView, wanted: state.listWindow)
            var rows = try listRows(query, rows: window.rows, inView: view.inView, total: total)
            // The selected pin's row is found as in the whole list (the cursor follows it).
            if window.partial, rows.count == window.rows, let sel = selected, !rows.contains(where: { $0.id == sel.id }),
               query.categories.map({ $0.contains(sel.category) }) ?? true,
               query.boxes.contains(where: { sel.latitude >= $0.south && sel.latitude <= $0.north
                                             && sel.longitude >= $0.west && sel.longitude <= $0.east }) {
                rows = try listRows(query, rows: AppRunner.listLimit, inView: view.inView, total: total)
            }
            part.listed = rows
            part.listCount = window.partial && rows.count == window.rows ? AppRunner.listLimit : rows.count
            part.listQuery = query
        }
        return part
    }

    /// The first `rows` rows (at most `AppRunner.listLimit`) of the list `query` reads:
    /// newest first without sorting (`.newest`), else sorted by name or distance. A
    /// longer read of the same query starts with the rows of a shorter one (both
    /// orders end on the id), so the list read a page at a time is the list read at once.
    /// `inView` and `total` only choose the store's plan.
    func listRows(_ query: PinQuery, rows: Int, inView: Int, total: Int) throws -> [Pin] {
        var query = query
        query.limit = min(rows, AppRunner.listLimit)
        if query.order != .newest { return try store.pins(matching: query) }
        return try store.newestPins(in: query.boxes, categories: query.categories, limit: query.limit,
                                    inView: inView, total: total).pins
    }

    /// More rows of the list `query` read (`Effect.loadListRows`): its first `rows`.
    /// - Throws: `StoreError` from the store.
    func moreListRows(_ query: PinQuery, rows: Int) throws -> [Pin] {
        let total = Self.total(try store.pinCellTotals(), categories: query.categories)
        return try listRows(query, rows: rows, inView: state.inViewCount, total: total)
    }

    /// Pins in the store whose category is in `categories` (nil: all).
    static func total(_ totals: PinCellTotals, categories: Set<String>?) -> Int {
        categories.map { f in
            totals.categories.filter { f.contains($0.name) }.map(\.count).reduce(0, +) + (f.contains("") ? totals.uncategorized : 0)
        } ?? totals.total
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

/// How many list rows a view reads. With many pins in view only the rows the list
/// shows plus a page (`AppState.listWindow`), the rest as it scrolls: the list then
/// holds `AppRunner.listLimit` rows (at least twice that many pins are in view, so
/// even an estimated count, off by the pins of cells on the pane's edge, leaves no
/// doubt). With fewer pins in view, all the list holds, so its length is known.
struct ListWindow {
    /// True when `rows` may be fewer than the list holds.
    let partial: Bool
    let rows: Int

    init(inView: Int, wanted: Int) {
        partial = inView >= 2 * AppRunner.listLimit && wanted < AppRunner.listLimit
        rows = partial ? wanted : AppRunner.listLimit
    }
}
