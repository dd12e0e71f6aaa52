import Frame
import GeoMap
import PinModel
import Sheet

/// Everything the UI shows, as a value. `update` changes it, `render` draws it;
/// neither touches the terminal, the store or the clock (they come in as events
/// and go out as `Effect`s).
public struct AppState: Sendable {
    public var layout: Layout
    public var tab: Tab = .map
    public var sheet: SheetModel
    public var viewport: Viewport = .world
    public var focus: Focus = .list

    // The pin list (pins in the viewport) and the map's markers, as last loaded.
    public var listed: [Pin] = []
    /// Rows the list holds beyond `listed`, not read yet: at a million pins only the
    /// rows on screen plus a page are read per frame (`listWindow`); the rest as the
    /// list scrolls (`Effect.loadListRows`). The list's rows and order are those of
    /// one read of all of them.
    public var listUnloaded = 0
    /// The query the list was read with (the view it was read for), to read more of it.
    public var listSource: PinQuery?
    /// A list row to select once read (End, a page past the rows read).
    var listPendingIndex: Int?
    /// Read every row the list holds (a click on a marker whose pin is not read yet).
    var listReadAll = false
    public var inViewCount = 0
    /// True when `inViewCount` is an estimate (pin cells straddling the
    /// pane's edge; see `ScreenClusters`): it is then shown with "≈".
    public var inViewApproximate = false
    /// `inViewCount` as shown: "≈1234" (ASCII "~1234") when approximate.
    /// With a search capped at `Store.searchScanLimit` matches the count is a lower bound: "5000+".
    public var inViewText: String { countText(inViewCount, approximate: inViewApproximate) }
    /// The in-view count of the view the list was read for, and whether it was an estimate
    /// (nil: no list read yet, the view's own). A selection re-centres the map and changes
    /// `inViewCount`, not the list: the list's header keeps counting the list's view until a
    /// pan, zoom, filter or order reads the list again (`listInViewCount`).
    public var listView: (count: Int, approximate: Bool)?
    /// Pins in the view the list was read for (the list's header and order label).
    public var listInViewCount: Int { listView?.count ?? inViewCount }
    /// `listInViewCount` as shown ("≈1234", "5000+").
    public var listInViewText: String {
        countText(listInViewCount, approximate: listView?.approximate ?? inViewApproximate)
    }
    private func countText(_ count: Int, approximate: Bool) -> String {
        (approximate ? (ascii ? "~" : "≈") : "") + String(count) + (searchIsCapped ? "+" : "")
    }
    /// True when the current search's answer stopped at `Store.searchScanLimit` matches.
    public var searchIsCapped: Bool { !search.isEmpty && searchMatches.map { $0.capped && $0.text == search } == true }
    public var totalCount = 0
    /// True while the pins a large import left are indexed (the list says so, not "No pins yet").
    public var indexingBacklog = false
    public var markers: [MapMarker] = []
    /// Category names in a stable order.
    public var categoryNames: [String] = [] {
        didSet { categorySlots = MapTheme.categorySlots(categoryNames) }
    }
    /// Each category's palette slot (`MapTheme.categorySlots`): one colour per category
    /// in map, list, filter and detail.
    public private(set) var categorySlots: [String: Int] = [:]
    /// The palette slot of `category` (-1 for none).
    public func categorySlot(_ category: String) -> Int { categorySlots[category] ?? MapTheme.categorySlot(category) }

    /// The whole-world view `0` fitted and the map rows it was fitted into: while the zoom
    /// stays at or below it (`worldStaysFitted`), a sheet moved or a terminal resized fits the
    /// world again (a world fitted above a large sheet stayed a thumbnail at small).
    var worldFit: (viewport: Viewport, visible: Rect)?
    /// The scale and centre a run of resizes keeps (`resize(cols:rows:now:_:)`).
    var resizeAnchor: ResizeAnchor?

    public var selectedID: Int64?
    /// The pin `keepListRowSelected` selected by itself (the first row), not the user: zoom
    /// keys then zoom about the map's centre, not about it.
    var autoSelectedID: Int64?
    /// Index of the selected row in `listed`, when it is listed.
    public var cursor: Int = 0
    /// First list row shown (rows scrolled off the top).
    public var scroll: Int = 0
    public var order: PinQuery.Order = .relevance
    /// Categories shown; nil = all.
    public var categoryFilter: Set<String>?

    public var showHelp = false
    /// Help lines scrolled off the top of the `?` overlay.
    public var helpScroll = 0
    /// The Import tab's path field, preview and progress.
    public var importTab = ImportTabState()
    /// Selected row on the Settings tab.
    public var settingsCursor = 0
    /// The import row selected on the Settings tab (index in `importRowsShown`), over
    /// `settingsCursor`; nil when a setting is.
    public var settingsImportCursor: Int?
    /// The Settings page's scroll held by a click, so the page does not move under the
    /// mouse (SettingsView.scroll; a key lets it go).
    var settingsScrollHeld: Int?
    /// The format the Settings tab's export row writes.
    public var exportFormat: ExportFormat = .csv
    /// Store facts for the Settings tab.
    public var storeInfo = StoreInfo()
    /// False when NO_COLOR is set or the terminal has no colours.
    public var colorAvailable = true
    /// The Timeline tab's month, day and the pins of that day.
    public var timeline = TimelineState(year: 2026, month: 1, day: 1)
    /// The modal sheet on screen (filter, notice), if any.
    public var modal: Modal?
    /// Categories in the store with their pin counts (for the filter sheet).
    public var categoryCounts: [CategoryCount] = []
    /// Time of the latest event, in seconds (animations are drawn at this time).
    public var clock: Double = 0
    /// One-line message for the status line (what just happened or why not).
    public var message: String?
    /// True while the store (a server) cannot be reached: the status line says so until a
    /// change or a read gets through again.
    public var storeUnreachable = false
    /// A routine success shown at the top right for a few seconds (Toast.swift).
    public var toast: Toast?
    /// A toast that came while a notice sheet was up: shown once the sheet has gone.
    public var waitingToast: Toast?
    public var ascii: Bool
    /// False when the locale's characters are not UTF-8 (`LANG=C`): the map is ASCII
    /// then and `b` does not switch to braille (it would show as `?`).
    public var localeIsUTF8 = true
    /// The interface's language: every word `update` and `render` use is in it.
    public var language: Language = .english
    /// Language of the map's place names: Korean when the locale's name is
    /// Korean (`PlaceNaming.language(environment:)`), else English.
    public var placeLanguage: PlaceNaming.Language = .english
    /// The map's place names, placed by `update` when the view changed (Render.swift), so
    /// the next placement keeps them where they were.
    public var mapLabels: [PlacedLabel] = []
    /// What `mapLabels` were placed for.
    var mapLabelsInput: MapLabelsInput?
    public var color: Bool
    /// The screen cell under the mouse pointer, when it last moved over the map; cleared by
    /// a key, so the status line then shows the visible map's centre (`statusPoint`).
    public var pointerCell: (col: Int, row: Int)?

    // Keeping pins (Update+Pins.swift, Search.swift).
    /// Full-text search over title, description and category ("" = none).
    public var search = ""
    /// The search field while it takes the keys (nil when not typing a search).
    public var searchField: TextField?
    /// Places matching the search field's text, listed above the pins
    /// (PlaceSearch.swift); the highlighted one, nil when a pin row is.
    public var placeMatches: [PlaceMatch] = []
    public var placeCursor: Int?
    /// The field was opened with `g`: it finds places only.
    public var placeSearchOnly = false
    /// The place index was not built yet when the field changed: its readiness asks again.
    public var placeMatchesPending = false
    /// The place-name index is built (`AppEvent.placeIndexReady`), and whether it was asked for.
    public var placeIndexReady = false
    var placeIndexAsked = false
    /// Bumped for every new search text; results of an older generation are dropped.
    public var searchGeneration = 0
    /// Every match of `search` in the store (as last answered; `SearchResults.text` says for
    /// which text); the list and the map take the ones in view from it.
    public var searchMatches: SearchResults?
    /// Matches of the search outside the view the list was read for (shown as "N more
    /// elsewhere"; with `listInViewCount` it adds up to the matches the category filter keeps).
    public var searchElsewhere = 0
    /// The last deleted pin with its comments, which `u` restores (same id).
    public var lastDeleted: DeletedPin?
    // Gesture tracking.
    var mapDrag: MapDrag?
    var sheetPress: SheetPress?

    public var quit = false
    /// What the terminal prints after the UI closes: how a job stopped by `q` ended.
    public var quitNotes: [String] = []

    // Work off the UI thread (Effect.loadView, BackgroundJob.swift).
    /// The newest view read asked for (`ViewRequest.generation`) and the one shown: an
    /// answer older than the one shown is dropped.
    public var viewGeneration = 0
    public var shownViewGeneration = 0
    /// The long job the write worker runs, if any.
    public var job: BackgroundJob?
    /// Index what another process's large import left when a view read finds it (the
    /// terminal UI; off for `render` and tests).
    public var indexesWhenNeeded = false
    /// The user stopped indexing: not started again by a view read this session.
    var indexingDeclined = false

    /// The view and tab last saved in the store (`LastView.swift`).
    var persisted = PersistedView()
    /// The view was reopened from the store and not read yet: when it holds no pins, they are fitted.
    var reopenedViewUnchecked = false

    public init(cols: Int, rows: Int, detent: Detent = .medium, ascii: Bool = false, color: Bool = true,
                sensitivity: Double = 1, reducedMotion: Bool = false, environment: AppEnvironment = AppEnvironment(),
                tab: Tab = .map, viewport: Viewport = .world) {
        layout = Layout(cols: cols, rows: rows)
        sheet = SheetModel(detent: detent, travel: layout.travel, sensitivity: sensitivity, reducedMotion: reducedMotion)
        self.ascii = ascii
        self.color = color
        self.tab = tab
        self.viewport = viewport
        colorAvailable = environment.colorAvailable
        localeIsUTF8 = environment.localeIsUTF8
        placeLanguage = environment.placeLanguage
        language = environment.language
        indexesWhenNeeded = environment.indexesWhenNeeded
        importTab.home = environment.home
        importTab.cwd = environment.cwd
    }

    /// The selected pin, when it is in the list.
    public var selectedPin: Pin? {
        guard let id = selectedID else { return nil }
        return listed.first { $0.id == id }
    }

    /// True while something moves on screen: the loop then ticks at up to 60 frames per second.
    public var isAnimating: Bool {
        sheet.isAnimating || (modal.map { $0.presentation.isAnimating(at: clock) } ?? false)
    }

    /// True when time alone can change the frame (animations, a notice's timeout).
    public var needsTicks: Bool { sheet.isAnimating || modal != nil || toast != nil || waitingToast != nil || searchPending }

    /// True while the answer to the current search text is on its way.
    public var searchPending: Bool { !search.isEmpty && searchMatches?.text != search }

    /// True when the list takes input: the sheet is above small (Pinit's rule).
    public var listIsInteractive: Bool { sheet.detent > .small && !sheet.isDragging }

    /// True when the list takes navigation keys: the sheet's detent is above small. Unlike
    /// the pointer, a key during a drag acts as it would after it (the drag is the mouse's).
    var listTakesKeys: Bool { sheet.detent > .small }

    /// List rows visible inside the sheet at its current height.
    public var visibleListRows: Int { max(0, sheet.height - SheetView.headerRows) }

    /// Rows the list holds (read or not): what the header counts and the cursor moves over.
    public var listCount: Int { listed.count + listUnloaded }

    /// Rows of the list to read: through the cursor and the rows on screen (at
    /// least 10), plus as many again, so one key or wheel step never leaves the
    /// rows read (a taller sheet reads more after the event that raised it);
    /// all the list holds when a row past them is wanted (End, a marker's click).
    public var listWindow: Int {
        if listReadAll || listPendingIndex != nil { return max(listCount, (listPendingIndex ?? 0) + 1) }
        let rows = max(visibleListRows, 10)
        return max(cursor + 1, scroll + rows) + rows
    }

    /// True when the category filter and the search let `pin` through: a pin they hide is
    /// not drawn on the map, even selected (`ViewLoader` asks before adding its marker).
    public func lets(_ pin: Pin) -> Bool {
        guard categoryFilter.map({ $0.contains(pin.category) }) ?? true else { return false }
        guard !search.isEmpty else { return true }
        return searchMatches.map { $0.text == search && $0.matches.contains { $0.id == pin.id } } ?? false
    }

    /// The query for the current viewport, filter and order (list). The distance
    /// order measures from the visible map's centre, the point the status line shows.
    public func listQuery(limit: Int) -> PinQuery {
        let near = visibleMapCentre
        var query = PinQuery(boxes: viewport.boundingBoxes(pane: layout.mapPane),
                             categories: categoryFilter, order: PinQuery.effective(order, searching: !search.isEmpty),
                             near: (near.latitude, near.longitude), limit: limit)
        query.search = search.isEmpty ? nil : search
        return query
    }
}

struct MapDrag: Sendable {
    var startCol: Int, startRow: Int
    var startViewport: Viewport
    var moved = false
}

struct SheetPress: Sendable {
    var col: Int, row: Int
    var onGrabber: Bool
}


