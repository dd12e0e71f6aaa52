/// Pins as text files other programs read: RFC 4180 CSV with the same header
/// as the sample pins (so `pinmap import` reads it back to the same pins), and
/// RFC 7946 GeoJSON. Coordinates are written as Swift's shortest round-trip
/// decimal for the `Double` (`37.5365`, `-90.0`, `1e-07`), so reading them back
/// gives the identical value.
public enum PinExport {
    /// Export formats.
    public enum Format: String, Sendable, CaseIterable {
        case csv, geojson
    }

    /// `title,description,category,latitude,longitude,created_at` and CRLF.
    public static let csvHeader = "title,description,category,latitude,longitude,created_at\r\n"

    /// One CSV record for `pin`, ending in CRLF (RFC 4180). Fields holding a
    /// comma, a double quote, CR, LF, or whitespace at either end are
    /// enclosed in double quotes, with inner double quotes doubled.
    public static func csvRecord(_ pin: Pin) -> String {
        [csvField(pin.title), csvField(pin.description), csvField(pin.category),
         number(pin.latitude), number(pin.longitude), csvField(pin.createdAt)].joined(separator: ",") + "\r\n"
    }

    /// `s` as an RFC 4180 field (quoted only when it has to be).
    public static func csvField(_ s: String) -> String {
        let needsQuotes = s.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
            || s.first?.isWhitespace == true || s.last?.isWhitespace == true
        guard needsQuotes else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The start of a GeoJSON FeatureCollection; features follow, one per
    /// line, separated by `geoJSONSeparator`, then `geoJSONFooter`.
    public static let geoJSONHeader = "{\"type\":\"FeatureCollection\",\"features\":[\n"
    public static let geoJSONSeparator = ",\n"
    public static let geoJSONFooter = "\n]}\n"

    /// One GeoJSON Feature: a Point with `[longitude, latitude]` (RFC 7946
    /// §3.1.1 order) and properties `id`, `title`, `description`,
    /// `category`, `created_at`, `updated_at`; the pin id is also the
    /// Feature's `id` member.
    public static func geoJSONFeature(_ pin: Pin) -> String {
        var s = "{\"type\":\"Feature\",\"id\":\(pin.id),\"geometry\":{\"type\":\"Point\",\"coordinates\":["
        s += number(pin.longitude) + "," + number(pin.latitude) + "]},\"properties\":{"
        s += "\"id\":\(pin.id),\"title\":" + JSONText.string(pin.title)
        s += ",\"description\":" + JSONText.string(pin.description)
        s += ",\"category\":" + JSONText.string(pin.category)
        s += ",\"created_at\":" + JSONText.string(pin.createdAt)
        s += ",\"updated_at\":" + JSONText.string(pin.updatedAt) + "}}"
        return s
    }

    /// A finite `Double` as the shortest decimal that reads back to the same
    /// value (valid in CSV and JSON). Non-finite values (never stored) become `0`.
    public static func number(_ v: Double) -> String { v.isFinite ? v.description : "0" }
}

/// JSON text built by hand so numbers keep full precision and key order is
/// fixed (Foundation's encoder can round doubles and reorders keys).
public enum JSONText {
    /// `s` as a JSON string literal: `"`, `\` and control characters escaped
    /// (`\n`, `\u001b`, …), and so are the bidi override/isolate controls and
    /// U+2028/U+2029, so the text is safe on a terminal and still decodes to
    /// exactly `s`; everything else as is (UTF-8).
    public static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20 || u.value == 0x7F || (0x80...0x9F).contains(u.value)
                || u.value == 0x2028 || u.value == 0x2029
                || (0x202A...0x202E).contains(u.value) || (0x2066...0x2069).contains(u.value):
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
