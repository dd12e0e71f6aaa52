import PinModel
import Glibc

/// Pins from a GeoJSON (RFC 7946) document, as map tools export it, and from Google Takeout's
/// "Saved Places.json" (a FeatureCollection whose features carry `google_maps_url`/`location`
/// or `Google Maps URL`/`Location`, recognised for the whole file:
/// `TakeoutFeature.isTakeoutDocument`).
///
/// The text is checked whole first (`JSONDocument`: nesting, numbers, syntax, with the line),
/// then features are read one at a time, so memory stays about the size of the file. Features
/// are numbered from 1 in issues (their `line`). A legacy `crs` naming CRS84 or EPSG:4326
/// is read as longitude, latitude; EPSG:3857 (Web Mercator) metres are reprojected; any other
/// `crs` refuses the file.
struct GeoJSONReader: PinRecordReader {
    /// The projection of the positions.
    enum CRS: Equatable { case wgs84, webMercator }

    let document: JSONDocument
    let crs: CRS
    /// Pinmap's own export (`"generator": "pinmap"`): times are kept as written.
    let exactTimes: Bool
    /// Whether the file is Takeout (every feature read as a Takeout place; the report's format).
    let isTakeout: Bool
    private var features: JSONDocument.ElementIterator?
    private var single: JSONDocument.Value?
    private var index = 0
    private var current = GeoJSONFeature.Pins([])
    private var skips = SkipCounter()
    private var extraNotes: [String] = []

    /// - Throws: `ImportError.invalidJSON` (syntax, nesting, numbers) or `.invalidGeoJSON`
    ///   (not a FeatureCollection or Feature, an unsupported `crs`).
    init(bytes: [UInt8], path: String) throws(ImportError) {
        do {
            document = try JSONDocument(bytes: bytes)
        } catch {
            throw .invalidJSON(path: path, reason: error.description)
        }
        let root = document.root
        guard root.kind == .object else {
            throw .invalidGeoJSON(path: path, reason: "the top level is not an object")
        }
        let type = document.member(root, "type").flatMap(document.string)
        if type == "Feature" {
            single = root
        } else if type == "FeatureCollection", let list = document.member(root, "features"), list.kind == .array {
            features = document.elements(list)
        } else {
            throw .invalidGeoJSON(path: path, reason: "\"type\" is \(type.map { "\"\($0)\"" } ?? "missing"), expected \"FeatureCollection\" with \"features\"")
        }
        crs = try Self.crs(document, root, path: path)
        exactTimes = document.member(root, "generator").flatMap(document.string) == "pinmap"
        if crs == .webMercator {
            extraNotes.append("coordinates reprojected from the crs EPSG:3857 (Web Mercator) to WGS84 longitude, latitude")
        }
        if let s = single {
            isTakeout = TakeoutFeature.isTakeoutDocument(document, [s])
        } else if let all = features {
            isTakeout = TakeoutFeature.isTakeoutDocument(document, IteratorSequence(all))
        } else {
            isTakeout = false
        }
    }

    mutating func next() -> RowOutcome? {
        while true {
            if let outcome = current.next(document) { return outcome }
            let value: JSONDocument.Value
            if let s = single {
                value = s
                single = nil
            } else if let v = features?.next() {
                value = v
            } else {
                return nil
            }
            index += 1
            if isTakeout {
                current = GeoJSONFeature.Pins([TakeoutFeature.read(document, value, index: index)])
            } else {
                current = GeoJSONFeature.read(document, value, index: index, crs: crs, exactTimes: exactTimes, skips: &skips)
            }
        }
    }

    var notes: [String] { skips.notes + extraNotes }

    /// The `crs` member: absent, CRS84 or EPSG:4326 → WGS84; EPSG:3857 → Web Mercator.
    private static func crs(_ doc: JSONDocument, _ root: JSONDocument.Value, path: String) throws(ImportError) -> CRS {
        guard let crs = doc.member(root, "crs"), crs.kind != .null else { return .wgs84 }
        let name = doc.member(crs, "properties").flatMap { doc.member($0, "name") }.flatMap(doc.string) ?? doc.text(crs)
        let code = name.split(whereSeparator: { $0 == ":" || $0 == "/" }).last.map(String.init) ?? ""
        switch code.uppercased() {
        case "CRS84", "4326", "CRS:84": return .wgs84
        case "3857", "900913", "3785", "102100", "102113": return .webMercator
        default:
            throw .invalidGeoJSON(path: path, reason: "unsupported \"crs\" \(name): only CRS84 or EPSG:4326 (longitude, latitude) and EPSG:3857 (Web Mercator) are read; reproject the file to WGS84 (RFC 7946) and import it again")
        }
    }

    /// Longitude, latitude in degrees from spherical Web Mercator metres (EPSG:3857, R = 6378137 m).
    static func fromWebMercator(x: Double, y: Double) -> (longitude: Double, latitude: Double) {
        let r = 6_378_137.0
        let lon = x / r * 180 / .pi
        let lat = (2 * atan(exp(y / r)) - .pi / 2) * 180 / .pi
        return (lon, lat)
    }
}
