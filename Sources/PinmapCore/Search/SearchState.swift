import Frame
import PinModel

/// The search: its text and field, the store's answer, and the places it finds
/// (Search.swift, PlaceSearch.swift change it).
public struct SearchState: Sendable {
    /// Full-text search over title, description and category ("" = none).
    public internal(set) var text = ""
    /// The search field while it takes the keys (nil when not typing a search).
    public internal(set) var field: TextField?
    /// Places matching the search field's text, listed above the pins (PlaceSearch.swift).
    public internal(set) var place = PlaceSearchState()
    /// Input that came after an Enter typed before the place-name index was ready (a fast
    /// `gSeoul⏎`): held, in order, and applied when the index is (`AppEvent.Search.placeIndexReady`),
    /// so the Enter chooses the place it would have chosen and is never lost.
    public internal(set) var inputAwaitingPlaces: [InputEvent] = []
    /// Went to a city: the map zooms in while its own pin shares a marker (`PlaceArrival.swift`).
    public internal(set) var placeArrival: PlaceArrival?
    /// Bumped for every new search text; results of an older generation are dropped.
    public internal(set) var generation = 0
    /// Every match of `text` in the store (as last answered; `SearchResults.text` says for
    /// which text); the list and the map take the ones in view from it.
    public internal(set) var matches: SearchResults?
    /// Matches of the search outside the view the list was read for (shown as "N more
    /// elsewhere"; with `AppState.listInViewCount` it adds up to the matches the category
    /// filter keeps).
    public internal(set) var elsewhere = 0

    /// True when the current search's answer stopped at `Store.searchScanLimit` matches.
    public var isCapped: Bool { !text.isEmpty && matches.map { $0.capped && $0.text == text } == true }

    /// The search of this generation could not run: the store did not answer (or could not
    /// be reached). A newer generation (the text changed, or the reconnection's search) clears it.
    var unansweredGeneration: Int?

    /// A pin just written (added, edited, restored) that must be shown: when the search's next
    /// answer (the re-read after the write) does not hold it, the search is cleared.
    var revealAfterAnswer: Int64?

    /// True while the answer to the current search text is on its way.
    public var isPending: Bool { !text.isEmpty && matches?.text != text }
}
