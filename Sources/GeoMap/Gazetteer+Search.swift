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
    /// first; then the countries and the `majorCities` highest-ranked cities,
    /// then the other places, each group with names that start with it
    /// ("Afghanistan" for "af") before names with a later word that does
    /// ("South Africa"), then countries before cities, then by rank (cities
    /// by their population-weighted isolation). So "york" gives both Yorks,
    /// then New York City, then Yorkton. At most `limit`. Pure and in memory:
    /// a binary search in a sorted key list, well under a millisecond.
    public func search(_ query: String, limit: Int, naming: PlaceNaming = PlaceNaming()) -> [PlaceMatch] {
        let q = Array(PlaceIndex.fold(trimmedText(query)).utf8)
        guard !q.isEmpty, limit > 0 else { return [] }
        let index = PlaceIndex.shared
        var found: [Int32: NameMatch] = [:]   // place → its best match
        var i = index.lowerBound(q)
        while i < index.count, index.key(i).starts(with: q), found.count < 2_000 {
            let e = index.entries[i]
            let how: NameMatch = !e.whole ? .laterWord : index.key(i).elementsEqual(q) ? .exact : .start
            found[e.place] = min(found[e.place] ?? how, how)
            i += 1
        }
        // Countries are numbered first, then cities by rank.
        let major = Int32(countries.count + Self.majorCities)
        let ranked = found.sorted { a, b in
            if (a.value == .exact) != (b.value == .exact) { return a.value == .exact }
            if (a.key < major) != (b.key < major) { return a.key < major }
            if a.value != b.value { return a.value < b.value }
            return a.key < b.key
        }
        return ranked.prefix(limit).compactMap { found in
            var m = match(place: Int(found.key), naming: naming)
            m?.exact = found.value == .exact
            return m
        }
    }

    /// The cities ranked with the countries in `search`: a later word of a big city's name
    /// ("New York City" for "york") before a small place that starts with the text.
    static let majorCities = 300

    /// How a place's names hold the query, best first.
    private enum NameMatch: Int, Comparable {
        /// One of its whole names is the query.
        case exact
        /// One of its names starts with the query.
        case start
        /// Only a later word of a name starts with it ("york" in "New York City").
        case laterWord
        static func < (a: NameMatch, b: NameMatch) -> Bool { a.rawValue < b.rawValue }
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
/// rank order. The keys' bytes are kept once, name after name (a later word's key is the
/// tail of its name's), and sorted as ranges into them: an array per key took ≈ 5 MiB and
/// twice the time to build (≈ 110,000 keys).
struct PlaceIndex: Sendable {
    struct Entry: Sendable, Equatable { var place: Int32; var whole: Bool }
    /// The folded names' UTF-8, one after another.
    private let bytes: [UInt8]
    /// Key `i` is `bytes[keyStarts[i]..<keyEnds[i]]`; keys in byte order (equal keys in the
    /// order they were added).
    private let keyStarts: [Int32], keyEnds: [Int32]
    let entries: [Entry]
    let countryByCode: [String: Int]

    /// Everyday Korean names of countries whose shown name is another (Natural Earth's, kept on
    /// the map), by ISO code: found as exact names. "한국" found nothing (the map says 대한민국),
    /// and "호주" flew to Chorzów (호주프), Poland, not Australia (오스트레일리아).
    static let countryAliases: [String: [String]] = ["KR": ["한국"], "AU": ["호주"], "ZA": ["남아공"], "TR": ["튀르키예"]]

    static let shared = PlaceIndex(Gazetteer.shared)
    /// Set once `shared` is built (`Gazetteer.prepareSearch()`).
    static let built = OnceFlag()

    init(_ g: Gazetteer) {
        var bytes: [UInt8] = [], starts: [Int32] = [], ends: [Int32] = [], entries: [Entry] = []
        var byCode: [String: Int] = [:]
        bytes.reserveCapacity(1 << 20)
        starts.reserveCapacity(64_000); ends.reserveCapacity(64_000); entries.reserveCapacity(64_000)
        func add(_ name: String, _ place: Int) {
            let start = bytes.count
            PlaceIndex.appendFolded(name, to: &bytes)
            let end = bytes.count
            guard end > start else { return }
            starts.append(Int32(start)); ends.append(Int32(end)); entries.append(Entry(place: Int32(place), whole: true))
            // Each later word too: "york" finds "New York City".
            for i in start..<end where (bytes[i] == 0x20 || bytes[i] == 0x2D) && i + 1 < end && bytes[i + 1] != 0x20 {
                starts.append(Int32(i + 1)); ends.append(Int32(end)); entries.append(Entry(place: Int32(place), whole: false))
            }
        }
        for (i, c) in g.countries.enumerated() {
            add(c.name, i); add(c.koreanName, i)
            for alias in PlaceIndex.countryAliases[c.isoCode] ?? [] { add(alias, i) }
            if byCode[c.isoCode] == nil { byCode[c.isoCode] = i }
        }
        for (i, c) in g.cities.enumerated() {
            let place = g.countries.count + i
            let en = g.englishName(of: c)
            add(en, place)
            add(g.koreanName(of: c), place)
            let ascii = g.name(of: c, PlaceNaming(ascii: true)) ?? ""
            if ascii != en { add(ascii, place) }
        }
        let order = PlaceIndex.sorted(bytes: bytes, starts: starts, ends: ends)
        self.bytes = bytes
        keyStarts = order.map { starts[Int($0)] }
        keyEnds = order.map { ends[Int($0)] }
        self.entries = order.map { entries[Int($0)] }
        countryByCode = byCode
    }

    /// The keys' numbers in byte order, equal keys in the order they were added. Keys are
    /// compared by their first 8 bytes as one number (zero-padded: names hold no NUL byte),
    /// then by the rest: most comparisons are one integer comparison.
    private static func sorted(bytes: [UInt8], starts: [Int32], ends: [Int32]) -> [Int32] {
        bytes.withUnsafeBufferPointer { b in
            starts.withUnsafeBufferPointer { s in
                ends.withUnsafeBufferPointer { e in
                    var keyed = (0..<s.count).map { k -> (UInt64, Int32) in
                        var v: UInt64 = 0
                        let from = Int(s[k]), to = Int(e[k])
                        for j in from..<from + 8 { v = v << 8 | (j < to ? UInt64(b[j]) : 0) }
                        return (v, Int32(k))
                    }
                    keyed.sort { x, y in
                        if x.0 != y.0 { return x.0 < y.0 }
                        let i = Int(s[Int(x.1)]) + 8, j = Int(s[Int(y.1)]) + 8
                        let xn = Swift.max(0, Int(e[Int(x.1)]) - i), yn = Swift.max(0, Int(e[Int(y.1)]) - j)
                        for d in 0..<Swift.min(xn, yn) where b[i + d] != b[j + d] { return b[i + d] < b[j + d] }
                        return xn != yn ? xn < yn : x.1 < y.1
                    }
                    return keyed.map(\.1)
                }
            }
        }
    }

    var count: Int { keyStarts.count }

    /// Key `i`'s folded UTF-8.
    func key(_ i: Int) -> ArraySlice<UInt8> { bytes[Int(keyStarts[i])..<Int(keyEnds[i])] }

    /// Lower-cased, accents removed: "São Paulo" → "sao paulo".
    static func fold(_ s: String) -> String {
        var folded: [UInt8] = []
        appendFolded(s, to: &folded)
        return String(decoding: folded, as: UTF8.self)
    }

    /// Appends `fold(s)`'s UTF-8 to `bytes`. ASCII names (most of them) take a fast path
    /// around Foundation.
    static func appendFolded(_ s: String, to bytes: inout [UInt8]) {
        if s.utf8.allSatisfy({ $0 < 0x80 }) {
            bytes.append(contentsOf: s.utf8.lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 })
        } else {
            bytes.append(contentsOf: s.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).utf8)
        }
    }

    /// The first key not less than `q` (byte order).
    func lowerBound(_ q: [UInt8]) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if key(mid).lexicographicallyPrecedes(q) { lo = mid + 1 } else { hi = mid }
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
