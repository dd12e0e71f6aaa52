/// Pins as text files other programs read: RFC 4180 CSV with the same header
/// as the sample pins plus one column per property key (so `pinmap import`
/// reads it back to the same pins and properties), RFC 7946 GeoJSON, GPX 1.1
/// (`GPXExport`) and KML 2.2 (`KMLExport`). Coordinates are written as Swift's
/// shortest round-trip decimal for the `Double` (`37.5365`, `-90.0`, `1e-07`),
/// so reading them back gives the identical value.
public enum PinExport {

    /// `title,description,category,latitude,longitude,created_at` and CRLF.
    public static let csvHeader = "title,description,category,latitude,longitude,created_at\r\n"

    /// The header with one more column per property key (`Store.propertyKeys()`, in order).
    public static func csvHeader(propertyKeys: [String]) -> String {
        propertyKeys.isEmpty ? csvHeader
            : CSVText.record(["title", "description", "category", "latitude", "longitude", "created_at"] + propertyKeys)
    }

    /// One CSV record for `pin`, ending in CRLF (RFC 4180, `CSVText`): the six pin fields,
    /// then the value of each of `propertyKeys` (strings as they are, other JSON values as
    /// JSON text; an empty cell when the pin lacks the key).
    public static func csvRecord(_ pin: Pin, propertyKeys: [String] = [], properties: [PinProperty] = []) -> String {
        var fields = [pin.title, pin.description, pin.category, number(pin.latitude), number(pin.longitude), pin.createdAt]
        if !propertyKeys.isEmpty {
            var values: [String: String] = [:]
            for e in properties where values[e.key] == nil { values[e.key] = e.value }
            fields += propertyKeys.map { values[$0] ?? "" }
        }
        return CSVText.record(fields)
    }

    /// The start of a GeoJSON FeatureCollection; features follow, one per
    /// line, separated by `geoJSONSeparator`, then `geoJSONFooter`. The foreign member
    /// `"generator": "pinmap"` (RFC 7946 §6.1) tells Pinmap's reader to keep `created_at`
    /// as written (other GeoJSON has its times converted to UTC).
    public static let geoJSONHeader = "{\"type\":\"FeatureCollection\",\"generator\":\"pinmap\",\"features\":[\n"
    public static let geoJSONSeparator = ",\n"
    public static let geoJSONFooter = "\n]}\n"

    /// One GeoJSON Feature: a Point with `[longitude, latitude]` (RFC 7946
    /// §3.1.1 order) and properties `title`, `description`, `category`,
    /// `created_at`, then the pin's own properties with their JSON values as
    /// stored; the pin id is the Feature's `id` member. (Pinmap's `id` and
    /// `updated_at` are not properties: a re-import would keep them as such.)
    public static func geoJSONFeature(_ pin: Pin) -> String {
        var s = "{\"type\":\"Feature\",\"id\":\(pin.id),\"geometry\":{\"type\":\"Point\",\"coordinates\":["
        s += number(pin.longitude) + "," + number(pin.latitude) + "]},\"properties\":{"
        s += "\"title\":" + JSONText.string(pin.title)
        s += ",\"description\":" + JSONText.string(pin.description)
        s += ",\"category\":" + JSONText.string(pin.category)
        s += ",\"created_at\":" + JSONText.string(pin.createdAt)
        let members = PinProperties.members(pin.properties)
        if !members.isEmpty { s += "," + JSONText.escapingUnsafeScalars(members) }
        return s + "}}"
    }

    /// A finite `Double` as the shortest decimal that reads back to the same
    /// value (valid in CSV and JSON). Non-finite values (never stored) become `0`.
    public static func number(_ v: Double) -> String { v.isFinite ? v.description : "0" }
}
