import Foundation
import GeoMap
import PinModel

/// A search's matches split by the view: those inside the view's boxes (and the category
/// filter) for the list and the map, and how many more lie elsewhere.
public struct SearchSplit {
    /// Matches in view, newest id first.
    public var inView: [SearchMatch]
    /// Matches outside the view that pass the category filter.
    public var elsewhere: Int

    public init(_ results: SearchResults, boxes: [LatLonBox], categories: Set<String>?) {
        var inside: [SearchMatch] = []
        var outside = 0
        for m in results.matches where categories?.contains(m.category) ?? true {
            if m.isInside(boxes) { inside.append(m) } else { outside += 1 }
        }
        inView = inside
        elsewhere = outside
    }

    /// The ids of the in-view matches to list, in the list's `order`, at most `limit`:
    /// best match first (`SearchRelevance`, then newest), newest first (creation time, as the map's list; the store reads matches newest id
    /// first, which is not the same) and distance from `near` (equirectangular) sort the
    /// matches as read; name needs the titles, so `titles` is asked for the pins of up to `sortLimit`.
    public func listedIDs(_ order: PinQuery.Order, near: GeoPoint, limit: Int, sortLimit: Int,
                   titles: ([Int64]) throws -> [Pin]) rethrows -> [Pin] {
        switch order {
        case .relevance:
            let best = inView.sorted { ($0.relevance, $1.createdAt, $1.id) < ($1.relevance, $0.createdAt, $0.id) }
            return try titles(best.prefix(limit).map(\.id))
        case .newest:
            let newest = inView.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
            return try titles(newest.prefix(limit).map(\.id))
        case .distance:
            let k = cos(near.latitude * .pi / 180)
            func d(_ p: SearchMatch) -> Double {
                let dy = p.latitude - near.latitude, dx = (p.longitude - near.longitude) * k
                return dy * dy + dx * dx
            }
            return try titles(inView.sorted { (d($0), $0.id) < (d($1), $1.id) }.prefix(limit).map(\.id))
        case .title:
            let pins = try titles(inView.prefix(sortLimit).map(\.id))
            return Array(pins.sorted { ($0.title.lowercased(), $0.id) < ($1.title.lowercased(), $1.id) }.prefix(limit))
        }
    }
}
