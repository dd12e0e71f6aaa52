import Foundation
import PinModel

/// Where a point is, in words: near a city, in a country, or at sea.
public enum Place: Sendable, Equatable {
    /// The nearest gazetteer city within `Gazetteer.nearRadiusKm` (index
    /// into `Gazetteer.cities`) and its distance in km.
    case near(city: Int, km: Double)
    /// No city that close: the country whose outline holds the point (index
    /// into `Gazetteer.countries`).
    case inCountry(Int)
    case openSea
}

extension Gazetteer {
    /// "Near" means within this many km of a city's centre.
    public static let nearRadiusKm = 50.0

    /// Where `p` is: the nearest city within 50 km, else the country that
    /// contains it (even-odd test on the 1:110m outlines), else the open sea.
    /// A few microseconds: a 1° grid narrows the cities to a handful; the places of the
    /// last few hundred points asked for are kept (`PlaceMemo`).
    public func place(of p: GeoPoint) -> Place {
        if let known = placeMemo.place(of: p) { return known }
        let found = lookUpPlace(of: p)
        placeMemo.keep(found, of: p)
        return found
    }

    private func lookUpPlace(of p: GeoPoint) -> Place {
        if let (i, d) = nearestCity(to: p, withinKm: Gazetteer.nearRadiusKm) { return .near(city: i, km: d) }
        if let c = country(containing: p) { return .inCountry(c) }
        return .openSea
    }

    /// "near Paris, FR", "France", "open sea" (Korean: "파리 근처, FR", "프랑스",
    /// "바다"): wording per `naming.wording`, names per `naming` (in ASCII mode a city
    /// without an ASCII name falls back to its country: "Sao Paulo 근처, BR").
    public func text(for place: Place, _ naming: PlaceNaming = PlaceNaming()) -> String {
        // The phrase follows the language ("Seoul 근처, KR" in a Korean UI in ASCII map mode,
        // whose other texts are Korean too); the names follow `naming.ascii`.
        let korean = naming.wording == .korean
        switch place {
        case .near(let i, _):
            let city = cities[i]
            if let name = name(of: city, naming) { return korean ? "\(name) 근처, \(city.countryCode)" : "near \(name), \(city.countryCode)" }
            return countries.firstIndex { $0.isoCode == city.countryCode }
                .flatMap { name(of: countries[$0], naming) } ?? city.countryCode
        case .inCountry(let i): return name(of: countries[i], naming) ?? countries[i].isoCode
        case .openSea: return korean ? "바다" : "open sea"
        }
    }

    /// The place of `p` as text (`place(of:)` then `text(for:)`).
    public func placeText(_ p: GeoPoint, _ naming: PlaceNaming = PlaceNaming()) -> String {
        text(for: place(of: p), naming)
    }

    /// The city nearest to `p` within `km`, and its distance, nil when none.
    /// Distances are divided by population^¼ to choose, so a district's
    /// centre beside its city's centre does not hide the city (Paris, not
    /// "Paris 04 Hôtel-de-Ville"), while a district across town still wins.
    public func nearestCity(to p: GeoPoint, withinKm km: Double) -> (Int, Double)? {
        guard p.latitude.isFinite, p.longitude.isFinite else { return nil }
        let grid = CityGrid.shared
        let latCells = Int((km / 111.0).rounded(.up))
        let coslat = cos(min(89.0, abs(p.latitude) + Double(latCells)) * .pi / 180)
        let lonCells = min(180, Int((km / (111.0 * max(coslat, 0.01))).rounded(.up)))
        let row0 = CityGrid.row(p.latitude), col0 = CityGrid.col(p.longitude)
        var best: (Int, Double)?, bestScore: Double?
        var holders: [(Int, Double)] = []   // the cities whose own radius (`cityRadiusKm`) holds p
        for row in max(0, row0 - latCells)...min(179, row0 + latCells) {
            for dc in -lonCells...lonCells {
                for i in grid.cities(row: row, col: col0 + dc) {
                    let c = cities[Int(i)]
                    guard abs(c.latitude - p.latitude) * 111.0 <= km * 1.01 else { continue }  // cheap reject
                    let d = GeoMath.kilometres(p, GeoPoint(latitude: c.latitude, longitude: c.longitude))
                    guard d <= km else { continue }
                    // d / population^¼, compared as its 4th power (no pow per city).
                    let score = d * d * d * d / Double(max(c.population, 1))
                    if bestScore.map({ score < $0 }) ?? true { best = (Int(i), d); bestScore = score }
                    if d <= Gazetteer.cityRadiusKm(population: c.population) { holders.append((Int(i), d)) }
                }
            }
        }
        // A district's centre gives way to the much bigger city it lies in (Passy → Paris):
        // the nearest of the cities holding p that are at least half as populous as the
        // biggest of them (in the Bronx, the Bronx, not Manhattan beside it).
        let most = holders.map { cities[$0.0].population }.max() ?? 0
        let big = holders.filter { 2 * cities[$0.0].population >= most }.min { $0.1 < $1.1 }
        if let b = big, let n = best, cities[b.0].population >= 4 * max(cities[n.0].population, 1) { return b }
        return best
    }

    /// How far a city reaches, in km: 10 km for a million people or more, less for
    /// smaller ones (√ of the population's share of a million), so a point inside a big
    /// city is "near" it rather than near the district centre beside it.
    static func cityRadiusKm(population: Int) -> Double {
        10 * min(1, (Double(max(population, 0)) / 1_000_000).squareRoot())
    }

    /// The country whose outline holds `p` (even-odd over all its rings).
    /// Outlines are cut at ±180°: a point on the antimeridian is tried just
    /// inside each side.
    public func country(containing p: GeoPoint) -> Int? {
        guard p.latitude.isFinite, p.longitude.isFinite else { return nil }
        if abs(p.longitude) >= 179.9999 {
            return country(atX: 17999.99, y: p.latitude * 100) ?? country(atX: -17999.99, y: p.latitude * 100)
        }
        return country(atX: p.longitude * 100, y: p.latitude * 100)
    }

    private func country(atX x: Double, y: Double) -> Int? {
        for (ci, c) in countries.enumerated() {
            var inside = false
            for ring in c.rings where ringBoxes[ring].contains(latitude: y / 100, longitude: x / 100) {
                if ringContains(ringRanges[ring], x: x, y: y) { inside.toggle() }
            }
            if inside { return ci }
        }
        return nil
    }

    private func ringContains(_ r: Range<Int>, x: Double, y: Double) -> Bool {
        var hit = false
        ringCrossings(r, y: y) { if x < $0 { hit.toggle() } }
        return hit
    }

    /// Where country `ci`'s outline crosses `latitude`, as longitudes (degrees, unsorted):
    /// a point on that latitude is inside when an odd number of them lie east of it (the
    /// even-odd rule of `country(containing:)`, for a whole row of points at once: the
    /// label placer asks it for the cells under a country's name).
    func crossings(ofCountry ci: Int, latitude: Double) -> [Double] {
        var xs: [Double] = []
        let y = latitude * 100
        for ring in countries[ci].rings where ringBoxes[ring].south <= latitude && latitude <= ringBoxes[ring].north {
            ringCrossings(ringRanges[ring], y: y) { xs.append($0 / 100) }
        }
        return xs
    }

    /// Calls `body` with the x (centidegrees) of each edge of ring `r` crossing `y`.
    @inline(__always)
    private func ringCrossings(_ r: Range<Int>, y: Double, _ body: (Double) -> Void) {
        var j = r.upperBound - 1
        for i in r {
            let yi = Double(ringLats[i]), yj = Double(ringLats[j])
            if (yi > y) != (yj > y) {
                let xi = Double(ringLons[i]), xj = Double(ringLons[j])
                body(xi + (y - yi) * (xj - xi) / (yj - yi))
            }
            j = i
        }
    }
}

extension LatLonBox {
    /// The bounding box, in degrees, of a ring whose points are in centidegrees; an empty
    /// ring's box holds no point. (Dividing by 100 can only widen the box by a rounding step:
    /// it stays a safe filter before the exact even-odd test.)
    init(ringLons lons: ArraySlice<Int16>, lats: ArraySlice<Int16>) {
        guard let w = lons.min(), let e = lons.max(), let s = lats.min(), let n = lats.max() else {
            self.init(south: 0, west: 0, north: -1, east: -1)
            return
        }
        self.init(south: Double(s) / 100, west: Double(w) / 100, north: Double(n) / 100, east: Double(e) / 100)
    }
}

/// The gazetteer's cities bucketed by 1° cell, for nearest-city lookups and the cities a
/// view covers. One list of city numbers, cell after cell (each cell's in rank order), and
/// where each cell starts in it: 0.4 MiB built in two passes, where an array per cell took
/// 0.8 MiB and ≈ 8 M instructions of appends at start-up.
struct CityGrid: Sendable {
    static let cells = 180 * 360
    /// Cell `k`'s cities are `members[starts[k]..<starts[k + 1]]`.
    private let starts: [Int32]
    private let members: [Int32]

    static let shared = CityGrid(Gazetteer.shared)

    init(_ g: Gazetteer) {
        let cities = g.cities
        let cellOf = [Int32](unsafeUninitializedCapacity: cities.count) { cell, n in
            for i in cities.indices {
                let p = cities.position(i)
                cell[i] = Int32(CityGrid.row(p.latitude) * 360 + CityGrid.col(p.longitude))
            }
            n = cities.count
        }
        var starts = [Int32](repeating: 0, count: CityGrid.cells + 1)
        var members = [Int32](repeating: 0, count: cities.count)
        starts.withUnsafeMutableBufferPointer { starts in
            // Counts per cell, summed so that starts[k] is the end of cell k (and
            // starts[cells] the number of cities) …
            for k in cellOf { starts[Int(k)] += 1 }
            for k in 1...CityGrid.cells { starts[k] += starts[k - 1] }
            // … then each city goes just before its cell's end, the last city first: each
            // cell ends up in rank order and starts[k] at its start.
            members.withUnsafeMutableBufferPointer { members in
                for i in cellOf.indices.reversed() {
                    let k = Int(cellOf[i])
                    starts[k] -= 1
                    members[Int(starts[k])] = Int32(i)
                }
            }
        }
        self.starts = starts
        self.members = members
    }

    static func row(_ lat: Double) -> Int { max(0, min(179, Int((lat + 90).rounded(.down)))) }
    static func col(_ lon: Double) -> Int { ((Int((lon + 180).rounded(.down)) % 360) + 360) % 360 }

    /// The cities in cell (`row`, `col`), in rank order; `col` wraps round the antimeridian.
    func cities(row: Int, col: Int) -> ArraySlice<Int32> {
        let k = row * 360 + ((col % 360) + 360) % 360
        return members[Int(starts[k])..<Int(starts[k + 1])]
    }
}

extension GeoMath {
    /// Great-circle distance in km (haversine, mean Earth radius 6,371.0088
    /// km; the same formula as PinStore's `greatCircleMetres`, which GeoMap
    /// cannot import).
    static func kilometres(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let p1 = a.latitude * .pi / 180, p2 = b.latitude * .pi / 180
        let dp = p2 - p1, dl = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * 6371.0088 * asin(min(1, sqrt(h)))
    }
}
