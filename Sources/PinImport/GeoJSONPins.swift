import Foundation
import PinStore

/// Pins from a GeoJSON (RFC 7946) FeatureCollection of Points, as other map tools export it.
///
/// Each feature becomes a row: `geometry` must be a `Point` with `[longitude, latitude]`
/// (an altitude is ignored); the name comes from `properties.title` or `properties.name`, then
/// `description`, `category` and `created_at`. Features are numbered from 1 in issues (their
/// `line`). The document is parsed in memory with `JSONDecoder` into `JSONValue` (which reads
/// every digit of a coordinate exactly; `JSONSerialization` on Linux rounds some 17-digit
/// numbers), so unlike CSV its memory grows with the file (GeoJSON exports of personal pins
/// are small).
enum GeoJSONPins {
    /// - Returns: one outcome per feature, in order.
    /// - Throws: `ImportError.invalidGeoJSON` when the text is not JSON or not a FeatureCollection.
    static func read(_ bytes: [UInt8], path: String) throws(ImportError) -> [RowOutcome] {
        let object: Any
        do {
            object = try JSONDecoder().decode(JSONValue.self, from: Data(bytes)).any
        } catch {
            throw .invalidGeoJSON(path: path, reason: "not valid JSON")
        }
        guard let doc = object as? [String: Any] else {
            throw .invalidGeoJSON(path: path, reason: "the top level is not an object")
        }
        let type = doc["type"] as? String
        if type == "Feature" { return [feature(doc, index: 1)] }
        guard type == "FeatureCollection", let features = doc["features"] as? [Any] else {
            throw .invalidGeoJSON(path: path, reason: "\"type\" is \(type.map { "\"\($0)\"" } ?? "missing"), expected \"FeatureCollection\" with \"features\"")
        }
        return features.enumerated().map { feature($1, index: $0 + 1) }
    }

    private static func feature(_ any: Any, index: Int) -> RowOutcome {
        func reject(_ field: String, _ value: String, _ reason: String, _ rule: ImportRule) -> RowOutcome {
            .rejected([RowIssue(line: index, field: field, value: value, reason: "feature \(index): \(reason)", rule: rule)])
        }
        guard let f = any as? [String: Any], f["type"] as? String == "Feature" else {
            return reject("type", "", "not a Feature object", .invalidFeature)
        }
        let props = f["properties"] as? [String: Any] ?? [:]
        guard let geometry = f["geometry"] as? [String: Any] else {
            return reject("geometry", "null", "has no geometry", .emptyPoint)
        }
        let gtype = geometry["type"] as? String ?? ""
        guard gtype == "Point" else {
            return reject("geometry", gtype, "\(gtype.isEmpty ? "geometry without a type" : gtype) is not a Point", .notAPoint)
        }
        guard let coords = geometry["coordinates"] as? [Any], coords.count >= 2,
              let lon = number(coords[0]), let lat = number(coords[1]) else {
            return reject("geometry.coordinates", "\(geometry["coordinates"] ?? "null")",
                          "Point needs [longitude, latitude] numbers", .pointArity)
        }
        var issues: [RowIssue] = []
        let titleKey = text(props["title"]) != nil ? "title" : "name"
        let title = trimmedText(text(props[titleKey]) ?? "")
        if title.isEmpty {
            issues.append(RowIssue(line: index, field: "properties.title", value: "",
                                   reason: "feature \(index): name is blank", rule: .blankName))
        }
        issues += CoordinateParser.rangeIssues(
            latitude: lat, longitude: lon, latText: "\(lat)", lonText: "\(lon)",
            latField: "geometry.coordinates[1]", lonField: "geometry.coordinates[0]"
        ).map { var i = $0; i.line = index; i.reason = "feature \(index): " + i.reason; return i }
        guard issues.isEmpty else { return .rejected(issues) }
        return .accepted(ParsedPin(
            line: index, title: title,
            description: text(props["description"]) ?? "",
            category: trimmedText(text(props["category"]) ?? ""),
            createdAt: trimmedText(text(props["created_at"]) ?? ""),
            latitude: lat, longitude: lon,
            properties: properties(props, except: [titleKey, "description", "category", "created_at"])))
    }

    /// The properties no pin field uses, with their JSON values (keys sorted: the decoded
    /// object has lost the file's order).
    private static func properties(_ props: [String: Any], except mapped: Set<String>) -> String {
        var json = PropertiesJSON()
        for key in props.keys.sorted() where !mapped.contains(key) { json.add(key, json: jsonText(props[key]!)) }
        return json.text
    }

    /// A decoded JSON value as JSON text again (integers without a fraction, as written).
    private static func jsonText(_ any: Any) -> String {
        switch any {
        case let s as String: return JSONText.string(s)
        case let n as JSONNumber:
            return n.value == n.value.rounded() && abs(n.value) < 1e15 ? String(Int64(n.value)) : PinExport.number(n.value)
        case let b as Bool: return b ? "true" : "false"
        case let a as [Any]: return "[" + a.map(jsonText).joined(separator: ",") + "]"
        case let o as [String: Any]:
            return "{" + o.keys.sorted().map { JSONText.string($0) + ":" + jsonText(o[$0]!) }.joined(separator: ",") + "}"
        default: return "null"
        }
    }

    /// A finite JSON number (not a boolean).
    private static func number(_ any: Any) -> Double? {
        guard let n = any as? JSONNumber else { return nil }
        return n.value.isFinite ? n.value : nil
    }

    /// A property as text: strings as they are, numbers and booleans printed, null/absent → nil.
    private static func text(_ any: Any?) -> String? {
        switch any {
        case let s as String: return s
        case let n as JSONNumber: return n.value == n.value.rounded() && abs(n.value) < 1e15 ? String(Int64(n.value)) : String(n.value)
        case let b as Bool: return b ? "true" : "false"
        default: return nil
        }
    }
}

/// A JSON number kept apart from booleans (which Foundation would also bridge to numbers).
struct JSONNumber { var value: Double }

/// Any JSON value, decoded with `JSONDecoder`; `any` gives it as Swift values
/// (`[String: Any]`, `[Any]`, `String`, `JSONNumber`, `Bool`, `NSNull`).
enum JSONValue: Decodable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    var any: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let b): return b
        case .number(let d): return JSONNumber(value: d)
        case .string(let s): return s
        case .array(let a): return a.map(\.any)
        case .object(let o): return o.mapValues(\.any)
        }
    }
}
