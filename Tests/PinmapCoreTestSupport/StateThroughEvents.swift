import Frame
import GeoMap
import PinModel
import PinmapCore

/// Pure core tests reach their states through events, as the app does: `update` alone, its
/// effects dropped (no runtime performs them; the answers a test needs are fed as events).
extension AppState {
    /// Feeds `event` to `update` at `now` and drops its effects.
    public mutating func feed(_ event: AppEvent, now: Double = 0) { _ = update(event, now: now) }

    /// A key press.
    public mutating func press(_ key: Key, now: Double = 0) { feed(.input(.key(key)), now: now) }

    /// Types `text` one character at a time.
    public mutating func type(_ text: String, now: Double = 0) { for c in text { press(.char(c), now: now) } }

    /// The answer of a view read for the current view (`.view(.loaded)`): `total` pins in the
    /// store in `categories` (name, pins; the rest without a category), `inView` of them in
    /// view, and the list's first rows when `listed` is given.
    public mutating func receiveView(total: Int, categories: [(String, Int)] = [], inView: Int, approximate: Bool = false,
                                     markers: [MapMarker] = [], listed: [Pin]? = nil, elsewhere: Int? = nil) {
        let totals = PinCellTotals(total: total, categories: categories.map { PinCellTotals.CategoryTotal(name: $0.0, count: $0.1) })
        let part = ViewData.ViewPart(markers: markers, inView: inView, approximate: approximate, elsewhere: elsewhere, listed: listed)
        feed(.view(.loaded(ViewData(totals: totals, view: part, selectedMarker: nil, list: listed != nil, generation: loads.viewGeneration))))
    }
}
