import Frame
import GeoMap

/// The status line's point: where the map is, in the words a pin's place
/// uses ("centre near Kassel, DE", "pointer Germany", "centre open sea"), then the raw
/// coordinate and the zoom, so every screen says which country and city it shows
/// even when markers leave no room for place names on the map.
extension StatusLineView {
    /// The place at `statusPoint` (the map centre, or the map cell under the pointer),
    /// its coordinate and the zoom, as three parts. The place may be cut to its bare
    /// words ("near Kassel, DE") and then with `…`; the coordinate is shown whole or not
    /// at all; with the pointer off the world there is no place and no coordinate.
    static func pointParts(_ state: AppState) -> [StatusPart] {
        let zoom = StatusPart(text: "z\(zoomLabel(state.map.viewport.zoom))", priority: StatusPriority.zoom, minWidth: nil)
        if state.pointerOffMap {
            return [StatusPart(text: S.statusPointerOffMap.text, priority: StatusPriority.place, minWidth: 10), zoom]
        }
        let (p, underPointer) = state.statusPoint
        let place = SafeText.sanitize(Gazetteer.shared.placeText(p, state.placeNaming), ascii: state.presentation.ascii)
        let coordinate = "\(GeoFormat.latitude(p.latitude, decimals: 4)) \(GeoFormat.longitude(p.longitude, decimals: 4))"
        return [StatusPart(text: underPointer ? S.statusPointer(place) : S.statusCentre(place),
                           priority: StatusPriority.place, minWidth: 10, short: place),
                StatusPart(text: coordinate, priority: StatusPriority.coordinate, minWidth: nil),
                zoom]
    }
}
