import Frame
import GeoMap
import PinModel

/// Going to a place by name, offline: while the `/` search field
/// is open, places whose name starts with the text are listed above the
/// pins (`Gazetteer.search`, pure and in memory); `g` opens the same field
/// for places only. Enter on a place flies the map there at a zoom that
/// fits it, with the place in the middle of the map left above the sheet.
extension AppState {
    /// Most places listed above the pins (all rows in places-only mode).
    static let placeRowsWithPins = 3

    /// Place rows the sheet shows above the pin list now.
    var placeRows: Int {
        guard search.field != nil, !search.place.matches.isEmpty else { return 0 }
        return search.place.onlyPlaces ? search.place.matches.count : min(search.place.matches.count, AppState.placeRowsWithPins)
    }

    /// Names in the place-name setting's language, the words around them in the interface's.
    public var placeNaming: PlaceNaming {
        PlaceNaming(language: presentation.placeLanguage, ascii: presentation.ascii,
                    wording: presentation.language == .korean ? .korean : .english)
    }

    /// Recomputes the places for `text` and highlights the first.
    mutating func updatePlaceMatches(_ text: String) {
        let limit = search.place.onlyPlaces ? max(1, visibleListRows) : AppState.placeRowsWithPins
        // The name index is built by a worker (`Effect.preparePlaceIndex`): until it is,
        // the places come with `AppEvent.Search.place.indexReady` (`place.matchesPending`), and the
        // keys never wait for it.
        let found = search.place.indexReady ? Gazetteer.shared.search(text, limit: limit, naming: placeNaming) : nil
        search.place.matchesPending = found == nil
        search.place.matches = found ?? []
        // Enter goes to a place only when the text is its whole name (`Paris`, `서울`);
        // a start of one (`park`) leaves Enter keeping the search (↓ chooses a place).
        search.place.cursor = !search.place.matches.isEmpty && (search.place.onlyPlaces || search.place.matches[0].exact) ? 0 : nil
    }

    /// The typed name (shortened in the middle) when `g`'s field has text and no place
    /// matches it, else nil.
    var placeNoMatchText: String? {
        guard search.place.onlyPlaces, !search.place.matchesPending, search.place.matches.isEmpty,
              let text = search.field.map { trimmedText($0.text) }, !text.isEmpty else { return nil }
        return TextWrap.middle(text, to: 30)
    }

    /// `g`: the search field for places only.
    mutating func startPlaceSearch(now: Double) {
        search.place.onlyPlaces = true
        search.field = TextField("")
        search.place.matches = []
        search.place.cursor = nil
        if sheet.detent == .small { sheet.move(to: sheet.layout.resolve(.medium), time: now) }
        focus = .list
    }

    /// Leaves the field and forgets the places.
    mutating func endPlaceSearch() {
        search.place.matches = []
        search.place.cursor = nil
        search.place.onlyPlaces = false
    }

    /// ↑/↓ in the field: through the places, then (not in places-only
    /// mode) on into the pins. Returns false when the pins should move.
    mutating func movePlaceCursor(down: Bool) -> Bool {
        guard placeRows > 0 else { return false }
        if let c = search.place.cursor {
            if down {
                if c + 1 < placeRows { search.place.cursor = c + 1 } else if !search.place.onlyPlaces && !list.pins.isEmpty { search.place.cursor = nil }
            } else if c > 0 {
                search.place.cursor = c - 1
            }
            return true
        }
        if !down && list.cursor == 0 { search.place.cursor = placeRows - 1; return true }
        return false
    }

    /// Flies to `match`: fits its box into the map above the sheet.
    mutating func fly(to match: PlaceMatch, _ fx: inout Effects) {
        let pane = layout.mapPane
        let visible = settledVisibleMap
        var v = map.viewport
        v.fit(match.box, pane: visible.height > 2 ? Rect(x: pane.x, y: visible.y, width: pane.width, height: visible.height) : pane)
        if visible.height > 2 {
            // fit centred the box on the pane's centre row: move it up to the visible part's centre.
            let shift = (Double(pane.y) + Double(pane.height) / 2) - (Double(visible.y) + Double(visible.height) / 2)
            v.pan(columns: 0, rows: shift, pane: pane)
        }
        map.viewport = v
        arrive(at: match)  // PlaceArrival.swift
        let country = Gazetteer.shared.countryName(code: match.countryCode, placeNaming)
        if case .city = match.kind, let country { feedback.message = "\(match.name), \(country)" } else { feedback.message = match.name }
        fx.requestView(list: true)
    }

    /// Enter or a click on place row `i`: fly there and close the field.
    mutating func choosePlace(_ i: Int, _ fx: inout Effects) {
        guard i >= 0, i < search.place.matches.count else { return }
        let match = search.place.matches[i]
        search.field = nil
        endPlaceSearch()
        setSearch("", &fx)
        fly(to: match, &fx)
    }
}

/// The place rows above the pin list: a place marker, the name and the country.
enum PlaceRowsView {
    static func draw(_ state: AppState, first: Int, rows: Int, width: Int, into screen: inout Screen, theme: Theme) {
        let g = Gazetteer.shared
        for (i, m) in state.search.place.matches.prefix(min(rows, state.placeRows)).enumerated() {
            let row = first + i
            let selected = i == state.search.place.cursor
            let base: Style = selected ? theme.selectedRow : theme.text
            if selected { screen.fill(Rect(x: 0, y: row, width: width, height: 1), with: Cell(" ", base)) }
            var x = screen.put(state.presentation.ascii ? " # " : " ⌖ ", col: 0, row: row, style: selected ? base : theme.hint)
            x = screen.put(SafeText.sanitize(m.name, ascii: state.presentation.ascii), col: x, row: row, style: selected ? base : theme.title,
                           maxWidth: max(0, width - x - 24))
            let kind: String
            switch m.kind {
            case .country: kind = S.plCountry.text
            case .city(let c): kind = (g.countryName(code: m.countryCode, state.placeNaming) ?? m.countryCode)
                + " · " + (g.cities[c].isPrimary ? S.plLargestCity.text : S.plCity.text)
            }
            screen.put("  " + SafeText.sanitize(kind, ascii: state.presentation.ascii), col: x, row: row, style: selected ? base : theme.muted,
                       maxWidth: max(0, width - x))
        }
    }
}
