import Frame
import GeoMap
import PinModel

/// Everything a worker needs to read what the map and the list show for one view
/// (`Effect.loadView`), built by `update` from the state as the event left it. The
/// runtime never reads the state to perform it; the view's rules (the sort limit, the
/// selected pin's row, the search's markers) are this type's methods, so they live in the
/// core and the worker only reads the store.
public struct ViewRequest: Sendable, Equatable {
    /// Bumped for every view read asked for: an answer older than the one shown is dropped.
    public var generation: Int
    /// Read the list too (a list read covers a markers-only one).
    public var list: Bool
    public var viewport: Viewport
    /// The map's pane (cells) the markers are laid out in.
    public var pane: Rect
    /// Categories shown; nil: all.
    public var categories: Set<String>?
    public var selectedID: Int64?
    /// The list's query for the view (filter, order, distance centre, at most `listLimit` rows).
    public var listQuery: PinQuery
    /// Rows of the list to read (`AppState.listWindow`).
    public var listWindow: Int
    /// The search text ("" = none) and the store's answer to it as last received.
    public var search: String
    public var searchMatches: SearchResults?
    /// The list as shown: its titles label the search's markers while a new list is read.
    public var listed: [Pin]
    /// Ask the store whether a large import left pins to index (the terminal UI indexes them,
    /// or says the list waits while another pinmap does).
    public var checksIndexBacklog: Bool
    /// The centre of the map left visible above the sheet: pins nearest it are named first.
    public var focus: GeoPoint? = nil
    /// After going to a city: look for its own pin (`PlaceArrival.swift`).
    public var place: PlaceProbe? = nil

    /// Most rows the list holds (the count says how many more are in view).
    public static let listLimit = 500

    /// Whether the category filter and the search let `pin` through (a pin they hide is
    /// not drawn, selected or not); the same rule as `AppState.lets`.
    public func lets(_ pin: Pin) -> Bool {
        guard categories.map({ $0.contains(pin.category) }) ?? true else { return false }
        guard !search.isEmpty else { return true }
        return searchMatches.map { $0.text == search && $0.matches.contains { $0.id == pin.id } } ?? false
    }
    /// Most pins fetched to build the map's markers and clusters.
    public static let markerLimit = 20_000
    /// Most pins in view the list sorts by name or by distance.
    public static let sortLimit = AppState.sortLimit

    /// The list's query once the pins in view are counted: name and distance sort every pin
    /// in view, so above `sortLimit` the list stays newest first (the header says so,
    /// `AppState.orderLabel`).
    public func listQuery(inView: Int) -> PinQuery {
        var query = listQuery
        if inView > Self.sortLimit { query.order = .newest }
        return query
    }

    /// How many list rows to read first for `inView` pins in view.
    public func window(inView: Int) -> ListWindow { ListWindow(inView: inView, wanted: listWindow) }

    /// Whether the list read with `rows` must be read whole so the selected pin's row is found
    /// as in the whole list (the cursor follows it): only a partial read that missed `selected`
    /// while `query` lets it through.
    public func mustReadWholeList(_ rows: [Pin], window: ListWindow, query: PinQuery, selected: Pin?) -> Bool {
        guard window.partial, rows.count == window.rows, let sel = selected, !rows.contains(where: { $0.id == sel.id }) else {
            return false
        }
        return (query.categories.map { $0.contains(sel.category) } ?? true)
            && query.boxes.contains { $0.contains(latitude: sel.latitude, longitude: sel.longitude) }
    }

    /// Rows the list holds when `rows` were read with `window`.
    public func listCount(_ rows: [Pin], window: ListWindow) -> Int {
        window.partial && rows.count == window.rows ? Self.listLimit : rows.count
    }

    /// With a search: the matches in view, from the search's answer; nil while the answer
    /// is on its way (the map and the list stay as they are). `pins` reads pins by id (the
    /// list's titles); `slot` gives a category's colour.
    public func searchPart(selected: Pin?, slot: (String) -> Int,
                           pins: ([Int64]) throws -> [Pin]) rethrows -> ViewData.ViewPart? {
        guard let r = searchMatches, r.text == search else { return nil }
        let split = SearchSplit(r, boxes: listQuery.boxes, categories: categories)
        var rows: [Pin]?
        if list {
            rows = try split.listedIDs(listQuery.order, near: GeoPoint(latitude: listQuery.near?.latitude ?? 0,
                                                                       longitude: listQuery.near?.longitude ?? 0),
                                       limit: Self.listLimit, sortLimit: Self.sortLimit, titles: pins)
        }
        // Titles for the markers of listed pins (labels); the others are dots.
        let titles = Dictionary((rows ?? listed).map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        let plain = split.inView.prefix(Self.markerLimit).filter { $0.id != selected?.id }.map { m in
            MapMarker(id: m.id, latitude: m.latitude, longitude: m.longitude, count: 1,
                      categoryIndex: slot(m.category), title: titles[m.id] ?? "", selected: false)
        }
        return ViewData.ViewPart(markers: Clusterer.cluster(plain, viewport: viewport, pane: pane),
                                 inView: split.inView.count, approximate: false, elsewhere: split.elsewhere, listed: rows)
    }
}

/// How many list rows a view reads. With many pins in view only the rows the list
/// shows plus a page (`AppState.listWindow`), the rest as it scrolls: the list then
/// holds `ViewRequest.listLimit` rows (at least twice that many pins are in view, so
/// even an estimated count, off by the pins of cells on the pane's edge, leaves no
/// doubt). With fewer pins in view, all the list holds, so its length is known.
public struct ListWindow: Sendable, Equatable {
    /// True when `rows` may be fewer than the list holds.
    public let partial: Bool
    public let rows: Int

    public init(inView: Int, wanted: Int) {
        partial = inView >= 2 * ViewRequest.listLimit && wanted < ViewRequest.listLimit
        rows = partial ? wanted : ViewRequest.listLimit
    }
}

/// More rows of the list (`Effect.loadListRows`): the first `rows` rows of `query`'s list.
/// `inView` (pins in view) and the store's totals only choose the store's plan.
public struct ListRequest: Sendable, Equatable {
    public var query: PinQuery
    public var rows: Int
    public var inView: Int
    public init(query: PinQuery, rows: Int, inView: Int) { self.query = query; self.rows = rows; self.inView = inView }
}

/// The Timeline's month and day to read (`Effect.loadTimeline`); its answer carries it back,
/// so an answer for a day left since is dropped.
public struct TimelineRequest: Sendable, Equatable {
    public var year: Int, month: Int
    /// The selected day, `2026-12-01`.
    public var day: String
    public init(year: Int, month: Int, day: String) { self.year = year; self.month = month; self.day = day }
}

extension AppState {
    /// The view read for the state as it is now (a new generation).
    mutating func viewRequest(list: Bool) -> ViewRequest {
        loads.viewGeneration += 1
        if list { loads.listGeneration = loads.viewGeneration }
        return ViewRequest(generation: loads.viewGeneration, list: list, viewport: map.viewport, pane: layout.mapPane,
                           categories: map.categoryFilter, selectedID: self.list.selectedID,
                           listQuery: listQuery(limit: ViewRequest.listLimit), listWindow: listWindow,
                           search: search.text, searchMatches: search.matches, listed: self.list.pins,
                           checksIndexBacklog: loads.indexesWhenNeeded,
                           focus: visibleMapCentre, place: placeProbe)
    }

    /// The pins `F` fits the map to: those the filter and the search let through, anywhere.
    var fitQuery: PinQuery {
        var query = listQuery(limit: -1)
        query.boxes = []
        return query
    }

    /// The Timeline's month and day as the state shows them.
    public var timelineRequest: TimelineRequest {
        TimelineRequest(year: timeline.year, month: timeline.month, day: timeline.dateString)
    }
}
