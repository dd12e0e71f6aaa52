import Frame
import GeoMap
import Foundation
import PinModel
import Sheet

/// What happened: input from the terminal, a clock tick, or the outcome of an `Effect`
/// (the runtime performs effects and answers with these; `Update+Results.swift`).
public enum AppEvent: Sendable {
    case input(InputEvent)
    /// A quit signal (SIGTERM, SIGHUP) ended the session: quit as `q` does.
    case terminate
    /// Time passed (animations advance; `now` is passed to `update`).
    case tick
    /// Show a tab (`pinmap render --tab`).
    case showTab(Tab)
    /// The UI is closing (`q`, Ctrl-C, a signal, the terminal gone): the view and the tab
    /// are saved for the next start (`LastView.swift`). Saved then, not as the map moves:
    /// a write would make the store's read caches start again at every pan.
    case closing
    /// The map's view and the list under it.
    case view(View)
    /// Search by text and by place name.
    case search(Search)
    /// The Timeline tab's reads.
    case timeline(Timeline)
    /// The store: opened, its facts, its failures, other processes' writes, the sample pins.
    case store(Store)
    /// One pin's writes and reads (the form, the detail page, comments).
    case pins(Pins)
    /// The Import tab: its folder, the preview, an import, undoing one.
    case importer(Import)
    /// Indexing what a large import left.
    case indexing(Indexing)
    /// Exporting the pins (the Settings tab).
    case export(Export)

    public enum View: Sendable {
        /// The map's markers, counts and (when asked) list for the state's view (`Effect.loadView`).
        case loaded(ViewData)
        /// More rows of the list (`Effect.loadListRows`): the first rows of `query`'s list.
        case listRowsLoaded(PinQuery, [Pin])
        /// The box around the pins the filters let through (`Effect.fitPins`); nil: none.
        /// `announce`: the status line says so (`F`), not at start.
        case pinsBounds(LatLonBox?, announce: Bool)
        /// Read the view again, the list too when `list` (tests after a store changed under them).
        case reload(list: Bool)
        /// Show this part of the map (benchmark, `render --zoom` after `--place`).
        case showViewport(Viewport)
        /// Centre on the best place named `name`, as `/` then Enter would (`render --place`).
        case showPlace(PlaceMatch)
        /// Put the sheet at a detent without animation (`pinmap render --detent`).
        case showDetent(Detent)
        /// Whether every view read is answered before the next frame is painted (no worker
        /// lanes: `pinmap render`, the benchmark, tests), so no frame shows the view between
        /// a move and its markers (`LoadState.viewReadsBeforePaint`).
        case readsBeforePaint(Bool)
    }

    public enum Search: Sendable {
        /// A search finished (`Effect.search`): its generation and the matches or the error.
        case finished(generation: Int, Result<SearchResults, StoreError>)
        /// The place-name index is built (`Effect.preparePlaceIndex`).
        case placeIndexReady
    }

    public enum Timeline: Sendable {
        /// The Timeline's month counts and the selected day's pins (`Effect.loadTimeline`), for
        /// the month and day asked for.
        case loaded(TimelineRequest, Result<TimelineDay, StoreError>)
        /// The newest pin's day after pins arrived in bulk (`Effect.restartTimeline`).
        case restarted(newestPinDay: String?, today: Date)
    }

    public enum Store: Sendable {
        /// The store was opened: its saved settings (`SettingKey` → value) and today (the
        /// Timeline opens there until the newest pin's day is read, `Effect.restartTimeline`).
        case opened(settings: [String: String], today: Date)
        /// Facts for the Settings tab (`Effect.loadStoreInfo`).
        /// With a `failure` (the server unreachable) only the store's path and kind are known:
        /// the facts read before stay (the tab is read again at the next event).
        case infoLoaded(StoreInfo, failure: StoreError? = nil)
        /// A read for the view failed.
        case failed(StoreError)
        /// Another process wrote to the store (the runtime's change watcher).
        case changedElsewhere(StoreChange)
        /// The store (a server) cannot be reached: the watcher reconnects; the view stays.
        case unreachable(StoreError)
        /// A setting could not be saved (`Effect.persist`).
        case settingNotSaved(key: String, StoreError)
        /// The sample pins were imported (`Effect.loadSamples`): how many, or why not.
        /// `firstRun`: the store was new (the status line says so).
        case samplesLoaded(Result<Int, StoreError>, firstRun: Bool)
    }

    public enum Pins: Sendable {
        /// The outcome of a pin write (`Effect.addPin` … `restorePin`).
        case written(PinWriteOutcome)
        /// A pin's comments, after a read or a comment write (`Effect.loadComments` …).
        case commentsLoaded(pinID: Int64, Result<[Comment], StoreError>, after: CommentChange)
        /// The properties of the pin on the detail page (read with `Effect.loadComments`).
        case propertiesLoaded(pinID: Int64, [PinProperty])
    }

    public enum Import: Sendable {
        /// A folder the Import tab asked for (`Effect.listFolder`).
        case folderListed(FolderListing)
        /// An import preview was read (`Effect.previewImport`), or why not (in the UI's words).
        case previewed(Result<ImportPreview, ImportFailure>)
        /// An import began (`Effect.runImport`): the worker started reading the file `name`.
        case started(name: String)
        /// Import progress: `bytes` of the file's `of` bytes read.
        case progress(bytes: Int64, of: Int64)
        /// The import's transaction ended (committed, or failed and rolled back); indexing what
        /// it left may follow before `finished`.
        case written
        /// An import ended (`Effect.runImport`): the file's name and its report, or why not.
        case finished(name: String, Result<ImportReport, ImportFailure>)
        /// The user stopped an import (q) before its commit: rolled back, nothing kept.
        case stopped(name: String)
        /// Undoing an import began on the write lane (`Effect.undoImport`): seconds at a
        /// million pins, shown as a `BackgroundJob`.
        case undoStarted(ImportRow)
        /// Undoing an import ended (`Effect.undoImport`).
        case undone(ImportRow, UndoImportOutcome)
    }

    public enum Indexing: Sendable {
        /// Indexing what a large import left began: pins in the store (for the list's header)
        /// and the new pins to index (0: only indexes to rebuild).
        case started(pinCount: Int?, newPins: Int)
        /// Indexing progress, 0…1.
        case progress(fraction: Double)
        /// Indexing ended.
        case finished(IndexingOutcome)
    }

    public enum Export: Sendable {
        /// An export began (`Effect.exportPins`): the status line says so while it runs.
        case started
        /// An export ended.
        case finished(ExportOutcome)
    }
}

/// Side effects `update` asks the runtime to perform; each outcome comes back as an `AppEvent`.
public enum Effect: Sendable, Equatable {
    /// Save a UI setting in the store (e.g. the last settled detent).
    case persist(key: String, value: String)
    /// Import the bundled sample pins.
    case loadSamples
    /// Read a file's encoding, delimiter, columns and first rows (Import tab).
    case previewImport(path: String)
    /// Import a file (Import tab) on the write worker, with progress and a notice; then
    /// index what it left for later.
    case runImport(path: String)
    /// Index what a large import left (search, the map's clusters, the list's indexes), with
    /// progress; answered by `AppEvent.Indexing.finished`.
    case finishIndexing
    /// Stop the long job under way (an import or indexing rolls back, nothing is kept or
    /// lost); its usual end event says how it ended.
    case cancel
    /// Stop the import under way, or drop one still waiting behind another long job (Esc on
    /// the Import tab); that other job (indexing, an export) goes on.
    case cancelImport
    /// Find the bounding box of the pins `query` lets through (`AppEvent.View.pinsBounds`) and fit
    /// the map to it; `announce`: the status line says so (`F`; not when a store opens on its pins).
    case fitPins(PinQuery, announce: Bool)
    /// Search the whole store for `text` off the input path; the answer comes back as
    /// `AppEvent.Search.finished` with the same `generation`.
    case search(text: String, generation: Int)
    /// Read a folder's sub-folders and importable files (Import tab); answered by
    /// `AppEvent.Import.folderListed`.
    case listFolder(path: String)
    /// Read the markers and counts for a view, and the list when the request says so
    /// (answered by `AppEvent.View.loaded`). A burst of events is answered by one load.
    case loadView(ViewRequest)
    /// Read more rows of the list (the rows read so far and more, as the list scrolls;
    /// answered by `AppEvent.View.listRowsLoaded`).
    case loadListRows(ListRequest)
    /// Read the Timeline's month and day (`AppEvent.Timeline.loaded`).
    case loadTimeline(TimelineRequest)
    /// Build the place-name index for `/` and `g` (`AppEvent.Search.place.indexReady`).
    case preparePlaceIndex
    /// Read the newest pin's day (`AppEvent.Timeline.restarted`): pins arrived in bulk.
    case restartTimeline
    /// Read the Settings tab's facts (`AppEvent.Store.infoLoaded`).
    case loadStoreInfo
    // Keeping pins (performed in AppRunner+Pins.swift; each ends with a notice).
    /// Store a new pin; `unsure`: an earlier add of the same form that may have been done
    /// (the pin it made, if the store has it, takes this pin's fields instead).
    case addPin(NewPin, unsure: UnsureAdd? = nil)
    /// Replace the fields of pin `edit.id`, while it is at `edit.ifVersion`.
    case updatePin(PinEdit)
    /// Delete pin `id`, keeping it for `u` (undo).
    case deletePin(id: Int64, ifVersion: Int64?)
    /// Put a deleted pin back with its id and comments (undo).
    case restorePin(DeletedPin)
    /// Load the comments of the pin on the detail page.
    case loadComments(pinID: Int64)
    /// Load them again (not the properties): another process added or deleted some while
    /// the page was open; answered with `CommentChange.elsewhere`.
    case reloadComments(pinID: Int64)
    case addComment(pinID: Int64, body: String)
    case deleteComment(Comment)
    /// Write every pin in this format to a file next to the store (Settings tab), with a notice.
    case exportPins(ExportFormat)
    /// Remove an import and its pins, unless some were edited or commented since (as
    /// `pinmap undo-import` without `--force`); answered by `AppEvent.Import.undone`.
    case undoImport(ImportRow)
}

extension AppEvent {
    /// True for the outcome of an effect (and the runtime's own requests), false for input
    /// and time: outcomes change only what they carry.
    var isOutcome: Bool {
        switch self {
        case .input, .tick, .terminate, .search(.finished), .importer(.folderListed): return false
        default: return true
        }
    }

    /// True for a store's failure: a read that failed brings no markers to lay out.
    var isFailure: Bool {
        if case .store(.failed) = self { return true }
        return false
    }
}

/// Settings keys kept in the store.
public enum SettingKey {
    public static let detent = PersonalSettingKey.detent
    public static let sensitivity = PersonalSettingKey.sensitivity
    public static let reducedMotion = PersonalSettingKey.reducedMotion
    public static let mapMode = PersonalSettingKey.mapMode
    public static let color = PersonalSettingKey.color
    /// "en" or "ko": the map's place names, over the locale's choice.
    public static let placeNames = PersonalSettingKey.placeNames
    /// The last view (`LastView`: `LAT,LON,ZOOM,COLS`), reopened at start.
    public static let mapView = PersonalSettingKey.mapView
    /// The last tab (`Tab.name`), reopened at start.
    public static let tab = PersonalSettingKey.tab
    /// Every key, for reading them at start.
    public static let all = [detent, sensitivity, reducedMotion, mapMode, color, placeNames, mapView, tab]
}

extension AppState {
    /// The core transition: applies `event` at time `now` (seconds) and returns
    /// the effects to perform. Pure: no I/O. The view read, if any, is built last, from
    /// the state the event left (`ViewRequest`).
    public mutating func update(_ event: AppEvent, now: Double) -> [Effect] {
        Strings.speaking(presentation.language) { updateSpeaking(event, now: now) }
    }

    /// `update` with the words in the state's language.
    private mutating func updateSpeaking(_ event: AppEvent, now: Double) -> [Effect] {
        var fx = Effects()
        let quitting = quit
        apply(event, now: now, &fx)
        if search.place.indexReady && !search.inputAwaitingPlaces.isEmpty {
            // The index is ready: the Enter that waited for it, and what came after, in order.
            let waiting = search.inputAwaitingPlaces
            search.inputAwaitingPlaces = []
            for input in waiting { apply(.input(input), now: now, &fx) }
        }
        if quit && !quitting { stopJobOnQuit(&fx) }  // BackgroundJob.swift
        if search.place.matchesPending && !search.place.indexAsked {
            search.place.indexAsked = true
            fx.add(.preparePlaceIndex)
        }
        // With reads answered before the next paint, the update that brings the markers lays
        // the map out, not one that asks for a read or comes while one is on its way (at
        // start-up: the timeline's answer and the fit's, before the first view's markers). How
        // the runtime runs changes nothing drawn. A failed read brings no markers: laid out.
        if case .view(.readsBeforePaint) = event {} else if fx.view == nil ? !loads.layoutAwaitsRead || event.isFailure
            : !loads.viewReadsBeforePaint { rememberMapLabels() }  // Render.swift
        var effects = fx.list
        if let list = fx.view { effects.append(.loadView(viewRequest(list: list))) }
        loads.saves.answered(by: event, at: now)  // SavesInFlight.swift
        loads.saves.asked(effects, at: now)
        return fx.skipTabLoads ? effects : effects + tabLoads(after: event)
    }

    /// `update`'s work: the state changes and the effects they ask for, in `fx`.
    private mutating func apply(_ event: AppEvent, now: Double, _ fx: inout Effects) {
        let settledBefore = sheet.isAnimating || sheet.isDragging ? nil : sheet.detent
        clock = now
        if case .view(.readsBeforePaint(let before)) = event {  // how the runtime runs: nothing else changes
            loads.viewReadsBeforePaint = before
            fx.skipTabLoads = true
            return
        }
        if event.isOutcome {
            receiveResult(event, now: now, &fx)  // Update+Results.swift
            let listRead: Bool = if case .view(.loaded(let data)) = event { showsList(of: data) } else { false }
            return keepListRowSelected(&fx, listRead: listRead)
        }
        // Input after an Enter that waits for the place-name index keeps its turn (`PlaceSearch.swift`).
        if case .input(let input) = event, !search.inputAwaitingPlaces.isEmpty { return search.inputAwaitingPlaces.append(input) }
        if case .input = event { list.selectionLeft = false }
        if case .input(let input) = event, handleModal(input, now: now, &fx) {
            tickModal(now: now)
            fx.skipTabLoads = true
            // A modal gone at once (reduced motion) leaves the list as the tick removing it would.
            if feedback.modal == nil { keepListRowSelected(&fx, listRead: false) }
            return
        }
        switch event {
        case .tick:
            sheet.tick(time: now)
            tickModal(now: now)
            tickToast(now: now)
        case .input(.resize(let cols, let rows)):
            resize(cols: cols, rows: rows, now: now, &fx)
        case .input(.key(let key)):
            handle(key: key, now: now, &fx)
        case .input(.mouse(let m)):
            handle(mouse: m, now: now, &fx)
        case .input(.paste(let text)):
            handle(paste: text, &fx)  // Paste.swift
        case .search(.finished(let generation, let result)):
            receiveSearch(generation: generation, result, &fx)  // Search.swift
        case .importer(.folderListed(let listing)):
            receive(listing: listing)  // ImportTab.swift
        case .terminate: quit = true
        default: break
        }
        requestImportFolderIfNeeded(&fx)  // ImportTab.swift
        keepListRowSelected(&fx, listRead: false)
        if worldStaysFitted && map.worldFit?.visible != settledVisibleMap { fitWorld(centredOn: map.viewport.center.longitude, &fx) }
        clampList()
        if let read = listRowsToRead(readingList: fx.view == true) { fx.add(read) }
        // Persist the detent once a move has settled (never a transient state).
        if !sheet.isAnimating && !sheet.isDragging && sheet.detent != settledBefore {
            fx.add(.persist(key: SettingKey.detent, value: sheet.detent.rawValue))
        }
    }

    /// What the tab on screen shows is read again after every event when it is out of date
    /// (Timeline) or may have changed (Settings: the store's size and imports), except
    /// after that very read.
    func tabLoads(after event: AppEvent) -> [Effect] {
        switch event {
        case .timeline(.loaded), .store(.infoLoaded): return []
        default: break
        }
        var effects: [Effect] = []
        if tab == .timeline && timeline.isStale { effects.append(.loadTimeline(timelineRequest)) }
        if tab == .settings { effects.append(.loadStoreInfo) }
        return effects
    }

    /// A new terminal size: the map keeps its scale (degrees per column) and the centre
    /// of the visible map (the status line's centre; the sheet's rows change with the
    /// height), so a wider terminal shows more of the map, not the same map stretched.
    /// Kept through sizes too small to hold them (1×1), from the `ResizeAnchor`.
    mutating func resize(cols: Int, rows: Int, now: Double, _ fx: inout Effects) {
        let anchor = liveResizeAnchor ?? currentViewAnchor()
        let before = map.viewport
        defer { noteAppMovedMap(from: before) }  // not the user's move: a quiet fit still shows
        layout = Layout(cols: cols, rows: rows)
        map.pointerCell = nil
        map.drag = nil
        sheetPress = nil
        sheet.resize(travel: layout.travel, time: now)
        if let anchor { apply(anchor, &fx) }
        fx.requestView(list: true)
    }

    /// The scale and centre the map shows now; nil while it shows none (no map columns or rows).
    private func currentViewAnchor() -> ResizeAnchor? {
        let width = layout.mapPane.width
        guard width > 0, settledVisibleMap.height > 0 else { return nil }
        return ResizeAnchor(degreesPerColumn: map.viewport.degreesPerColumn(paneWidth: width), centre: visibleMapCentre,
                            wholeWorld: worldStaysFitted, width: width, produced: map.viewport)
    }

    /// Fits the whole world into the map rows left visible above the sheet (`0`): all
    /// latitudes, no rows of nothing past the poles, the centre on the equator at `longitude`
    /// (degrees; 0 for `0`, the current one when refitted). Kept fitted as the sheet moves
    /// (`worldStaysFitted`).
    mutating func fitWorld(centredOn longitude: Double = 0, _ fx: inout Effects) {
        fitInVisibleMap(LatLonBox(south: -90, west: longitude - 180, north: 90, east: longitude + 180), &fx)
        map.worldFit = (map.viewport, settledVisibleMap)
        fx.requestView(list: true)
    }

    /// True while the world `0` fitted is still in view: the zoom is at or below the fit's.
    /// Only the zoom counts: a selected row's re-centre or a pan moves the centre, and a
    /// sheet move must then still fit the world again (else the centre the selection left,
    /// far below a few rows above a large sheet, put the visible map past a pole).
    public var worldStaysFitted: Bool { map.worldFit.map { map.viewport.zoom <= $0.viewport.zoom } == true }

    /// Keeps the cursor and the scroll inside the list. Deliberately does not
    /// scroll to the cursor: moving the sheet must never scroll the list.
    mutating func clampList() {
        if list.count == 0 { list.cursor = 0; list.scroll = 0; return }
        list.cursor = min(max(0, list.cursor), list.count - 1)
        list.scroll = min(max(0, list.scroll), list.count - 1)
    }

    /// With the list focused and taking keys, a listed row is always selected (the first on
    /// screen when none is), so Enter opens a pin and j/k start from the row shown selected.
    /// The map does not move: a listed pin is in view already. Not while a search is typed
    /// or its answer is on its way, nor while the list is read again (`before`, `fx`: this
    /// update's effects). A selected pin not listed is replaced only when a list was just read
    /// (`listRead`) without it: a pin just added or restored is selected before it is listed.
    /// Not from a list about to be replaced either (`listReadPending`: after a jump, the
    /// markers' answer comes first, and the old list's rows are not in view).
    mutating func keepListRowSelected(_ fx: inout Effects, listRead: Bool) {
        // A row selected by itself goes when the list no longer has the keys (the map has the
        // focus, the sheet is small): the user did not choose it.
        if tab == .map, !(focus == .list && listTakesKeys), let auto = list.autoSelectedID, list.selectedID == auto, feedback.modal == nil {
            list.selectedID = nil
            list.autoSelectedID = nil
            fx.requestView(list: false)
            return
        }
        // A pin just written waits for the search's re-read (`SearchState.revealAfterAnswer`):
        // a list read on the matches from before the write lacks it (a restored match).
        if listRead, list.selectedID != nil, list.selectedPin == nil, list.autoSelectedID != list.selectedID, !listReadPending,
           search.revealAfterAnswer == nil {
            return followSelection(&fx)
        }
        guard tab == .map, focus == .list, listTakesKeys, feedback.modal == nil, search.field == nil, !search.isPending,
              search.revealAfterAnswer == nil, !list.selectionLeft,
              list.selectedID == nil || (listRead && list.selectedPin == nil) || autoSelectionLeftList, !list.pins.isEmpty,
              fx.view != true, !listReadPending else { return }
        list.cursor = min(max(0, list.scroll), list.pins.count - 1)
        list.selectedID = list.pins[list.cursor].id
        list.autoSelectedID = list.selectedID
        fx.requestView(list: false)  // the selected pin's own marker
    }

    /// The row the list selected by itself is no longer listed (a filter hid it while the filter
    /// sheet was up, where no row is selected by itself): the first row shown takes its place.
    /// It stayed selected unseen, and Enter, `e` and `d` said "Select a pin first" until `j`.
    private var autoSelectionLeftList: Bool {
        list.selectedID != nil && list.selectedID == list.autoSelectedID && list.selectedPin == nil
    }

    /// The pin the user selected is not among the list rows just read (pins added elsewhere
    /// come first and push it down): the selection follows its id, never the row. With rows
    /// left unread, all are read (`receive(listRows:)` then puts the cursor on it); when the
    /// whole list lacks it, it is gone: no pin is selected, so nothing is drawn as selected
    /// that `e`/`d`/Enter would not act on, and no other pin takes its place.
    mutating func followSelection(_ fx: inout Effects) {
        if list.unloaded > 0, !list.readAll, let source = list.source {
            list.readAll = true
            list.followingSelection = true
            return fx.add(.loadListRows(ListRequest(query: source, rows: listWindow, inView: list.inViewCount)))
        }
        list.selectedID = nil
        list.autoSelectedID = nil
        list.selectionLeft = true
        fx.requestView(list: false)  // the map drops the selected marker too
    }

    /// More list rows to read when the cursor or the scroll came near the last row
    /// read (`listWindow`), unless the list is read again anyway (`readingList`).
    func listRowsToRead(readingList: Bool) -> Effect? {
        guard list.unloaded > 0, let source = list.source, listWindow > list.pins.count, !readingList else { return nil }
        return .loadListRows(ListRequest(query: source, rows: listWindow, inView: list.inViewCount))
    }

    /// Scrolls just enough for the cursor row to be visible.
    mutating func scrollToCursor() {
        let rows = max(1, visibleListRows)
        if list.cursor < list.scroll { list.scroll = list.cursor }
        if list.cursor >= list.scroll + rows { list.scroll = list.cursor - rows + 1 }
    }

    /// Moves the sheet one detent up or down, or says why it cannot.
    mutating func stepSheet(up: Bool, now: Double) {
        let moved = up ? sheet.raise(time: now) : sheet.lower(time: now)
        if !moved { feedback.message = S.msgSheetAlready(up ? Detent.large.label : Detent.small.label) }
    }

    mutating func moveSheet(to detent: Detent, now: Double) {
        let target = sheet.layout.resolve(detent)
        if target != detent { feedback.message = S.msgDetentUnavailable(detent.label) }
        if sheet.detent == target && !sheet.isAnimating { feedback.message = feedback.message ?? S.msgSheetAlready(target.label) }
        sheet.move(to: target, time: now)
    }

    /// Selects `listed[index]` and centres the map on it in the part of the map
    /// left visible above the sheet. The list itself is kept (not re-queried),
    /// so walking down it with j is stable.
    mutating func select(index: Int, _ fx: inout Effects) {
        if index >= list.pins.count && index < list.count {
            list.pendingIndex = index  // selected once read (`listRowsToRead`)
            return
        }
        guard list.pins.indices.contains(index) else { return }
        list.cursor = index
        let pin = list.pins[index]
        list.selectedID = pin.id
        list.autoSelectedID = nil
        centerOnSelected(pin, &fx)
        scrollToCursor()
    }

    mutating func centerOnSelected(_ pin: Pin, _ fx: inout Effects) {
        centerInVisibleMap(GeoPoint(latitude: pin.latitude, longitude: pin.longitude), &fx)
    }

    /// Shows all of `box` in the map rows left visible above the sheet (a zoom below 1 when
    /// the rows are few), with `Viewport.fit`'s one-cell margin, or with `margin` a tenth of
    /// the width and of the height on each side (at least 2 columns and a row), so pins
    /// fitted (`F`) are not drawn on the map's edges, under its scale or against the sheet.
    mutating func fitInVisibleMap(_ box: LatLonBox, margin: Bool = false, _ fx: inout Effects) {
        let visible = settledVisibleMap
        map.viewport.fit(box, pane: visible, margin: margin ? (max(2, visible.width / 10), max(1, visible.height / 10)) : (1, 1))
        centerInVisibleMap(map.viewport.center, &fx)
    }

    /// Puts `point` in the middle of the map rows left visible above the sheet
    /// (the pane's centre is under a medium or large sheet).
    mutating func centerInVisibleMap(_ point: GeoPoint, _ fx: inout Effects) {
        map.viewport = viewport(centring: point)
        fx.requestView(list: false)
    }

    /// This viewport with `point` in the middle of the map rows left visible above the
    /// sheet at its settled detent (a pure reading of the state: tests show it with
    /// `.view(.showViewport)`).
    public func viewport(centring point: GeoPoint) -> Viewport {
        let pane = layout.mapPane
        var v = map.viewport
        v.center = point
        let visible = settledVisibleMap
        let centreRow = Double(pane.y) + Double(pane.height) / 2
        let wantRow = Double(visible.y) + Double(visible.height) / 2
        let shift = centreRow - wantRow
        if shift > 0.5 {
            // Not `viewport.point`, which stops at the poles: a world fitted into a few rows
            // above a large sheet needs the pane's centre far south of them.
            let degreesPerRow = v.degreesPerRow(paneWidth: pane.width)
            v.center = GeoPoint(latitude: point.latitude - shift * degreesPerRow, longitude: point.longitude)
        }
        return v
    }
}
