import Foundation

/// A pin and its great-circle distance from a reference point.
public struct PinDistance: Sendable, Equatable {
    public var pin: Pin
    /// Metres along the great circle (`greatCircleMetres`).
    public var metres: Double
    public init(pin: Pin, metres: Double) { self.pin = pin; self.metres = metres }
}

extension Store {
    /// The pins matching `query` (its order ignored) sorted by great-circle
    /// distance from (`latitude`, `longitude`) in degrees, closest first (ties by
    /// id), at most `query.limit`. Exact, unlike `PinQuery.Order.distance`
    /// (which ranks in SQL by an equirectangular approximation): it reads every
    /// matching pin, so narrow `query` by a box or search on large stores.
    /// - Throws: `StoreError` from SQLite.
    public func pinsByDistance(_ query: PinQuery, latitude: Double, longitude: Double) throws(StoreError) -> [PinDistance] {
        var q = query
        q.limit = -1
        q.order = .newest
        let sorted = try pins(matching: q)
            .map { PinDistance(pin: $0, metres: greatCircleMetres(latitude, longitude, $0.latitude, $0.longitude)) }
            .sorted { ($0.metres, $0.pin.id) < ($1.metres, $1.pin.id) }
        return query.limit >= 0 ? Array(sorted.prefix(query.limit)) : sorted
    }
}
