import PinModel
import Foundation

/// One place of Google Takeout's "Saved Places.json" → a pin (§3 of
/// Tests/PinmapCLITests/Fixtures/formats/MAPPING.md), in either schema:
///
/// - new (2024-): `properties {date, google_maps_url, location {name, address, country_code}, Comment}`:
///   title = `location.name`, description = `location.address`, created_at = `date`;
/// - old (2015-2020): `properties {Title, "Google Maps URL", Location {Address, "Business Name",
///   "Country Code", "Geo Coordinates" {Latitude, Longitude}}, Published, Updated}`:
///   title = `Title` (else the business name), description = `Location.Address`,
///   created_at = `Published`.
///
/// Other properties keep their key and JSON value; what is left of `location`/`Location` stays
/// nested under its key. Coordinates are `geometry.coordinates` `[lon, lat]` (numbers or
/// numeric strings). Google exports places it cannot locate at `[0, 0]`: those (and missing
/// geometry) are recovered from `Geo Coordinates`, else from the maps URL (`?q=LAT,LON`,
/// `!3dLAT!4dLON`, `/search/LAT,LON`, `@LAT,LON`: `fromURL`), else rejected
/// (`no-coordinates`). Never a pin at 0,0.
enum TakeoutFeature {
    /// Whether a document's features are Takeout places, decided once for the whole file so a
    /// GeoJSON feature that merely carries a Takeout-like key (a re-imported Takeout pin keeps
    /// `google_maps_url` and `location` as properties) is never read as Takeout.
    ///
    /// Takeout when no feature carries a pin field of Pinmap/GeoJSON (`title`, `name`,
    /// `description`: Takeout has none of them), every feature with properties carries a
    /// Takeout key, and at least one has the full Takeout shape (`google_maps_url` with a
    /// `location` object, or `Google Maps URL` with a `Location` object).
    static func isTakeoutDocument(_ doc: JSONDocument, _ features: some Sequence<JSONDocument.Value>) -> Bool {
        var shaped = false
        for feature in features {
            guard let props = doc.member(feature, "properties"), props.kind == .object else { continue }
            let members = doc.members(props)
            func has(_ key: String) -> Bool { members.contains { $0.key == key } }
            func object(_ key: String) -> Bool { members.contains { $0.key == key && $0.value.kind == .object } }
            if has("title") || has("name") || has("description") { return false }
            let newShape = has("google_maps_url") && object("location")
            let oldShape = has("Google Maps URL") && object("Location")
            guard newShape || oldShape || has("google_maps_url") || has("Google Maps URL")
                    || object("location") || object("Location") else { return false }
            shaped = shaped || newShape || oldShape
        }
        return shaped
    }

    static func read(_ doc: JSONDocument, _ feature: JSONDocument.Value, index: Int) -> RowOutcome {
        let props = doc.member(feature, "properties").map { doc.members($0) } ?? []
        func prop(_ key: String) -> JSONDocument.Value? { props.first { $0.key == key }?.value }
        let oldSchema = prop("location") == nil && (prop("Location") != nil || prop("Google Maps URL") != nil)
        let locationKey = oldSchema ? "Location" : "location"
        let location = prop(locationKey).map { doc.members($0) } ?? []
        func loc(_ key: String) -> String? {
            location.first { $0.key == key }.flatMap { GeoJSONFeature.text(doc, $0.value) }.map { trimmedText($0) }
        }
        let url = (prop("google_maps_url") ?? prop("Google Maps URL")).flatMap(doc.string) ?? ""

        guard let point = coordinates(doc, feature, location: location, url: url) else {
            let shown = doc.member(feature, "geometry").map { String(doc.text($0).prefix(80)) } ?? "null"
            return .rejected([RowIssue(
                line: index, field: .geometry(key: "geometry.coordinates"), value: shown,
                reason: "no coordinates: the geometry is [0, 0] or missing (Google's placeholder) and the maps URL holds no ?q=LAT,LON\(url.isEmpty ? "" : " (\(url))"); add the coordinates or drop the place",
                rule: .noCoordinates)])
        }
        let titleKey = oldSchema ? "Title" : "title"
        let nameKey = oldSchema ? "Business Name" : "name"
        let title = PinTitle.or(prop(titleKey).flatMap(doc.string),
                                PinTitle.or(loc(nameKey), "Dropped pin"))
        // The member the title came from (none for "Dropped pin"), for messages about it.
        let titleFrom = PinTitle.or(prop(titleKey).flatMap(doc.string), "").isEmpty
            ? (PinTitle.or(loc(nameKey), "").isEmpty ? nil : "properties.\(locationKey).\(nameKey)")
            : "properties.\(titleKey)"
        let addressKey = oldSchema ? "Address" : "address"
        let range = CoordinateParser.rangeIssues(
            latitude: point.latitude, longitude: point.longitude, latText: "\(point.latitude)", lonText: "\(point.longitude)",
            latField: .latitude(key: "geometry.coordinates[1]"), lonField: .longitude(key: "geometry.coordinates[0]"))
        if !range.isEmpty {
            return .rejected(range.map { var i = $0; i.line = index; return i })
        }

        let dateKey = oldSchema ? "Published" : "date"
        var properties = PropertiesJSON()
        for (key, value) in props where key != dateKey && key != titleKey && key != locationKey {
            properties.add(key, json: doc.text(value))
        }
        let usedInLocation: Set<String> = oldSchema ? ["Address", "Geo Coordinates"] : ["name", "address"]
        let rest = location.filter { !usedInLocation.contains($0.key) }
        if !rest.isEmpty {
            var nested = PropertiesJSON()
            for (key, value) in rest { nested.add(key, json: doc.text(value)) }
            properties.add(locationKey, json: nested.text)
        }
        var pin = ParsedPin(
            line: index, title: title,
            description: loc(addressKey) ?? "",
            createdAt: UTCTimestamp.normalize(prop(dateKey).flatMap(doc.string) ?? ""),
            latitude: point.latitude, longitude: point.longitude, properties: properties.text)
        pin.keys = [.description: "properties.\(locationKey).\(addressKey)", .created: "properties.\(dateKey)"]
        pin.keys[.title] = titleFrom
        return .accepted(pin)
    }

    /// The place's coordinates: the geometry unless it is missing or [0, 0], then
    /// `Geo Coordinates`, then the maps URL.
    private static func coordinates(_ doc: JSONDocument, _ feature: JSONDocument.Value, location: [(key: String, value: JSONDocument.Value)],
                                    url: String) -> (latitude: Double, longitude: Double)? {
        if let c = doc.member(feature, "geometry").flatMap({ doc.member($0, "coordinates") }) {
            let n = IteratorSequence(doc.elements(c)).map { number(doc, $0) }
            if n.count >= 2, let lon = n[0], let lat = n[1], lat != 0 || lon != 0 { return (lat, lon) }
        }
        if let geo = location.first(where: { $0.key == "Geo Coordinates" })?.value,
           let lat = doc.member(geo, "Latitude").flatMap({ number(doc, $0) }),
           let lon = doc.member(geo, "Longitude").flatMap({ number(doc, $0) }), lat != 0 || lon != 0 {
            return (lat, lon)
        }
        return fromURL(url)
    }

    /// A number, or a string holding a decimal number (`"46.5000000"`).
    private static func number(_ doc: JSONDocument, _ v: JSONDocument.Value) -> Double? {
        if let d = doc.number(v) { return d }
        guard let s = doc.string(v) else { return nil }
        let bytes = Array(trimmedText(s).utf8)
        guard !bytes.isEmpty, bytes.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B }) else { return nil }
        return JSONDocument.double(bytes[...])
    }

    /// `LAT,LON` from a maps URL: its `q=`, `ll=` or `query=` parameter, else the place's own
    /// position in its data part (`!3dLAT!4dLON`), else a `/search/LAT,LON` or `/place/LAT,LON`
    /// path part (a dropped pin), else its `@LAT,LON` path part, which is where the map was
    /// looking (it was taken before the place's `!3d…!4d…`, tens of metres off).
    static func fromURL(_ url: String) -> (latitude: Double, longitude: Double)? {
        var candidates: [String] = []
        if let items = URLComponents(string: url)?.queryItems {
            candidates += items.filter { ["q", "ll", "query"].contains($0.name) }.compactMap(\.value)
        }
        if let d = url.range(of: "!3d"), let l = url[d.upperBound...].range(of: "!4d") {
            let lon = url[l.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" }
            candidates.append(url[d.upperBound..<l.lowerBound] + "," + lon)
        }
        for marker in ["/search/", "/place/"] {
            if let r = url.range(of: marker) {
                let part = url[r.upperBound...].prefix { $0 != "/" && $0 != "?" }
                candidates.append((part.removingPercentEncoding ?? String(part)).replacingOccurrences(of: "+", with: " "))
            }
        }
        if let at = url.range(of: "/@") { candidates.append(String(url[at.upperBound...])) }
        for c in candidates {
            let parts = c.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count >= 2 else { continue }
            let latText = trimmedText(parts[0])
            let lonText = trimmedText(parts[1])
            guard let lat = Double(latText), let lon = Double(lonText), lat.isFinite, lon.isFinite,
                  lat != 0 || lon != 0 else { continue }
            return (lat, lon)
        }
        return nil
    }
}
