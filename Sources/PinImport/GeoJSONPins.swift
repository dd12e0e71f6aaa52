import Foundation

/// Pins from a GeoJSON (RFC 7946) FeatureCollection of Points, as other map tools export it.
///
/// Each feature becomes a row: `geometry` must be a `Point` with `[longitude, latitude]`
/// (an altitude is ignored); the name comes from `properties.title` or `properties.name`, then
/// `description`, `category` and `created_at`. Features are numbered from 1 in issues (their
/// `line`). The document is parsed in memory with `JSONSerialization`, so unlike CSV its memory
/// grows with the file (GeoJSON exports of personal pins are small).
enum GeoJSONPins {
    /// - Returns: one outcome per feature, in order.
    /// - Throws: `ImportError.invalidGeoJSON` when the text is not JSON or not a FeatureCollection.
    static func read(_ bytes: [UInt8], path: String) throws(ImportError) -> [RowOutcome] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
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
        let title = trimmedText(text(props["title"]) ?? text(props["name"]) ?? "")
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
            latitude: lat, longitude: lon))
    }

    /// A finite JSON number (not a boolean).
    private static func number(_ any: Any) -> Double? {
        // JSON true/false also arrive as NSNumber; their Objective-C type code is "c" (char).
        guard let n = any as? NSNumber, String(cString: n.objCType) != "c" else { return nil }
        let d = n.doubleValue
        return d.isFinite ? d : nil
    }

    /// A property as text: strings as they are, numbers printed, null/absent → nil.
    private static func text(_ any: Any?) -> String? {
        switch any {
        case let s as String: return s
        case let n as NSNumber: return String(cString: n.objCType) == "c" ? (n.boolValue ? "true" : "false") : n.stringValue
        default: return nil
        }
    }
}
