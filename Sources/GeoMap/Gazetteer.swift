import PinModel
import CMapData
import Frame

/// Which names places are shown with.
public struct PlaceNaming: Sendable, Hashable {
    public enum Language: String, Sendable, Hashable { case english, korean }
    public var language: Language
    /// ASCII only: names that cannot be written in ASCII are left out.
    public var ascii: Bool
    /// The language of the words around the names ("near … ", "open sea"): the interface's,
    /// which the place-name setting does not change ("Seoul 근처, KR" in a Korean interface
    /// with English place names). `language` when not given.
    public var wording: Language

    public init(language: Language = .english, ascii: Bool = false, wording: Language? = nil) {
        self.language = language; self.ascii = ascii; self.wording = wording ?? language
    }

    /// Korean when the locale's name says so (`ko_KR.UTF-8`, `ko`): the
    /// language comes from the name even where `setlocale` lacks the locale.
    /// Reads `LC_ALL`, then `LC_MESSAGES`, then `LANG`, as POSIX does.
    public static func language(environment env: [String: String]) -> Language {
        let name = [env["LC_ALL"], env["LC_MESSAGES"], env["LANG"]].compactMap { $0 }.first { !$0.isEmpty } ?? ""
        // Korean names only when characters are UTF-8 (else they show as `?`).
        return name.lowercased().hasPrefix("ko") && LocaleName.charactersAreUTF8(env) ? .korean : .english
    }
}

/// The embedded gazetteer: 177 Natural Earth countries (names in English and
/// Korean, outlines for point-in-country) and GeoNames' 34,006 cities of
/// 15,000 people or more (CC BY 4.0), ranked by `Scripts/gen_gazetteer.py`.
/// Countries and their outlines are decoded once, on first use; cities and
/// all names are read from the embedded bytes only when asked for.
public struct Gazetteer: Sendable {
    public struct City: Sendable {
        /// WGS84 degrees.
        public var latitude: Double, longitude: Double
        public var population: Int
        /// Distance to the nearest more populous city, weighted by size (km):
        /// the label shows once this spans `LabelPlacer.isolationColumns`.
        public var isolationKm: Double
        /// ISO 3166-1 alpha-2, e.g. "KR".
        public var countryCode: String {
            String(unsafeUninitializedCapacity: 2) { $0[0] = countryCodeBytes.0; $0[1] = countryCodeBytes.1; return 2 }
        }
        var countryCodeBytes: (UInt8, UInt8)
        /// The largest city of its country (GeoNames has no capital flag).
        public var isPrimary: Bool
        var nameOffset: Int32, koreanOffset: Int32, asciiOffset: Int32
    }

    public struct Country: Sendable {
        public var name: String
        /// Korean name ("" when Natural Earth has none).
        public var koreanName: String
        public var isoCode: String
        /// A point inside the largest part, for the label.
        public var labelPoint: GeoPoint
        /// Bounding box of the largest part.
        public var box: LatLonBox
        /// Rings (parts and holes) as ranges into `ringPoints`.
        var rings: Range<Int>
    }

    /// The cities by isolation (largest first), read from the embedded records on use.
    public private(set) var cities = CityList()
    public private(set) var countries: [Country] = []
    /// Ring point ranges, then the points (centidegrees, longitude first).
    var ringRanges: [Range<Int>] = []
    var ringLons: [Int16] = [], ringLats: [Int16] = []
    /// Each ring's bounding box (degrees), so a point test skips the rings it is
    /// clearly outside (`country(containing:)`: a point at sea no longer walks every outline)
    /// and a row of the map the rings it does not cross (`crossings(ofCountry:latitude:)`).
    var ringBoxes: [LatLonBox] = []
    let blob: EmbeddedBytes
    /// Places found lately (`place(of:)`), this gazetteer's own.
    let placeMemo = PlaceMemo()

    /// The embedded gazetteer, decoded once (thread-safe lazy global).
    public static let shared = Gazetteer(blob: EmbeddedBytes.gazetteer)

    init(blob: EmbeddedBytes) {
        self.blob = blob
        var r = ByteReader(bytes: blob.bytes)
        guard r.u8() == 0x50, r.u8() == 0x4D, r.u8() == 0x47, r.u8() == 0x31,
              let nc = r.u32(), let nr = r.u32(), let np = r.u32(), let nci = r.u32() else { return }
        for _ in 0..<nc {
            guard let name = r.u32(), let ko = r.u32(), let iso = r.bytes(2), let first = r.u16(), let count = r.u16(),
                  r.u16() != nil, let lat = r.i32(), let lon = r.i32(),
                  let s = r.i16(), let w = r.i16(), let n = r.i16(), let e = r.i16() else { return }
            countries.append(Country(name: blob.string(at: Int(name)), koreanName: blob.string(at: Int(ko)),
                                     isoCode: String(decoding: iso, as: UTF8.self),
                                     labelPoint: GeoPoint(latitude: Double(lat) / 1e5, longitude: Double(lon) / 1e5),
                                     box: LatLonBox(south: Double(s) / 100, west: Double(w) / 100,
                                                      north: Double(n) / 100, east: Double(e) / 100),
                                     rings: Int(first)..<Int(first) + Int(count)))
        }
        for _ in 0..<nr {
            guard let first = r.u32(), let count = r.u32() else { return }
            ringRanges.append(Int(first)..<Int(first) + Int(count))
        }
        ringLons.reserveCapacity(Int(np)); ringLats.reserveCapacity(Int(np))
        for _ in 0..<np {
            guard let lon = r.i16(), let lat = r.i16() else { return }
            ringLons.append(lon); ringLats.append(lat)
        }
        ringBoxes = ringRanges.map { LatLonBox(ringLons: ringLons[$0], lats: ringLats[$0]) }
        cities = CityList(blob: blob, base: r.offset, count: Int(nci))
    }

    // MARK: Names

    /// The city's name for `naming`: Korean when asked for and known, else
    /// the GeoNames name; in ASCII mode its ASCII form, nil when it has none.
    public func name(of city: City, _ naming: PlaceNaming) -> String? {
        if naming.ascii {
            let a = blob.string(at: Int(city.asciiOffset))
            return a.isEmpty ? nil : a
        }
        if naming.language == .korean {
            let ko = blob.string(at: Int(city.koreanOffset))
            if !ko.isEmpty { return ko }
        }
        return blob.string(at: Int(city.nameOffset))
    }

    /// The city's GeoNames name (English or the local Latin spelling).
    public func englishName(of city: City) -> String { blob.string(at: Int(city.nameOffset)) }
    public func koreanName(of city: City) -> String { blob.string(at: Int(city.koreanOffset)) }

    /// The country's name for `naming` (Natural Earth names are ASCII-safe
    /// in English except a few, which ASCII mode folds or drops).
    public func name(of country: Country, _ naming: PlaceNaming) -> String? {
        if naming.ascii { return country.name.unicodeScalars.allSatisfy(\.isASCII) ? country.name : nil }
        if naming.language == .korean, !country.koreanName.isEmpty { return country.koreanName }
        return country.name
    }
}

/// Read-only bytes embedded in the binary (static C data that lives as long
/// as the process and is never written, hence safe to share).
struct EmbeddedBytes: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>

    static var gazetteer: EmbeddedBytes {
        var len: UInt = 0
        guard let p = pinmap_gazetteer(&len) else { return EmbeddedBytes(bytes: UnsafeBufferPointer(start: nil, count: 0)) }
        return EmbeddedBytes(bytes: UnsafeBufferPointer(start: p, count: Int(len)))
    }

    /// The NUL-terminated UTF-8 string at `offset` ("" when out of range).
    func string(at offset: Int) -> String {
        guard offset >= 0, offset < bytes.count else { return "" }
        var end = offset
        while end < bytes.count && bytes[end] != 0 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }
}
