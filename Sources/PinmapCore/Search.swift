import PinModel
import Frame

/// Search as you type (`/`): the field sits on the sheet's header row and
/// takes every key while it is active, so `q` is text, never quit. Each edit
/// sets `search` (full-text over title, description and category in the
/// store, combined with the category filter and the viewport) and asks for
/// a reload, so the list and the map follow the text.
extension AppState {
    /// True while the search field takes the keys.
    public var isSearching: Bool { searchField != nil }

    /// Opens the search field with the current search text; the sheet stays at its
    /// detent (the field is on its header row, visible at every detent).
    mutating func startSearch(now: Double) {
        searchField = TextField(search)
        placeSearchOnly = false
        updatePlaceMatches(search)  // PlaceSearch.swift
        focus = .list
    }

    /// A key while the search field is active. Enter keeps the search and
    /// leaves the field; Esc clears it and leaves; Ctrl-C still quits; ↑/↓
    /// move through the results without leaving the field. Returns false
    /// (and closes the field, keeping its text) when another tab is showing,
    /// e.g. after a click on the tab bar: the key then goes to that tab.
    mutating func handleSearch(key: Key, now: Double, _ fx: inout Effects) -> Bool {
        guard var field = searchField else { return false }
        guard tab == .map else { searchField = nil; endPlaceSearch(); return false }
        switch key {
        case .ctrl("c"): quit = true
        case .enter:
            if let p = placeCursor { choosePlace(p, &fx); return true }  // PlaceSearch.swift
            if let text = placeNoMatchText { message = S.placeNoMatch(text); return true }  // the field stays to correct
            searchField = nil
            endPlaceSearch()
            message = search.isEmpty ? nil : S.msgSearchKept.text
            // A single match is selected (and the map centred on it): a second Enter opens it.
            if !search.isEmpty && selectedPin == nil && listCount == 1 { select(index: 0, &fx) }
        case .escape:
            searchField = nil
            endPlaceSearch()
            setSearch("", &fx)
        case .ctrl("f") where !placeSearchOnly:
            // "Show them all" from the field, whatever place is highlighted: keeps the search.
            searchField = nil
            endPlaceSearch()
            fx.add(.fitPins(fitQuery, announce: true))
        case .up, .down:
            if !movePlaceCursor(down: key == .down) && !placeSearchOnly {
                _ = perform(key == .up ? .up : .down, now: now, &fx)
            }
        default:
            field.handle(key)
            searchField = field
            if !placeSearchOnly { setSearch(field.text, &fx) }
            updatePlaceMatches(field.text)
        }
        return true
    }

    /// Sets the search text (surrounding spaces ignored) and asks for a
    /// reload when it changed.
    mutating func setSearch(_ text: String, _ fx: inout Effects) {
        let t = trimmedText(text)
        guard t != search else { return }
        search = t
        cursor = 0
        scroll = 0
        fx.requestView(list: true)
        if t.isEmpty { searchMatches = nil; searchElsewhere = 0; return }
        searchGeneration += 1
        fx.add(.search(text: t, generation: searchGeneration))
    }

    /// A search's answer: kept when it is for the current generation, else dropped (the
    /// text changed while it ran).
    mutating func receiveSearch(generation: Int, _ result: Result<SearchResults, StoreError>, _ fx: inout Effects) {
        guard generation == searchGeneration else { return }
        switch result {
        case .success(let r):
            searchMatches = r
            fx.requestView(list: true)
        case .failure(let e):
            message = S.msgStoreError(e)
            searchMatches = SearchResults(text: search, matches: [], capped: false)  // answered: stop waiting
        }
    }
}
