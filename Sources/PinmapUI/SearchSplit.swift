import Foundation
import GeoMap
import PinStore

/// A search's matches split by the view: those inside the view's boxes (and the category
/// filter) for the list and the map, and how many more lie elsewhere.
struct SearchSplit {
    /// Matches in view, newest id first.
    var inView: [Pin]
    /// Matches outside the view that pass the category filter.
    var elsewhere: Int

    init(_ results: SearchResults, boxes: [LatLonBox], categories: Set<String>?) {
        var inside: [Pin] = []
        var outside = 0
        for pin in results.inView where categories?.contains(pin.category) ?? true {
            let inBox = boxes.isEmpty || boxes.contains {
                pin.latitude >= $0.south && pin.latitude <= $0.north && pin.longitude >= $0.west && pin.longitude <= $0.east
            }
            if inBox { inside.append(pin) } else { outside += 1 }
        }
        inView = inside
        elsewhere = outside + results.elsewhere
    }

    /// The in-view matches in the list's `order` (the store's orders: newest first, name,
    /// distance from `near` by the equirectangular approximation).
    func sorted(_ order: PinQuery.Order, near: GeoPoint) -> [Pin] {
        switch order {
        case .newest:
            return inView.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
        case .name:
            return inView.sorted { ($0.title.lowercased(), $0.id) < ($1.title.lowercased(), $1.id) }
        case .distance:
            let k = cos(near.latitude * .pi / 180)
            func d(_ p: Pin) -> Double {
                let dy = p.latitude - near.latitude, dx = (p.longitude - near.longitude) * k
                return dy * dy + dx * dx
            }
            return inView.sorted { (d($0), $0.id) < (d($1), $1.id) }
        }
    }
}
