import PinModel

/// The same pins for every store whose map must match another's (the file and PostgreSQL
/// stores' fit and cells): each category puts one part of the reading to the test.
/// - "city": 20,000 pins over 0.3° × 0.4° of Seoul, six decimals (a CSV's): at zoom 16–64
///   more cells straddle screen cells than the map's budget splits.
/// - "edge": pins exactly on cell edges and corners of every level from 8 to 22, around Seoul.
/// - "stack": 300 pins at one point and 200 within one finest cell (≈ 9.5 m).
/// - "dateline": pins on both sides of ±180°, and on it.
/// - "pole": pins at and near both poles.
/// Deterministic (a fixed linear congruential sequence); ids 1… in this order.
public enum ParityPins {
    public static func all() -> [NewPin] {
        var seed: UInt64 = 2_026
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        func six(_ v: Double) -> Double { (v * 1_000_000).rounded() / 1_000_000 }
        var out: [NewPin] = []
        func add(_ category: String, _ lat: Double, _ lon: Double) {
            out.append(NewPin(title: "\(category) \(out.count + 1)", category: category, latitude: lat, longitude: lon,
                              createdAt: "2025-05-01T00:00:00Z"))
        }
        for _ in 0..<20_000 { add("city", six(37.4 + next() * 0.3), six(126.8 + next() * 0.4)) }
        // Edges of cells of levels 8…22 near 37.56N 126.98E (PinGrid's arithmetic: 360/2^k
        // degrees a column from 180°W, twice that a row from 90°S), and their corners.
        for level in 8...22 {
            let w = 360 / Double(1 << level), h = 2 * w
            let x = ((126.98 + 180) / w).rounded(.down), y = ((37.56 + 90) / h).rounded(.down)
            add("edge", y * h - 90, x * w - 180)
            add("edge", y * h - 90 + h / 3, x * w - 180)
            add("edge", y * h - 90, x * w - 180 + w / 3)
            add("edge", (y + 1) * h - 90, (x + 1) * w - 180)
        }
        for _ in 0..<300 { add("stack", 37.5665, 126.978) }
        for _ in 0..<200 { add("stack", 37.5666 + next() * 0.00005, 126.9781 + next() * 0.00005) }
        for lon in [180, -180, 179.999999, -179.999999, 179.5, -179.5] {
            for lat in [-16.5, 0, 12.25] { add("dateline", lat, lon) }
        }
        for lat in [90, -90, 89.999999, -89.999999] {
            for lon in [0, 126.98, -180, 180] { add("pole", lat, lon) }
        }
        return out
    }

    /// `all()` as a snapshot to load in bulk (`receive`), ids from 1.
    public static func snapshot() -> StoreSnapshot {
        StoreSnapshot(pins: all().enumerated().map { i, p in
            SnapshotPin(pin: Pin(id: Int64(i + 1), title: p.title, category: p.category, latitude: p.latitude,
                                 longitude: p.longitude, createdAt: p.createdAt ?? "", updatedAt: "2025-05-01T00:00:00Z"),
                        batchID: nil, comments: [])
        })
    }

    /// The exact box of the pins of `categories` (nil: all): their extreme latitudes and
    /// longitudes, what every store's `boundingBox` must answer.
    public static func box(categories: Set<String>?) -> LatLonBox {
        let pins = all().filter { categories?.contains($0.category) ?? true }
        return LatLonBox(south: pins.map(\.latitude).min()!, west: pins.map(\.longitude).min()!,
                         north: pins.map(\.latitude).max()!, east: pins.map(\.longitude).max()!)
    }
}
