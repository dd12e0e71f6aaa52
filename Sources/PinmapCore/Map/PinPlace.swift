import Foundation
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

    /// `placeText`, nil when it only repeats the title: the pin's title is the city's or the
    /// country's name (in English or Korean, whatever the case and accents), as `Nani Daman`
    /// near Nani Daman, IN. A title that only holds the name ("Seoul Museum of History") keeps it.
    public func placeTextAddingToTitle(_ naming: PlaceNaming = PlaceNaming()) -> String? {
        let g = Gazetteer.shared
        let place = g.place(of: GeoPoint(latitude: latitude, longitude: longitude))
        let names: [String]
        switch place {
        case .near(let i, _): names = [g.englishName(of: g.cities[i]), g.koreanName(of: g.cities[i])]
        case .inCountry(let i): names = [g.countries[i].name, g.countries[i].koreanName]
        case .openSea: names = []
        }
        let folded = Self.fold(title)
        let repeats = names.map(Self.fold).contains { !$0.isEmpty && $0 == folded }
        return repeats ? nil : g.text(for: place, naming)
    }

    /// Case and accents left out, for comparing names. ASCII text only needs its case
    /// folded, which `folding` does the same, slower (the list folds every row it draws).
    private static func fold(_ s: String) -> String {
        if s.utf8.allSatisfy({ $0 < 0x80 }) { return s.lowercased() }
        return s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
