import PinModel
import Frame

/// Search as you type (`/`): the field sits on the sheet's header row and
/// takes every key while it is active, so `q` is text, never quit. Each edit
/// sets `search` (full-text over title, description and category in the
/// store, combined with the category filter and the viewport) and asks for
/// a reload, so the list and the map follow the text.
extension AppState {
    /// True while the search field takes the keys.
    public var isSearching: Bool { search.field != nil }

    /// Opens the search field with the current search text; the sheet stays at its
    /// detent (the field is on its header row, visible at every detent).
    mutating func startSearch(now: Double) {
        search.field = TextField(search.text)
        search.place.onlyPlaces = false
        updatePlaceMatches(search.text)  // PlaceSearch.swift
        focus = .list
    }

    /// A key while the search field is active. Enter keeps the search and
    /// leaves the field; Esc clears it and leaves; Ctrl-C still quits; ↑/↓
    /// move through the results without leaving the field. Returns false
    /// (and closes the field, keeping its text) when another tab is showing,
    /// e.g. after a click on the tab bar: the key then goes to that tab.
    mutating func handleSearch(key: Key, now: Double, _ fx: inout Effects) -> Bool {
        guard var field = search.field else { return false }
        guard tab == .map else { search.field = nil; endPlaceSearch(); return false }
        switch key {
        case .ctrl("c"): quit = true
        case .enter:
            // Typed before the place-name index was ready: the Enter waits for it (`update`
            // applies it, and any input after it, when `AppEvent.Search.placeIndexReady` comes).
            if search.place.matchesPending { search.inputAwaitingPlaces = [.key(.enter)]; return true }
            if let p = search.place.cursor { choosePlace(p, &fx); return true }  // PlaceSearch.swift
            if let text = placeNoMatchText { feedback.message = S.placeNoMatch(text); return true }  // the field stays to correct
            search.field = nil
            endPlaceSearch()
            feedback.message = search.text.isEmpty ? nil : S.msgSearchKept.text
            // A single match is selected (and the map centred on it): a second Enter opens it.
            if !search.text.isEmpty && list.selectedPin == nil && list.count == 1 { select(index: 0, &fx) }
        case .escape:
            search.field = nil
            endPlaceSearch()
            setSearch("", &fx)
        case .ctrl("f") where !search.place.onlyPlaces:
            // "Show them all" from the field, whatever place is highlighted: keeps the search.
            search.field = nil
            endPlaceSearch()
            fx.add(.fitPins(fitQuery, announce: true))
        case .up, .down:
            if !movePlaceCursor(down: key == .down) && !search.place.onlyPlaces {
                _ = perform(key == .up ? .up : .down, now: now, &fx)
            }
        default:
            field.handle(key)
            search.field = field
            if !search.place.onlyPlaces { setSearch(field.text, &fx) }
            updatePlaceMatches(field.text)
        }
        return true
    }

    /// Sets the search text (surrounding spaces ignored) and asks for a
    /// reload when it changed.
    mutating func setSearch(_ text: String, _ fx: inout Effects) {
        let t = trimmedText(text)
        guard t != search.text else { return }
        search.text = t
        search.revealAfterAnswer = nil
        list.cursor = 0
        list.scroll = 0
        fx.requestView(list: true)
        if t.isEmpty { search.matches = nil; search.elsewhere = 0; return }
        search.generation += 1
        fx.add(.search(text: t, generation: search.generation))
    }

    /// A search's answer: kept when it is for the current generation, else dropped (the
    /// text changed while it ran).
    mutating func receiveSearch(generation: Int, _ result: Result<SearchResults, StoreError>, _ fx: inout Effects) {
        guard generation == search.generation else { return }
        switch result {
        case .success(let r):
            search.matches = r
            fx.requestView(list: true)
            // A pin just written that this search does not hold is shown: the search goes.
            if let id = search.revealAfterAnswer {
                search.revealAfterAnswer = nil
                if r.text == search.text && !r.matches.contains(where: { $0.id == id }) { setSearch("", &fx) }
            }
        case .failure(let e):
            search.revealAfterAnswer = nil
            search.matches = SearchResults(text: search.text, matches: [], capped: false)  // answered: stop waiting
            // A store that cannot be reached: the search says it could not run (the list shows
            // no rows as if they matched), and the status line says "reconnecting…".
            guard e.meansUnreachable || feedback.storeUnreachable else { feedback.message = S.msgStoreError(e); return }
            search.unansweredGeneration = generation
            if feedback.storeUnreachable { feedback.message = feedback.reconnectingText }
        }
    }

    /// The current search could not run: the store does not answer (its answer failed so, or
    /// the status line says "reconnecting…" while it is on its way).
    public var searchUnanswered: Bool {
        !search.text.isEmpty && (search.unansweredGeneration == search.generation || (search.isPending && feedback.storeUnreachable))
    }
}
