import Foundation

/// The places (`Gazetteer.place(of:)`) of the last points asked for, by exact coordinates:
/// the list draws "near Seoul, KR" for each row on screen every frame, and in a crowded city
/// each look-up weighs ~100 nearby cities (≈ 20,000 instructions; a full list page ≈ 0.4 M
/// a frame) while the rows stay the same pins from frame to frame (panning, dragging the
/// sheet, scrolling by a row). Direct-mapped: `slots` entries, a newer point evicting an
/// older one with the same hash; a lock, since the search thread may ask too.
final class PlaceMemo: @unchecked Sendable {
    /// Entries kept: a few list pages.
    static let slots = 512

    private struct Entry {
        var latitude: UInt64
        var longitude: UInt64
        var place: Place
    }

    private var entries: [Entry?] = Array(repeating: nil, count: PlaceMemo.slots)
    private let lock = NSLock()

    /// The place kept for `p`, nil when none is.
    func place(of p: GeoPoint) -> Place? {
        let lat = p.latitude.bitPattern, lon = p.longitude.bitPattern
        lock.lock()
        defer { lock.unlock() }
        guard let e = entries[Self.slot(lat, lon)], e.latitude == lat, e.longitude == lon else { return nil }
        return e.place
    }

    /// Keeps `place` as the place of `p`.
    func keep(_ place: Place, of p: GeoPoint) {
        let lat = p.latitude.bitPattern, lon = p.longitude.bitPattern
        lock.lock()
        defer { lock.unlock() }
        entries[Self.slot(lat, lon)] = Entry(latitude: lat, longitude: lon, place: place)
    }

    private static func slot(_ lat: UInt64, _ lon: UInt64) -> Int {
        var h = lat &* 0x9E37_79B9_7F4A_7C15 ^ lon
        h = (h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return Int((h >> 32) % UInt64(slots))
    }
}
