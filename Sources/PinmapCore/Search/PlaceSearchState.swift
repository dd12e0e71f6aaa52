import GeoMap

/// The place names the search field finds (`/` lists them above the pins, `g` finds only
/// them): PlaceSearch.swift changes them.
public struct PlaceSearchState: Sendable {
    /// Places matching the search field's text, listed above the pins.
    public internal(set) var matches: [PlaceMatch] = []
    /// The highlighted place, nil when a pin row is.
    public internal(set) var cursor: Int?
    /// The field was opened with `g`: it finds places only.
    public internal(set) var onlyPlaces = false
    /// The place index was not built yet when the field changed: its readiness asks again.
    public internal(set) var matchesPending = false
    /// The place-name index is built (`AppEvent.Search.placeIndexReady`).
    public internal(set) var indexReady = false
    /// The index was asked for (`Effect.preparePlaceIndex`), once.
    var indexAsked = false
}
