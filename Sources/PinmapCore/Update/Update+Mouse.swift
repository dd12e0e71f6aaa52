import Frame
import GeoMap
import Sheet

extension AppState {
    mutating func handle(mouse m: MouseEvent, now: Double, _ fx: inout Effects) {
        if layout.isTooSmall { return }
        if feedback.showHelp {
            if m.kind == .press { feedback.showHelp = false }
            return
        }
        switch m.kind {
        case .press: press(m, now: now, &fx)
        case .drag: drag(m, now: now, &fx)
        case .release: release(m, now: now, &fx)
        case .move: trackPointer(m)
        }
        // A click is a pointer position too (a terminal may report no move before it).
        // Kept wherever it is: `statusPoint` decides, so a map or sheet moving under a
        // still mouse recomputes what is under it.
        if m.kind != .move { map.pointerCell = (m.col, m.row) }
        }

    /// The row of the sheet's top edge (its grabber row).
    public var sheetTop: Int { layout.sheetRect(height: sheet.height).y }

    private mutating func press(_ m: MouseEvent, now: Double, _ fx: inout Effects) {
        if m.button == .wheelUp || m.button == .wheelDown { return wheel(m, &fx) }
        if m.button == .right { return rightPress(m, now: now) }  // add a pin there: Update+Pins.swift
        guard m.button == .left else { return }
        feedback.message = nil
        if m.row == layout.tabBarRow {
            if let t = layout.tab(atCol: m.col) { tab = t }
            return
        }
        if tab == .timeline, m.row < layout.travel { return clickTimeline(m) }
        if tab == .settings, m.row < layout.travel { return clickSettings(m, &fx) }
        if tab == .importer, m.row < layout.travel { return clickImportFile(row: m.row, &fx) }
        guard tab == .map, m.row < layout.travel else { return }
        let top = sheetTop
        if m.row >= top {
            pressOnSheet(m, top: top, now: now, &fx)
        } else if sheet.detent == .large && !sheet.isAnimating {
            // The map is dimmed behind a large sheet: a click lowers it.
            moveSheet(to: .medium, now: now)
        } else {
            trackPointer(m)
            focus = .map
            map.drag = MapDrag(startCol: m.col, startRow: m.row, startViewport: map.viewport)
        }
    }

    private mutating func pressOnSheet(_ m: MouseEvent, top: Int, now: Double, _ fx: inout Effects) {
        if m.row == top && SheetView.filterLabelRange(cols: layout.cols).contains(m.col) {
            openFilter(now: now)
            return
        }
        if m.row < top + SheetView.headerRows || (sheet.detent == .small && !sheet.isAnimating) {
            // Grabber or header row, or anywhere on a small sheet (as in Pinit): the
            // handle. A press during a settle catches the sheet where it is.
            sheetPress = SheetPress(col: m.col, row: m.row, onGrabber: m.row == top)
            sheet.beginDrag(pointerRow: m.row, time: now)
            return
        }
        guard listIsInteractive else {
            feedback.message = S.msgListInertMouse.text
            return
        }
        focus = .list
        let placeRow = m.row - top - SheetView.headerRows
        if placeRow < placeRows { choosePlace(placeRow, &fx); return }  // PlaceSearch.swift
        if search.place.onlyPlaces { return }
        let index = list.scroll + (m.row - top - SheetView.headerRows - placeRows)
        pressListRow(index, now: now, &fx)  // a second press opens the detail: Update+Pins.swift
    }

    private mutating func drag(_ m: MouseEvent, now: Double, _ fx: inout Effects) {
        if sheet.isDragging {
            sheet.drag(pointerRow: m.row, time: now)
        } else if var d = map.drag {
            let dx = m.col - d.startCol, dy = m.row - d.startRow
            if dx != 0 || dy != 0 { d.moved = true }
            var v = d.startViewport
            v.pan(columns: Double(-dx), rows: Double(-dy), pane: layout.mapPane)
            map.viewport = v
            map.drag = d
            fx.requestView(list: true)
        }
        trackPointer(m)
    }

    private mutating func release(_ m: MouseEvent, now: Double, _ fx: inout Effects) {
        if sheet.isDragging {
            let outcome = sheet.endDrag(pointerRow: m.row, time: now)
            if outcome == .click, sheetPress?.onGrabber == true {
                sheet.cycle(time: now)
            }
            sheetPress = nil
            return
        }
        if let d = map.drag {
            map.drag = nil
            if !d.moved { clickMap(col: m.col, row: m.row, now: now, &fx) }
        }
    }

    /// A click on the map: a pin selects it (and raises a small sheet to
    /// medium), a cluster zooms in on it, empty map moves focus to the map.
    private mutating func clickMap(col: Int, row: Int, now: Double, _ fx: inout Effects) {
        let pane = layout.mapPane
        guard let hit = MapRenderer.marker(atCol: col, row: row, pane: pane, viewport: map.viewport, markers: map.markers,
                                           focus: visibleMapCentre) else {
            focus = .map
            return
        }
        if hit.count > 1 {
            map.viewport.zoom(by: 4, about: map.viewport.cell(for: hit.point, pane: pane), pane: pane)
            map.viewport.center = hit.point
            fx.requestView(list: true)
            feedback.message = S.msgClusterZoomed(hit.count)
            return
        }
        list.selectedID = hit.id
        if let i = list.pins.firstIndex(where: { $0.id == hit.id }) {
            list.cursor = i
        } else if list.unloaded > 0 {
            list.readAll = true  // it may be in the rows not read yet: the cursor follows once read
        }
        if sheet.detent == .small { sheet.move(to: sheet.layout.resolve(.medium), time: now) }
        focus = .list
        fx.requestView(list: false)
        scrollToCursor()
    }

    /// A click on a Settings row selects it and changes it one step, as Enter does.
    private mutating func clickSettings(_ m: MouseEvent, _ fx: inout Effects) {
        let area = Rect(x: 0, y: 0, width: layout.cols, height: layout.travel)
        let first = SettingsView.firstSettingRow(self, area: area)
        let imports = importRowsShown
        let importIndex = m.row - SettingsView.firstImportRow(self, area: area)
        if imports.indices.contains(importIndex) {
            // An import row: chosen, and the pop-up asks whether to undo it (ImportUndo.swift).
            settingsTab.scrollHeld = SettingsView.scroll(self, area: area)
            settingsTab.importCursor = importIndex
            confirmUndoImport(imports[importIndex], now: clock)
            return
        }
        guard let row = SettingRow(rawValue: m.row - first) else { return }
        settingsTab.importCursor = nil
        settingsTab.scrollHeld = SettingsView.scroll(self, area: area)  // the page must not move under the mouse
        settingsTab.cursor = row.rawValue
        // The export row: a click on a format picks that one, elsewhere it exports (as Enter).
        let formats = SettingsView.valueColumn..<(SettingsView.valueColumn + DisplayWidth.of(SettingsView.exportFormats(self)))
        if row == .export && formats.contains(m.col) {
            if let f = SettingsView.exportFormat(self, atCol: m.col) { settingsTab.exportFormat = f }
            return
        }
        if row == .export { fx.add(.exportPins(settingsTab.exportFormat)); return }
        if let e = changeSetting(row, forward: true) { fx.add(e) }
    }

    private mutating func clickTimeline(_ m: MouseEvent) {
        let area = layout.timelineArea
        if m.row == area.y {
            timeline.moveMonth(by: m.col < area.width / 2 ? -1 : 1)
        } else if let d = timeline.day(atCol: m.col, row: m.row, area: area) {
            timeline.day = d
            timeline.cursor = 0
            timeline.isStale = true
        } else {
            let list = TimelineView.pinRows(area: area)
            let i = m.row - list.first + timeline.firstVisiblePin(rows: list.count)
            if m.row >= list.first, timeline.shownPins.indices.contains(i) { timeline.cursor = i }
        }
    }

    /// The wheel over the Timeline's pin list moves its cursor 3 pins (as `j`/`k` do one),
    /// the list scrolling with it: a day of 62k pins was walked only by keys. Over the
    /// calendar it does nothing.
    private mutating func wheelTimeline(up: Bool, row: Int) {
        let list = TimelineView.pinRows(area: layout.timelineArea)
        guard row >= list.first, !timeline.shownPins.isEmpty else { return }
        timeline.cursor = min(max(0, timeline.cursor + (up ? -3 : 3)), timeline.shownPins.count - 1)
        timeline.follow(rows: list.count)
    }

    private mutating func wheel(_ m: MouseEvent, _ fx: inout Effects) {
        let up = m.button == .wheelUp
        if tab == .timeline, m.row < layout.travel { return wheelTimeline(up: up, row: m.row) }
        if tab != .map || m.row >= layout.travel { return }
        if m.row >= sheetTop {
            // Over the grabber or the header the wheel does nothing: they are the handle.
            if m.row < sheetTop + SheetView.headerRows { return }
            guard listIsInteractive else {
                feedback.message = S.msgListInertMouse.text
                return
            }
            map.pointerCell = nil  // over the list: the status line shows the centre again
            list.scroll = max(0, list.scroll + (up ? -3 : 3))
            list.scroll = min(list.scroll, max(0, list.count - max(1, visibleListRows)))
            list.cursor = min(max(list.cursor, list.scroll), list.scroll + max(0, visibleListRows - 1))
            return
        }
        zoom(by: up ? 2 : 0.5, about: (Double(m.col) + 0.5, Double(m.row) + 0.5), &fx)
        trackPointer(m)
    }

    /// The pointer over the map: its coordinate takes the status line, so a message left
    /// there by an earlier action goes (it would hide a stale coordinate).
    private mutating func trackPointer(_ m: MouseEvent) {
        let overMap = tab == .map && layout.visibleMap(sheetHeight: sheet.height).contains(col: m.col, row: m.row)
        if overMap, map.pointerCell.map({ $0 != (m.col, m.row) }) ?? true { feedback.message = nil }
        map.pointerCell = (m.col, m.row)
    }
}
