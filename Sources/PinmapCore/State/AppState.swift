import Frame
import GeoMap
import PinModel
import Sheet

/// Everything the UI shows, as a value. `update` changes it, `render` draws it;
/// neither touches the terminal, the store or the clock (they come in as events
/// and go out as `Effect`s). Its fields are read everywhere and written only inside
/// the core (`internal(set)`): the runtime, the command line and the tests reach a state
/// by feeding events to `update`.
public struct AppState: Sendable {
    public internal(set) var layout: Layout
    public internal(set) var tab: Tab = .map
    public internal(set) var sheet: SheetModel
    public internal(set) var viewport: Viewport = .world
    public internal(set) var focus: Focus = .list

    // The pin list (pins in the viewport) and the map's markers, as last loaded.
    public internal(set) var listed: [Pin] = []
    /// Rows the list holds beyond `listed`, not read yet: at a million pins only the
    /// rows on screen plus a page are read per frame (`listWindow`); the rest as the
    /// list scrolls (`Effect.loadListRows`). The list's rows and order are those of
    /// one read of all of them.
    public internal(set) var listUnloaded = 0
    /// The query the list was read with (the view it was read for), to read more of it.
    public internal(set) var listSource: PinQuery?
    /// A list row to select once read (End, a page past the rows read).
    var listPendingIndex: Int?
    /// Read every row the list holds (a click on a marker whose pin is not read yet).
    var listReadAll = false
    public internal(set) var inViewCount = 0
    /// True when `inViewCount` is an estimate (pin cells straddling the
    /// pane's edge; see `ScreenClusters`): it is then shown with "≈".
    public internal(set) var inViewApproximate = false
    /// `inViewCount` as shown: "≈1234" (ASCII "~1234") when approximate.
    /// With a search capped at `Store.searchScanLimit` matches the count is a lower bound: "5000+".
    public var inViewText: String { countText(inViewCount, approximate: inViewApproximate) }
    /// The in-view count of the view the list was read for, and whether it was an estimate
    /// (nil: no list read yet, the view's own). A selection re-centres the map and changes
    /// `inViewCount`, not the list: the list's header keeps counting the list's view until a
    /// pan, zoom, filter or order reads the list again (`listInViewCount`).
    public internal(set) var listView: (count: Int, approximate: Bool)?
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
    public internal(set) var totalCount = 0
    /// True while the pins a large import left are indexed (the list says so, not "No pins yet").
    public internal(set) var indexingBacklog = false
    public internal(set) var markers: [MapMarker] = []
    /// Category names in a stable order.
    public internal(set) var categoryNames: [String] = [] {
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

    public internal(set) var selectedID: Int64?
    /// The pin `keepListRowSelected` selected by itself (the first row), not the user: zoom
    /// keys then zoom about the map's centre, not about it.
    var autoSelectedID: Int64?
    /// The pin the user selected left the list (deleted or filtered elsewhere): until their
    /// next input no row is selected by itself, so no other pin is drawn as selected.
    var selectionLeft = false
    /// The list is read on to find the selected pin after a reload without it (not after a
    /// marker's click, whose pin may lie past the list's rows and stays selected on the map).
    var followingSelection = false
    /// Index of the selected row in `listed`, when it is listed.
    public internal(set) var cursor: Int = 0
    /// First list row shown (rows scrolled off the top).
    public internal(set) var scroll: Int = 0
    public internal(set) var order: PinQuery.Order = .relevance
    /// Categories shown; nil = all.
    public internal(set) var categoryFilter: Set<String>?

    public internal(set) var showHelp = false
    /// Help lines scrolled off the top of the `?` overlay.
    public internal(set) var helpScroll = 0
    /// The Import tab's path field, preview and progress.
    public internal(set) var importTab = ImportTabState()
    /// The Settings tab's cursor, scroll and export format.
    public internal(set) var settingsTab = SettingsTabState()
    /// Store facts for the Settings tab.
    public internal(set) var storeInfo = StoreInfo()
    /// False when NO_COLOR is set or the terminal has no colours.
    public internal(set) var colorAvailable = true
    /// The Timeline tab's month, day and the pins of that day.
    public internal(set) var timeline = TimelineState(year: 2026, month: 1, day: 1)
    /// The modal sheet on screen (filter, notice), if any.
    public internal(set) var modal: Modal?
    /// Categories in the store with their pin counts (for the filter sheet).
    public internal(set) var categoryCounts: [CategoryCount] = []
    /// Time of the latest event, in seconds (animations are drawn at this time).
    public internal(set) var clock: Double = 0
    /// One-line message for the status line (what just happened or why not).
    public internal(set) var message: String?
    /// True while the store (a server) cannot be reached: the status line says so until a
    /// change or a read gets through again.
    public internal(set) var storeUnreachable = false
    /// A routine success shown at the top right for a few seconds (Toast.swift).
    public internal(set) var toast: Toast?
    /// A toast that came while a notice sheet was up: shown once the sheet has gone.
    public internal(set) var waitingToast: Toast?
    public internal(set) var ascii: Bool
    /// False when the locale's characters are not UTF-8 (`LANG=C`): the map is ASCII
    /// then and `b` does not switch to braille (it would show as `?`).
    public internal(set) var localeIsUTF8 = true
    /// The interface's language: every word `update` and `render` use is in it.
    public internal(set) var language: Language = .english
    /// Language of the map's place names: Korean when the locale's name is
    /// Korean (`PlaceNaming.language(environment:)`), else English.
    public internal(set) var placeLanguage: PlaceNaming.Language = .english
    /// The map laid out with its place names, by `update` when the view changed
    /// (Render.swift): render draws it as it is, and the next placement keeps the names
    /// where they were.
    var mapScene: MapScene?
    /// The map's place names (`mapScene`'s).
    public var mapLabels: [PlacedLabel] { mapScene?.labels ?? [] }
    /// What `mapScene` was laid out for.
    var mapLabelsInput: MapLabelsInput?
    /// Whether view reads are answered before the next frame is painted (the runtime
    /// without worker lanes says so): an update that asks for one then leaves the map's
    /// layout to the update that brings the markers, as no frame shows the view between.
    var viewReadsBeforePaint = false
    public internal(set) var color: Bool
    /// The screen cell under the mouse pointer, when it last moved over the map; cleared by
    /// a key, so the status line then shows the visible map's centre (`statusPoint`).
    public internal(set) var pointerCell: (col: Int, row: Int)?

    // Keeping pins (Update+Pins.swift, Search.swift).
    /// Full-text search over title, description and category ("" = none).
    public internal(set) var search = ""
    /// The search field while it takes the keys (nil when not typing a search).
    public internal(set) var searchField: TextField?
    /// Places matching the search field's text, listed above the pins (PlaceSearch.swift).
    public internal(set) var place = PlaceSearchState()
    /// Input that came after an Enter typed before the place-name index was ready (a fast
    /// `gSeoul⏎`): held, in order, and applied when the index is (`AppEvent.Search.placeIndexReady`),
    /// so the Enter chooses the place it would have chosen and is never lost.
    var inputAwaitingPlaces: [InputEvent] = []
    /// Went to a city: the map zooms in while its own pin shares a marker (`PlaceArrival.swift`).
    var placeArrival: PlaceArrival?
    /// Bumped for every new search text; results of an older generation are dropped.
    public internal(set) var searchGeneration = 0
    /// Every match of `search` in the store (as last answered; `SearchResults.text` says for
    /// which text); the list and the map take the ones in view from it.
    public internal(set) var searchMatches: SearchResults?
    /// Matches of the search outside the view the list was read for (shown as "N more
    /// elsewhere"; with `listInViewCount` it adds up to the matches the category filter keeps).
    public internal(set) var searchElsewhere = 0
    /// The last deleted pin with its comments, which `u` restores (same id).
    public internal(set) var lastDeleted: DeletedPin?
    // Gesture tracking.
    var mapDrag: MapDrag?
    var sheetPress: SheetPress?

    public internal(set) var quit = false
    /// What the terminal prints after the UI closes: how a job stopped by `q` ended.
    public internal(set) var quitNotes: [String] = []

    // Work off the UI thread (Effect.loadView, BackgroundJob.swift).
    /// The newest view read asked for (`ViewRequest.generation`) and the one shown: an
    /// answer older than the one shown is dropped.
    public internal(set) var viewGeneration = 0
    public internal(set) var shownViewGeneration = 0
    /// The newest read that asked for the list, and the newest whose list is shown. A list is
    /// judged against list reads only: the lanes answer a markers-only read asked after it
    /// (a row selected, the map re-centred) first, and that must not make it old.
    var listGeneration = 0
    var shownListGeneration = 0
    /// The long job the write worker runs, if any.
    public internal(set) var job: BackgroundJob?
    /// Index what another process's large import left when a view read finds it (the
    /// terminal UI; off for `render` and tests).
    public internal(set) var indexesWhenNeeded = false
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


