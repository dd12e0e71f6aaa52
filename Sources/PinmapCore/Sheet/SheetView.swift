import Frame
import GeoMap
import PinModel
import Sheet

/// The pin sheet over the map: a grabber row, a header row, then one row per
/// listed pin (title, category, date). At small the list is drawn but inert,
/// with a hint saying how to raise it.
public enum SheetView {
    /// Rows above the list: the grabber row and the header row.
    public static let headerRows = 2
    /// Cells of the grabber bar (`━`, or `=` in ASCII).
    static let grabberWidth = 8

    static func draw(_ state: AppState, into screen: inout Screen, theme: Theme) {
        let rect = state.layout.sheetRect(height: state.sheet.height)
        guard !rect.isEmpty else { return }
        screen.fill(rect, with: Cell(" ", theme.sheet))
        drawGrabberRow(state, rect: rect, into: &screen, theme: theme)
        if rect.height > 1 { drawHeader(state, row: rect.y + 1, into: &screen, theme: theme) }
        drawList(state, rect: rect, into: &screen, theme: theme)
    }

    /// Column range of the Filter label on the grabber row (for clicks).
    public static func filterLabelRange(cols: Int) -> Range<Int> {
        let w = DisplayWidth.of(S.sheetFilter.text) + 2
        return max(0, cols - w - 1)..<max(0, cols - 1)
    }

    private static func drawGrabberRow(_ state: AppState, rect: Rect, into screen: inout Screen, theme: Theme) {
        let bar = String(repeating: state.presentation.ascii ? "=" : "━", count: grabberWidth)
        let line = String(repeating: state.presentation.ascii ? "-" : "─", count: rect.width)
        screen.put(line, col: rect.x, row: rect.y, style: theme.sheetBorder)
        screen.putCentered(" " + bar + " ", in: Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), style: theme.grabber)
        // During a drag the label names the detent a release now would settle on.
        let detent = " " + (state.sheet.isDragging ? S.sheetSettlesOn(state.sheet.settleTarget.label) : state.sheet.detent.label) + " "
        screen.put(detent, col: rect.x + 1, row: rect.y, style: theme.muted)
        let f = filterLabelRange(cols: rect.width)
        let label = state.map.categoryFilter == nil ? "[\(S.sheetFilter.text)]" : "[\(S.sheetFilter.text)*]"
        if f.lowerBound > rect.width / 2 + grabberWidth / 2 + 2 {
            screen.put(label, col: f.lowerBound, row: rect.y, style: theme.hint)
        }
    }

    private static func drawHeader(_ state: AppState, row: Int, into screen: inout Screen, theme: Theme) {
        if state.isSearching || !state.search.text.isEmpty {
            return SearchBarView.draw(state, row: row, width: state.layout.cols, into: &screen, theme: theme)  // FormView.swift
        }
        let focusMark = state.focus == .list && state.listIsInteractive ? "▸ " : "  "
        var x = screen.put(state.presentation.ascii ? (focusMark == "  " ? "  " : "> ") : focusMark, col: 0, row: row, style: theme.focusMark)
        // A list not read yet (start-up indexing of a very large store) is not "0 of N".
        let unread = state.loads.indexingBacklog && state.list.pins.isEmpty
        let shown = state.list.count < state.listInViewCount && !unread
            ? S.sheetShownOf(state.list.count, state.listInViewText) : state.listInViewText
        x = screen.put(S.sheetPinsInView(shown), col: x, row: row, style: theme.title)
        // The order label is the last thing on the row: cut with … when it does not fit.
        let order = " · \(state.orderLabel)"
        x = screen.put(DisplayWidth.truncate(order, to: max(0, state.layout.cols - x), ascii: state.presentation.ascii), col: x, row: row, style: theme.muted)
        // The hint is whole or absent: cut at the edge it read "K or" (in Korean "K 또는 ↑로 끌").
        let hint = "  " + S.sheetOpenHint.text
        if state.sheet.detent == .small && !state.sheet.isDragging && !state.sheet.isAnimating
            && x + DisplayWidth.of(hint) <= state.layout.cols {
            screen.put(hint, col: x, row: row, style: theme.hint)
        }
    }

    /// "N more elsewhere: F shows them all" under a search's matches in view.
    private static func drawElsewhere(_ state: AppState, row: Int, theme: Theme, into screen: inout Screen) {
        guard !state.search.text.isEmpty, state.search.elsewhere > 0 else { return }
        let n = String(state.search.elsewhere) + (state.search.isCapped ? "+" : "")
        // While the field takes the keys `F` is text: name the key that works there.
        let line = state.isSearching ? S.listMoreElsewhereTyping(n) : S.listMoreElsewhere(n)
        screen.put("  " + line, col: 0, row: row, style: theme.hint)
    }

    private static func drawList(_ state: AppState, rect: Rect, into screen: inout Screen, theme: Theme) {
        var first = rect.y + headerRows
        var rows = max(0, rect.maxY - first)
        guard rows > 0 else { return }
        if state.placeRows > 0 || state.search.place.onlyPlaces {
            // Places matching the search come first (PlaceSearch.swift).
            PlaceRowsView.draw(state, first: first, rows: rows, width: rect.width, into: &screen, theme: theme)
            if state.search.place.onlyPlaces {
                // `g` with a name no place has says so (the list would be silently empty).
                if let text = state.placeNoMatchText {
                    screen.put("  " + S.placeNoMatch(SafeText.sanitize(text, ascii: state.presentation.ascii)), col: 0, row: first,
                               style: theme.hint, maxWidth: rect.width)
                }
                return
            }
            first += state.placeRows
            rows -= state.placeRows
            guard rows > 0 else { return }
        }
        if state.list.pins.isEmpty || state.searchUnanswered {
            let hint = state.searchUnanswered ? S.listSearchUnreachable.text : state.listWaitingText ?? (state.list.totalCount == 0 ? S.listNoPinsYet.text
                : !state.search.text.isEmpty ? (!state.search.isPending && state.search.elsewhere == 0
                                           ? S.listNoMatchAnywhere(TextWrap.middle(state.search.text, to: max(8, rect.width / 2), ascii: state.presentation.ascii))
                                           : state.search.isCapped ? S.listNoMatchCapped(SearchResults.scanLimit) : S.listNoMatch.text)
                : state.map.categoryFilter?.isEmpty == true ? S.listEveryCategoryOff.text
                : state.map.categoryFilter != nil ? S.listNoFilteredPinsInView.text
                : S.listNoPinsInView.text)
            // Wrapped onto the rows it may use (one stays for "N more elsewhere"), never cut mid-word.
            let elsewhere = !state.search.text.isEmpty && state.search.elsewhere > 0 ? 1 : 0
            let room = max(1, rows - elsewhere)
            var lines = TextWrap.lines(hint, width: max(1, rect.width - 3), ascii: state.presentation.ascii)
            if lines.count > room {
                lines = Array(lines.prefix(room - 1)) + [DisplayWidth.truncate(lines[(room - 1)...].joined(separator: " "), to: max(1, rect.width - 3), ascii: state.presentation.ascii)]
            }
            for (i, l) in lines.enumerated() { screen.put("  " + l, col: 0, row: first + i, style: theme.muted) }
            if rows > lines.count { drawElsewhere(state, row: first + lines.count, theme: theme, into: &screen) }
            return
        }
        // After the last match in view: how many more the search found elsewhere.
        let after = first + state.list.count - state.list.scroll
        if after >= first && after < rect.maxY { drawElsewhere(state, row: after, theme: theme, into: &screen) }
        let naming = state.placeNaming
        let shown = Array(state.list.pins.dropFirst(state.list.scroll).prefix(rows))
        // A place that only repeats its title ("Nani Daman  near Nani Daman, IN") gives way.
        let places = shown.map { $0.placeTextAddingToTitle(naming).map { SafeText.sanitize($0, ascii: state.presentation.ascii) } }
        let titles = shown.map { SafeText.sanitize($0.title, ascii: state.presentation.ascii) }
        let columns = ListColumns(width: rect.width, titleWidth: titles.map(DisplayWidth.of).max() ?? 0,
                                  placeWidth: places.compactMap { $0.map(DisplayWidth.of) }.max() ?? 0,
                                  hasCategory: shown.contains { !$0.category.isEmpty })
        let (titleWidth, placeWidth, catWidth, lastWidth) = (columns.title, columns.place, columns.category, columns.last)
        // Sorted by distance, the last column is each pin's distance from the point the list was sorted
        // from; above `sortLimit` pins in view the list is newest first (its header says so): dates.
        let distanceSorted = state.list.order == .distance && !(state.search.text.isEmpty && state.listInViewCount > AppState.sortLimit)
        let near = distanceSorted ? state.list.source?.near : nil
        for (i, pin) in shown.enumerated() {
            let row = first + i
            let selected = pin.id == state.list.selectedID
            let base: Style = selected ? theme.selectedRow : (state.listIsInteractive ? .plain : theme.muted)
            if selected { screen.fill(Rect(x: 0, y: row, width: rect.width, height: 1), with: Cell(" ", base)) }
            let marker = state.presentation.ascii ? (selected ? "@" : "o") : (selected ? "◉" : "•")
            screen.put(" \(marker) ", col: 0, row: row, style: base)
            // Without a place to show, the title has the place's cells too.
            let ownTitleWidth = placeWidth > 0 && places[i] == nil ? titleWidth + 1 + placeWidth : titleWidth
            let title = DisplayWidth.truncate(titles[i], to: ownTitleWidth, ascii: state.presentation.ascii)
            screen.put(DisplayWidth.pad(title, to: ownTitleWidth), col: 3, row: row, style: base, maxWidth: ownTitleWidth)
            var x = 4 + titleWidth
            if placeWidth > 0 {
                if let place = places[i] {
                    screen.put(DisplayWidth.pad(place, to: placeWidth, ascii: state.presentation.ascii), col: x, row: row, style: selected ? base : theme.muted,
                               maxWidth: placeWidth)
                }
                x += placeWidth + 1
            }
            if columns.note > 0 {
                let note = SafeText.sanitize(pin.description.split(whereSeparator: \.isNewline).first.map(String.init) ?? "",
                                             ascii: state.presentation.ascii)
                screen.put(DisplayWidth.truncate(note, to: columns.note, ascii: state.presentation.ascii), col: x, row: row,
                           style: selected ? base : theme.muted, maxWidth: columns.note)
                x += columns.note + 1
            }
            let cat = DisplayWidth.pad(SafeText.sanitize(pin.category, ascii: state.presentation.ascii), to: catWidth,
                                       ascii: state.presentation.ascii)
            screen.put(cat, col: x, row: row, style: selected ? base : theme.category(pin.category), maxWidth: catWidth)
            let last = near.map { DistanceText.text(metres: greatCircleMetres($0.latitude, $0.longitude, pin.latitude, pin.longitude)) }
            let lastText = last.map { String(repeating: " ", count: max(0, lastWidth - DisplayWidth.of($0))) + $0 }
                ?? String(pin.createdAt.prefix(10))
            screen.put(lastText, col: x + 1 + catWidth, row: row, style: selected ? base : theme.date, maxWidth: lastWidth)
        }
    }
}
