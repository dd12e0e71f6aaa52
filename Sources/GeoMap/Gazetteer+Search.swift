import PinModel
import Foundation

/// A place found by name.
public struct PlaceMatch: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case country(Int), city(Int) }
    public var kind: Kind
    /// The name shown (per the naming asked for), e.g. "Paris" or "서울".
    public var name: String
    /// ISO 3166-1 alpha-2 of the country ("FR").
    public var countryCode: String
    /// What to show so the place fits: the city's surroundings or the
    /// country's largest part.
    public var box: LatLonBox
    /// The query is one of the place's whole names (not only the start of one).
    public var exact = false
}

extension Gazetteer {
    /// Half the side of the box shown for a city, in degrees of latitude
    /// (≈ 17 km: the city and its edge fill a terminal map).
    public static let cityBoxHalfDegrees = 0.15

    /// Places whose name (English, Korean, or its ASCII form; any word of
    /// it) starts with `query`, ignoring case and accents: exact names
    /// first, then countries before cities, then by rank (cities by their
    /// population-weighted isolation). At most `limit`. Pure and in memory:
    /// a binary search in a sorted key list, well under a millisecond.
    public func search(_ query: String, limit: Int, naming: PlaceNaming = PlaceNaming()) -> [PlaceMatch] {
        let q = Array(PlaceIndex.fold(trimmedText(query)).utf8)
        guard !q.isEmpty, limit > 0 else { return [] }
        let index = PlaceIndex.shared
        var found: [Int32: Bool] = [:]   // place → exact whole-name match
        var i = index.lowerBound(q)
        while i < index.keys.count, index.keys[i].starts(with: q), found.count < 2_000 {
            let e = index.entries[i]
            let exact = e.whole && index.keys[i] == q
            found[e.place] = (found[e.place] ?? false) || exact
            i += 1
        }
        let ranked = found.sorted { a, b in
            if a.value != b.value { return a.value }
            return a.key < b.key   // countries are numbered first, then cities by rank
        }
        return ranked.prefix(limit).compactMap { found in
            var m = match(place: Int(found.key), naming: naming)
            m?.exact = found.value
            return m
        }
    }

    private func match(place: Int, naming: PlaceNaming) -> PlaceMatch? {
        if place < countries.count {
            let c = countries[place]
            guard let name = name(of: c, naming) else { return nil }
            return PlaceMatch(kind: .country(place), name: name, countryCode: c.isoCode, box: c.box)
        }
        let i = place - countries.count
        let c = cities[i]
        guard let name = name(of: c, naming) else { return nil }
        let h = Gazetteer.cityBoxHalfDegrees
        let w = h / max(0.2, cos(c.latitude * .pi / 180))
        return PlaceMatch(kind: .city(i), name: name, countryCode: c.countryCode,
                          box: LatLonBox(south: c.latitude - h, west: c.longitude - w, north: c.latitude + h, east: c.longitude + w))
    }

    /// Builds the name index now (about 0.1 s; over 1 s in a debug build), e.g.
    /// on a background thread at start-up, so the first search does not wait for it.
    public static func prepareSearch() {
        _ = PlaceIndex.shared
        PlaceIndex.built.set()
    }

    /// `search`, or nil while `prepareSearch()` has not finished: for the UI,
    /// whose keys must never wait for the index (it asks again on a later tick).
    public func searchIfReady(_ query: String, limit: Int, naming: PlaceNaming = PlaceNaming()) -> [PlaceMatch]? {
        PlaceIndex.built.isSet ? search(query, limit: limit, naming: naming) : nil
    }

    /// The country's name for a country code ("FR" → "France"), per `naming`.
    public func countryName(code: String, _ naming: PlaceNaming = PlaceNaming()) -> String? {
        PlaceIndex.shared.countryByCode[code].flatMap { name(of: countries[$0], naming) }
    }
}

/// Every place name, folded and sorted by UTF-8 bytes, for prefix search.
/// Places are numbered countries first (0..<countries), then cities in
/// rank order.
struct PlaceIndex: Sendable {
    struct Entry: Sendable { var place: Int32; var whole: Bool }
    private(set) var keys: [[UInt8]] = []
    private(set) var entries: [Entry] = []
    private(set) var countryByCode: [String: Int] = [:]

    static let shared = PlaceIndex(Gazetteer.shared)
    /// Set once `shared` is built (`Gazetteer.prepareSearch()`).
    static let built = OnceFlag()

    init(_ g: Gazetteer) {
        var pairs: [([UInt8], Entry)] = []
        pairs.reserveCapacity(110_000)
        func add(_ name: String, _ place: Int) {
            let key = Array(PlaceIndex.fold(name).utf8)
            guard !key.isEmpty else { return }
            pairs.append((key, Entry(place: Int32(place), whole: true)))
            // Each later word too: "york" finds "New York City".
            for (i, b) in key.enumerated() where (b == 0x20 || b == 0x2D) && i + 1 < key.count && key[i + 1] != 0x20 {
                pairs.append((Array(key[(i + 1)...]), Entry(place: Int32(place), whole: false)))
            }
        }
        for (i, c) in g.countries.enumerated() {
            add(c.name, i); add(c.koreanName, i)
            if countryByCode[c.isoCode] == nil { countryByCode[c.isoCode] = i }
        }
        for (i, c) in g.cities.enumerated() {
            let place = g.countries.count + i
            let en = g.englishName(of: c)
            add(en, place)
            add(g.koreanName(of: c), place)
            let ascii = g.name(of: c, PlaceNaming(ascii: true)) ?? ""
            if ascii != en { add(ascii, place) }
        }
        pairs.sort { $0.0.lexicographicallyPrecedes($1.0) }
        keys = pairs.map(\.0)
        entries = pairs.map(\.1)
    }

    /// Lower-cased, accents removed: "São Paulo" → "sao paulo". ASCII names
    /// (most of them) take a fast path around Foundation.
    static func fold(_ s: String) -> String {
        if s.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        return s.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// The first key not less than `q` (byte order).
    func lowerBound(_ q: [UInt8]) -> Int {
        var lo = 0, hi = keys.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keys[mid].lexicographicallyPrecedes(q) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// A flag set once, read from any thread.
final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
