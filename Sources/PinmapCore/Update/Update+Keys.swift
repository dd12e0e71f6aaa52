import PinModel
import Frame
import GeoMap
import Sheet

extension AppState {
    mutating func handle(key: Key, now: Double, _ fx: inout Effects) {
        feedback.message = nil
        map.pointerCell = nil  // the status line follows the keys: the visible map's centre
        if feedback.showHelp {
            if key == .ctrl("c") { quit = true; return }
            let page = max(1, HelpView.visibleRows(rows: layout.rows) - 1)
            let step: Int? = switch key {
            case .down, .char("j"): 1
            case .up, .char("k"): -1
            case .pageDown, .char(" "): page
            case .pageUp: -page
            default: nil
            }
            guard let step else {
                let overModal = modalUnderHelp
                feedback.showHelp = false
                // Esc, Enter, ? and q only close help (its header says "any other key closes": a
                // `q` that quit the whole UI broke that word); any other key also acts (`2`
                // shows Timeline). Ctrl-C still quits, above.
                // Over a modal (the conflict pop-up), every key only closes help: the pop-up stays.
                if [.escape, .enter, .char("?"), .f1, .char("q")].contains(key) || overModal { return }
                return handle(key: key, now: now, &fx)
            }
            feedback.helpScroll = min(max(0, feedback.helpScroll + step), HelpView.maxScroll(tab: tab, rows: layout.rows))
            return
        }
        // The search field takes every key while active (`q` is text): Search.swift.
        if isSearching, handleSearch(key: key, now: now, &fx) { return }
        if tab == .timeline && TimelineKeys.handles(key) {
            if let pin = timeline.handle(key: key) { jump(to: pin, now: now, &fx) }
            // Enter and the pin keys on a day read as empty say so: silence reads as a stuck UI.
            if TimelineKeys.pinKeys.contains(key), timeline.pinsRead == timeline.dateString, timeline.shownPins.isEmpty {
                feedback.message = S.tlNoPins(timeline.dateString)
            }
            timeline.follow(rows: TimelineView.pinRows(area: layout.timelineArea).count)
            return
        }
        if tab == .settings, handleSettings(key: key, now: now, &fx) { return }
        if tab == .importer, handleImportTab(key: key, &fx) { return }
        // A typed key that does nothing says so: silence reads as a stuck UI.
        guard let action = KeyBindings.action(for: key) else {
            if let name = KeyBindings.typedName(key) { feedback.message = S.msgKeyUnbound(name) }
            return
        }
        if tab != .map && !action.worksOnEveryTab {
            if let name = KeyBindings.typedName(key) { feedback.message = S.msgKeyOnMapTab(name) }
            return
        }
        return perform(action, now: now, &fx)
    }

    mutating func perform(_ action: Action, now: Double, _ fx: inout Effects) {
        guard tab == .map || action.worksOnEveryTab else { return }  // the one place that decides
        switch action {
        case .quit: quit = true
        case .help:
            feedback.showHelp = true
            feedback.helpScroll = 0
        case .nextTab: tab = tab.next(1)
        case .previousTab: tab = tab.next(-1)
        case .showTab(let t): tab = t
        case .loadSamples: fx.add(.loadSamples)
        case .fitPins: fx.add(.fitPins(fitQuery, announce: true))
        case .toggleASCII:
            feedback.message = nil
            guard let e = changeSetting(.mapMode, forward: true) else { return }  // refused: it says why
            feedback.message = presentation.ascii ? S.msgASCIIMap.text : S.msgBrailleMap.text
            fx.add(e)
        case .addPin, .editPin, .deletePin, .undoDelete, .search, .goToPlace, .open:
            performPinAction(action, now: now, &fx)  // Update+Pins.swift
        default:
            performOnMapTab(action, now: now, &fx)
        }
    }

    private mutating func performOnMapTab(_ action: Action, now: Double, _ fx: inout Effects) {
        switch action {
        case .raiseSheet: stepSheet(up: true, now: now)
        case .lowerSheet: stepSheet(up: false, now: now)
        case .sheetTo(let d): moveSheet(to: d, now: now)
        case .sheetEscape:
            // One level at a time: a kept search closes first, then the sheet lowers.
            if !search.text.isEmpty { setSearch("", &fx); feedback.message = S.msgSearchCleared.text }
            else if sheet.detent == .small && !sheet.isAnimating { feedback.message = S.msgSheetAlready(Detent.small.label) }
            else { moveSheet(to: .small, now: now) }
        case .toggleFocus:
            focus = focus == .map ? .list : .map
            feedback.message = focus == .list && !listTakesKeys ? S.msgFocusListInert.text : S.msgFocus(focus.label)
        case .openFilter: openFilter(now: now)
        case .cycleOrder:
            list.order = PinQueryOrderCycle.next(after: list.order, searching: !search.text.isEmpty)
            feedback.message = S.msgSortedBy(PinQueryOrderCycle.label(PinQuery.effective(list.order, searching: !search.text.isEmpty)))
            fx.requestView(list: true)
        case .zoomIn: zoom(by: 2, about: nil, &fx)
        case .zoomOut: zoom(by: 0.5, about: nil, &fx)
        case .resetWorld: fitAnchored(nil) { $0.fitWorld(&fx) }
        case .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .open:
            navigate(action, &fx)
        default: break
        }
    }

    /// Navigation keys go to the focused pane (see `Focus`). At small the list is inert, so
    /// the direction keys go to the map even when the list has the focus; only a key that
    /// means the list alone (PgUp, PgDn, Home, End) is answered with the inert notice.
    private mutating func navigate(_ action: Action, _ fx: inout Effects) {
        let direction: Set<Action> = [.up, .down, .left, .right]
        // ← → pan the map from the list too; ↑ ↓ do when the list has no row to move to (an
        // empty view, or a list that waits for indexing, must not swallow them).
        let toMap = action == .left || action == .right || (direction.contains(action) && (!listTakesKeys || list.count == 0))
        if focus == .map || toMap {
            panMap(action, &fx)
            return
        }
        guard listTakesKeys else {
            feedback.message = S.msgListInertKey.text
            return
        }
        guard list.count > 0 else { feedback.message = listWaitingText ?? S.msgNoPinsInView.text; return }
        let page = max(1, visibleListRows - 1)
        let current = list.selectedPin == nil ? -1 : list.cursor
        switch action {
        case .up: select(index: max(0, current - 1), &fx)
        case .down: select(index: min(list.count - 1, current + 1), &fx)
        case .pageUp: select(index: max(0, current - page), &fx)
        case .pageDown: select(index: min(list.count - 1, current + page), &fx)
        case .home: select(index: 0, &fx)
        case .end: select(index: list.count - 1, &fx)
        default: break
        }
    }

    private mutating func panMap(_ action: Action, _ fx: inout Effects) {
        let pane = layout.mapPane
        let stepCols = max(1, Double(pane.width) / 8)
        let stepRows = max(1, Double(pane.height) / 6)
        switch action {
        case .up: map.viewport.pan(columns: 0, rows: -stepRows, pane: pane)
        case .down: map.viewport.pan(columns: 0, rows: stepRows, pane: pane)
        case .left: map.viewport.pan(columns: -stepCols, rows: 0, pane: pane)
        case .right: map.viewport.pan(columns: stepCols, rows: 0, pane: pane)
        default: return
        }
        fx.requestView(list: true)
    }

    /// Shows `pin` on the Map tab: selected, centred, zoomed to street level
    /// at least, the sheet at medium or above.
    mutating func jump(to pin: Pin, now: Double, _ fx: inout Effects) {
        tab = .map
        reveal(id: pin.id, category: pin.category, written: false, &fx)
        list.selectedID = pin.id
        list.revealSelection = true
        map.viewport.zoom = max(map.viewport.zoom, 256)
        if sheet.detent == .small { sheet.move(to: sheet.layout.resolve(.medium), time: now) }
        centerOnSelected(pin, &fx)
        focus = .list
        fx.requestView(list: true)
    }

    /// Lifts what would hide pin `id` of `category` on the map (as `lets` decides), so the pin
    /// the user asked to see (on the Timeline) or just wrote (added, edited, restored) is
    /// there: its category is let through the category filter, and a kept search whose
    /// matches do not hold it is cleared. A `written` pin is judged by the search's next answer,
    /// the re-read after the write (`pinsChanged`): the matches held now are older than it.
    mutating func reveal(id: Int64, category: String, written: Bool, _ fx: inout Effects) {
        if let filter = map.categoryFilter, !filter.contains(category) {
            // A category the store's counts do not hold yet (the pin just added brought it)
            // is added as it is: the sheet would take the set for "every category".
            let known = map.categoryCounts.contains { $0.name == category }
            map.categoryFilter = known ? FilterSheet(categories: map.categoryCounts, current: filter.union([category])).filter
                                       : filter.union([category])
            fx.requestView(list: true)
        }
        guard !search.text.isEmpty else { return }
        if written { search.revealAfterAnswer = id; return }  // Search.swift: receiveSearch
        let matched = search.matches.map { $0.text == search.text && $0.matches.contains { $0.id == id } } ?? false
        if !matched { setSearch("", &fx) }
    }

    /// Zooms by `factor` about `about` (a screen cell, e.g. under the wheel), else about the
    /// selected pin when it is on the visible map, else about the centre of the map rows
    /// left visible above the sheet (the pane's centre is under a medium sheet).
    mutating func zoom(by factor: Double, about: (col: Double, row: Double)?, _ fx: inout Effects) {
        if zoomAnchored(by: factor, &fx) { return }
        let before = map.viewport.zoom
        map.viewport.zoom(by: factor, about: about ?? keyZoomAnchor, pane: layout.mapPane)
        if map.viewport.zoom == before { feedback.message = factor > 1 ? S.msgClosestZoom.text : S.msgWholeWorld.text }
        fx.requestView(list: true)
    }
}

extension AppState {
    /// The map rows left visible above the sheet once it settles: at its target detent
    /// while it animates (so `a`, the status line's centre and zoom never read a
    /// mid-animation centre), where the finger holds it during a drag.
    public var settledVisibleMap: Rect {
        layout.visibleMap(sheetHeight: sheet.isDragging ? sheet.height : sheet.layout.height(of: sheet.detent))
    }

    /// Where `+`/`-` zoom about: the pin the user selected when it is on the visible map, else
    /// the centre of the visible map (screen cells).
    var keyZoomAnchor: (col: Double, row: Double) {
        let visible = settledVisibleMap
        if let sel = map.markers.first(where: \.selected), sel.id != list.autoSelectedID {
            let c = map.viewport.cell(for: GeoPoint(latitude: sel.latitude, longitude: sel.longitude), pane: layout.mapPane)
            if visible.contains(col: Int(c.col.rounded(.down)), row: Int(c.row.rounded(.down))) { return c }
        }
        return (Double(visible.x) + Double(visible.width) / 2, Double(visible.y) + Double(visible.height) / 2)
    }

    /// The point the status line shows: under the pointer when it is over the visible map
    /// (computed from the current viewport, so it follows keys, wheel and pans), else the
    /// centre of the visible map.
    public var statusPoint: (point: GeoPoint, underPointer: Bool) {
        let pane = layout.mapPane
        if let c = map.pointerCell, tab == .map, layout.visibleMap(sheetHeight: sheet.height).contains(col: c.col, row: c.row) {
            return (map.viewport.point(col: Double(c.col) + 0.5, row: Double(c.row) + 0.5, pane: pane), true)
        }
        return (visibleMapCentre, false)
    }

    /// True when the pointer is over the visible map but off the world (the blank margin
    /// beside a whole-world map, or past a pole): the status line then gives no coordinate.
    public var pointerOffMap: Bool {
        guard let c = map.pointerCell, tab == .map, layout.visibleMap(sheetHeight: sheet.height).contains(col: c.col, row: c.row)
        else { return false }
        return !map.viewport.isOnMap(col: Double(c.col) + 0.5, row: Double(c.row) + 0.5, pane: layout.mapPane)
    }
}

/// Keys the Timeline tab takes before the global bindings.
enum TimelineKeys {
    static let keys: Set<Key> = [.left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .enter,
                                 .char("h"), .char("l"), .char("j"), .char("k"), .char("<"), .char(">")]
    static func handles(_ key: Key) -> Bool { keys.contains(key) }
    /// The keys that act on the selected day's pins.
    static let pinKeys: Set<Key> = [.enter, .char("j"), .char("k"), .home, .end]
}

/// The list's orders in the order `o` steps through them: best match first only while
/// there is search text (without, it lists as newest first, so it is that step).
enum PinQueryOrderCycle {
    static func all(searching: Bool) -> [PinQuery.Order] {
        searching ? [.relevance, .newest, .title, .distance] : [.newest, .title, .distance]
    }
    static func next(after order: PinQuery.Order, searching: Bool) -> PinQuery.Order {
        let all = all(searching: searching), current = PinQuery.effective(order, searching: searching)
        return all[(all.firstIndex(of: current).map { $0 + 1 } ?? 0) % all.count]
    }
    static func label(_ o: PinQuery.Order) -> String {
        switch o {
        case .relevance: return S.orderRelevance.text
        case .newest: return S.orderNewest.text
        case .title: return S.orderTitle.text
        case .distance: return S.orderDistance.text
        }
    }
}

extension AppState {
    /// The order the list is in, as its header says: a name or distance sort above
    /// `sortLimit` pins in view shows the newest pins, and says so.
    public var orderLabel: String {
        let order = PinQuery.effective(list.order, searching: !search.text.isEmpty)
        // A capped search read only the matches added last: its order is among those.
        if search.isCapped { return S.orderSearchCapped(PinQueryOrderCycle.label(order), SearchResults.scanLimit) }
        guard order != .newest, order != .relevance, search.text.isEmpty, listInViewCount > AppState.sortLimit else { return PinQueryOrderCycle.label(order) }
        return S.orderNewestCapped(AppState.sortLimit, PinQueryOrderCycle.label(order))
    }

    /// Most pins in view the list sorts by name or by distance (they are all read and
    /// sorted); above it the list shows the newest pins and its header says so.
    public static let sortLimit = 10_000
}
