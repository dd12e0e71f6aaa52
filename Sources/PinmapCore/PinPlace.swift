import GeoMap
import PinModel

extension Pin {
    /// Where the pin is, in words: "near Paris, FR" (the nearest gazetteer
    /// city within 50 km), else the country ("Algeria"), else "open sea".
    /// Computed on the fly from the embedded gazetteer (microseconds), so
    /// imports and edits pay nothing for it.
    public func placeText(_ naming: PlaceNaming = PlaceNaming()) -> String {
        Gazetteer.shared.placeText(GeoPoint(latitude: latitude, longitude: longitude), naming)
    }
}
