import Frame
import GeoMap
import PinModel
import Sheet

/// Everything the UI shows, as a value. `update` changes it, `render` draws it;
/// neither touches the terminal, the store or the clock (they come in as events
/// and go out as `Effect`s). Its fields are grouped by feature, as `AppEvent`'s cases
/// are: `list`, `search`, `map`, `presentation`, `feedback`, `loads`, `persistence`, and
/// one for each tab (`importTab`, `settingsTab`, `timeline`). They are read everywhere and
/// written only inside the core (`internal(set)`, and `update` is its only public mutating
/// method): the runtime, the command line and the tests, which import the core without
/// `@testable`, reach a state by feeding events to `update`.
public struct AppState: Sendable {
    public internal(set) var layout: Layout
    public internal(set) var tab: Tab = .map
    public internal(set) var sheet: SheetModel
    public internal(set) var focus: Focus = .list
    /// Time of the latest event, in seconds (animations are drawn at this time).
    public internal(set) var clock: Double = 0

    /// The pin list, its cursor, order and selection.
    public internal(set) var list = ListState()
    /// The search and the places it finds.
    public internal(set) var search = SearchState()
    /// The map's viewport, markers, labels and categories.
    public internal(set) var map = MapState()
    /// Characters, colours and languages.
    public internal(set) var presentation = PresentationState()
    /// The status line's message, toasts, the modal sheet and help.
    public internal(set) var feedback = FeedbackState()
    /// Which reads are current, the long job and indexing.
    public internal(set) var loads = LoadState()
    /// What the store remembers of the UI.
    var persistence = PersistenceState()

    /// The Import tab's path field, preview and progress.
    public internal(set) var importTab = ImportTabState()
    /// The Settings tab's cursor, scroll and export format.
    public internal(set) var settingsTab = SettingsTabState()
    /// Store facts for the Settings tab.
    public internal(set) var storeInfo = StoreInfo()
    /// False until `storeInfo` was read once: the Settings tab says "not read yet", not "0 pins".
    public internal(set) var storeInfoRead = false
    /// The Timeline tab's month, day and the pins of that day.
    public internal(set) var timeline = TimelineState(year: 2026, month: 1, day: 1)
    /// The last deleted pin with its comments, which `u` restores (same id).
    public internal(set) var lastDeleted: DeletedPin?
    /// The field the pin form was on when it was last saved: a form that comes back (a failed
    /// save, Esc from the conflict pop-up) puts the cursor there, so what is typed next goes
    /// where the user was typing, not into the title.
    public internal(set) var lastSavedFormField: PinForm.Field = .title
    /// A press on the sheet, until it is released (a click or a drag of the sheet).
    var sheetPress: SheetPress?

    public internal(set) var quit = false
    /// What the terminal prints after the UI closes: how a job stopped by `q` ended.
    public internal(set) var quitNotes: [String] = []
    /// True when one of `quitNotes` says something asked for was not done (a write not saved,
    /// an import or indexing that failed, an undo not done): Pinmap then exits 1.
    public internal(set) var quitFailed = false

    /// `list.inViewCount` as shown: "≈1234" (ASCII "~1234") when approximate.
    /// With a search capped at `Store.searchScanLimit` matches the count is a lower bound: "5000+".
    public var inViewText: String { countText(list.inViewCount, approximate: list.inViewApproximate) }
    /// Pins in the view the list was read for (the list's header and order label).
    public var listInViewCount: Int { list.view?.count ?? list.inViewCount }
    /// `listInViewCount` as shown ("≈1234", "5000+").
    public var listInViewText: String {
        countText(listInViewCount, approximate: list.view?.approximate ?? list.inViewApproximate)
    }
    private func countText(_ count: Int, approximate: Bool) -> String {
        (approximate ? (presentation.ascii ? "~" : "≈") : "") + String(count) + (search.isCapped ? "+" : "")
    }

    public init(cols: Int, rows: Int, detent: Detent = .medium, ascii: Bool = false, color: Bool = true,
                sensitivity: Double = 1, reducedMotion: Bool = false, environment: AppEnvironment = AppEnvironment(),
                tab: Tab = .map, viewport: Viewport = .world) {
        layout = Layout(cols: cols, rows: rows)
        sheet = SheetModel(detent: detent, travel: layout.travel, sensitivity: sensitivity, reducedMotion: reducedMotion)
        self.presentation.ascii = ascii
        self.presentation.color = color
        self.tab = tab
        self.map.viewport = viewport
        presentation.colorAvailable = environment.colorAvailable
        presentation.localeIsUTF8 = environment.localeIsUTF8
        presentation.placeLanguage = environment.placeLanguage
        presentation.language = environment.language
        loads.indexesWhenNeeded = environment.indexesWhenNeeded
        importTab.home = environment.home
        importTab.cwd = environment.cwd
    }

    /// True while something moves on screen: the loop then ticks at up to 60 frames per second.
    public var isAnimating: Bool {
        sheet.isAnimating || (feedback.modal.map { $0.presentation.isAnimating(at: clock) } ?? false)
    }

    /// True when time alone can change the frame (animations, a notice's timeout, "Saving…"
    /// about to show, a drag's "→ detent": a pointer held still sends no report, yet 100 ms
    /// later its release is a placement, no longer a throw).
    public var needsTicks: Bool {
        sheet.isAnimating || sheet.isDragging || modalNeedsTicks || feedback.toast != nil || feedback.waitingToast != nil || search.isPending
            || loads.saves.awaitsShowing(at: clock)
    }

    /// True when the list takes input: the sheet is above small (Pinit's rule).
    public var listIsInteractive: Bool { sheet.detent > .small && !sheet.isDragging }

    /// True when the list takes navigation keys: the sheet's detent is above small. Unlike
    /// the pointer, a key during a drag acts as it would after it (the drag is the mouse's).
    var listTakesKeys: Bool { sheet.detent > .small }

    /// List rows visible inside the sheet at its current height.
    public var visibleListRows: Int { max(0, sheet.height - SheetView.headerRows) }

    /// Rows of the list to read: through the cursor and the rows on screen (at
    /// least 10), plus as many again, so one key or wheel step never leaves the
    /// rows read (a taller sheet reads more after the event that raised it);
    /// all the list holds when a row past them is wanted (End, a marker's click).
    public var listWindow: Int {
        if list.readAll || list.pendingIndex != nil { return max(list.count, (list.pendingIndex ?? 0) + 1) }
        let rows = max(visibleListRows, 10)
        return max(list.cursor + 1, list.scroll + rows) + rows
    }

    /// True when the category filter and the search let `pin` through: a pin they hide is
    /// not drawn on the map, even selected (`ViewLoader` asks before adding its marker).
    public func lets(_ pin: Pin) -> Bool {
        guard map.categoryFilter.map({ $0.contains(pin.category) }) ?? true else { return false }
        guard !search.text.isEmpty else { return true }
        return search.matches.map { $0.text == search.text && $0.matches.contains { $0.id == pin.id } } ?? false
    }

    /// The query for the current viewport, filter and order (list). The distance
    /// order measures from the visible map's centre, the point the status line shows.
    public func listQuery(limit: Int) -> PinQuery {
        let near = visibleMapCentre
        var query = PinQuery(boxes: map.viewport.boundingBoxes(pane: layout.mapPane),
                             categories: map.categoryFilter, order: PinQuery.effective(list.order, searching: !search.text.isEmpty),
                             near: (near.latitude, near.longitude), limit: limit)
        query.search = search.text.isEmpty ? nil : search.text
        return query
    }
}

struct SheetPress: Sendable {
    var col: Int, row: Int
    var onGrabber: Bool
}


