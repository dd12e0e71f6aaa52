import PinStore
typealias PinStoreOrder = PinQuery.Order
import Frame
import GeoMap
import Sheet

extension AppState {
    mutating func handle(key: Key, now: Double) -> [Effect] {
        message = nil
        if showHelp {
            if key == .char("q") || key == .ctrl("c") { quit = true; return [] }
            showHelp = false
            return []
        }
        // The search field takes every key while active (`q` is text): Search.swift.
        if isSearching, handleSearch(key: key, now: now) { return [] }
        if tab == .timeline && TimelineKeys.handles(key) {
            if let pin = timeline.handle(key: key) { jump(to: pin, now: now) }
            return []
        }
        if tab == .settings, let effects = handleSettings(key: key) { return effects }
        if tab == .importer, let effects = handleImportTab(key: key) { return effects }
        guard let action = KeyBindings.action(for: key) else { return [] }
        return perform(action, now: now)
    }

    mutating func perform(_ action: Action, now: Double) -> [Effect] {
        switch action {
        case .quit: quit = true
        case .help: showHelp = true
        case .nextTab: tab = tab.next(1)
        case .previousTab: tab = tab.next(-1)
        case .showTab(let t): tab = t
        case .loadSamples: return [.loadSamples]
        case .fitPins where tab == .map: return [.fitPins]
        case .toggleASCII:
            message = nil
            let e = changeSetting(.mapMode, forward: true)
            message = ascii ? "ASCII map" : "Braille map"
            return e.map { [$0] } ?? []
        case .addPin, .editPin, .deletePin, .undoDelete, .search, .goToPlace, .open:
            guard tab == .map else { return [] }
            return performPinAction(action, now: now)  // Update+Pins.swift
        default:
            guard tab == .map else { return [] }
            performOnMapTab(action, now: now)
        }
        return []
    }

    private mutating func performOnMapTab(_ action: Action, now: Double) {
        switch action {
        case .raiseSheet: stepSheet(up: true, now: now)
        case .lowerSheet: stepSheet(up: false, now: now)
        case .sheetTo(let d): moveSheet(to: d, now: now)
        case .sheetEscape:
            if sheet.detent == .small && !sheet.isAnimating { message = "The sheet is already small" }
            else { moveSheet(to: .small, now: now) }
        case .toggleFocus:
            focus = focus == .map ? .list : .map
            message = focus == .list && !listIsInteractive
                ? "Focus: list (inert at small: K raises the sheet)" : "Focus: \(focus.rawValue)"
        case .openFilter: openFilter(now: now)
        case .cycleOrder:
            let all = PinQueryOrderCycle.all
            order = all[(all.firstIndex(of: order).map { $0 + 1 } ?? 0) % all.count]
            message = "Sorted by \(PinQueryOrderCycle.label(order))"
            needsReload = true
        case .zoomIn: zoom(by: 2, about: nil)
        case .zoomOut: zoom(by: 0.5, about: nil)
        case .resetWorld:
            viewport = .world
            needsReload = true
        case .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .open:
            navigate(action)
        default: break
        }
    }

    /// Navigation keys go to the focused pane (see `Focus`).
    private mutating func navigate(_ action: Action) {
        if focus == .map {
            panMap(action)
            return
        }
        guard listIsInteractive else {
            message = "The list is inert at small: K raises the sheet · m moves focus to the map"
            return
        }
        guard !listed.isEmpty else { message = "No pins in view"; return }
        let page = max(1, visibleListRows - 1)
        let current = selectedPin == nil ? -1 : cursor
        switch action {
        case .up: select(index: max(0, current - 1))
        case .down: select(index: min(listed.count - 1, current + 1))
        case .pageUp: select(index: max(0, current - page))
        case .pageDown: select(index: min(listed.count - 1, current + page))
        case .home: select(index: 0)
        case .end: select(index: listed.count - 1)
        case .left, .right: panMap(action)
        default: break
        }
    }

    private mutating func panMap(_ action: Action) {
        let pane = layout.mapPane
        let stepCols = max(1, Double(pane.width) / 8)
        let stepRows = max(1, Double(pane.height) / 6)
        switch action {
        case .up: viewport.pan(columns: 0, rows: -stepRows, pane: pane)
        case .down: viewport.pan(columns: 0, rows: stepRows, pane: pane)
        case .left: viewport.pan(columns: -stepCols, rows: 0, pane: pane)
        case .right: viewport.pan(columns: stepCols, rows: 0, pane: pane)
        default: return
        }
        needsReload = true
    }

    /// Shows `pin` on the Map tab: selected, centred, zoomed to street level
    /// at least, the sheet at medium or above.
    mutating func jump(to pin: Pin, now: Double) {
        tab = .map
        selectedID = pin.id
        viewport.zoom = max(viewport.zoom, 256)
        if sheet.detent == .small { sheet.move(to: sheet.layout.resolve(.medium), time: now) }
        centerOnSelected(pin)
        focus = .list
        needsReload = true
    }

    mutating func zoom(by factor: Double, about: (col: Double, row: Double)?) {
        let before = viewport.zoom
        viewport.zoom(by: factor, about: about, pane: layout.mapPane)
        if viewport.zoom == before { message = factor > 1 ? "Closest zoom reached" : "Whole world already" }
        needsReload = true
    }
}

/// Keys the Timeline tab takes before the global bindings.
enum TimelineKeys {
    static let keys: Set<Key> = [.left, .right, .up, .down, .pageUp, .pageDown, .enter,
                                 .char("h"), .char("l"), .char("j"), .char("k"), .char("<"), .char(">")]
    static func handles(_ key: Key) -> Bool { keys.contains(key) }
}

/// The sort orders `s` cycles through, with their labels.
enum PinQueryOrderCycle {
    static let all: [PinStoreOrder] = [.newest, .name, .distance]
    static func label(_ o: PinStoreOrder) -> String {
        switch o {
        case .newest: return "newest first"
        case .name: return "name"
        case .distance: return "distance from the map centre"
        }
    }
}
