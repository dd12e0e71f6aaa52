import Foundation

/// A pin and its great-circle distance from a reference point.
public struct PinDistance: Sendable, Equatable {
    public var pin: Pin
    /// Metres along the great circle (`greatCircleMetres`).
    public var metres: Double
    public init(pin: Pin, metres: Double) { self.pin = pin; self.metres = metres }
}

/// Great-circle distance in metres between two WGS84 points (haversine on a
/// sphere of radius 6,371,008.8 m, the IUGG mean Earth radius).
public func greatCircleMetres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
    let r = 6_371_008.8
    let p1 = lat1 * .pi / 180, p2 = lat2 * .pi / 180
    let dp = p2 - p1, dl = (lon2 - lon1) * .pi / 180
    let a = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
    return 2 * r * asin(min(1, sqrt(a)))
}
