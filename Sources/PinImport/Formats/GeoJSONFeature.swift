import PinModel
/// One GeoJSON feature → its pins (Tests/PinmapCLITests/Fixtures/formats/MAPPING.md §4).
///
/// - `Point` → one pin; `MultiPoint` → one pin per position; `GeometryCollection` → one pin
///   per `Point` member (other members skipped and counted). Other geometries are rejected
///   (`not-a-point`); `"geometry": null` is skipped and counted.
/// - title = `title` or `name`, else the position ("37.5, 127": unnamed points are pins, as in
///   GPX and KML); `description`, `category`, `created_at` (in UTC; as written
///   in Pinmap's own export, `"generator": "pinmap"`) map to the columns; every other property keeps its key and JSON value in `properties`,
///   then a position's altitude (`ele`) and the feature's `id` (OpenStreetMap's `node/123`,
///   a database key: the user's data; `id (2)` beside a property `id` of another value). Pinmap's own
///   export (`"generator": "pinmap"`) writes its store's row ids there: those are not kept,
///   or every re-import would add an `id` property.
enum GeoJSONFeature {
    /// The pins of one feature, made one at a time (a MultiPoint may hold a million positions).
    struct Pins {
        var immediate: [RowOutcome] = []
        /// Point and GeometryCollection positions (reversed: taken from the end).
        var listed: [JSONDocument.Value] = []
        /// A MultiPoint's positions.
        var positions: JSONDocument.ElementIterator?
        var props: [(key: String, value: JSONDocument.Value)] = []
        var index = 0
        var crs: CoordinateSystem?
        var exactTimes = false
        /// The feature's `id` member, kept as `properties.id`.
        var id: JSONDocument.Value?

        init(_ outcomes: [RowOutcome]) { immediate = outcomes.reversed() }

        mutating func next(_ doc: JSONDocument) -> RowOutcome? {
            if let o = immediate.popLast() { return o }
            guard let p = listed.popLast() ?? positions?.next() else { return nil }
            return GeoJSONFeature.pin(doc, props: props, id: id, position: p, index: index, crs: crs, exactTimes: exactTimes)
        }
    }

    /// The geometry object types (RFC 7946 §1.4): a document that is one of them alone is read
    /// as one feature without properties.
    static let geometryTypes: Set<String> = ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon",
                                             "MultiPolygon", "GeometryCollection"]

    /// The pins of `feature`, or, when `geometryAlone`, of a geometry object without a
    /// Feature around it (a document that is a geometry alone).
    static func read(_ doc: JSONDocument, _ feature: JSONDocument.Value, index: Int, crs: CoordinateSystem?,
                     exactTimes: Bool = false, geometryAlone: Bool = false, skips: inout SkipCounter) -> Pins {
        func reject(_ field: RowField, _ value: String, _ reason: String, _ rule: ImportRule) -> Pins {
            Pins([.rejected([RowIssue(line: index, field: field, value: value, reason: reason, rule: rule)])])
        }
        guard geometryAlone || (feature.kind == .object && doc.member(feature, "type").flatMap(doc.string) == "Feature") else {
            return reject(.member("type"), String(doc.text(feature).prefix(80)), "not a Feature object", .invalidFeature)
        }
        guard let geometry = geometryAlone ? feature : doc.member(feature, "geometry"), geometry.kind == .object else {
            skips.add(.featureWithNullGeometry)
            return Pins([])
        }
        let gtype = doc.member(geometry, "type").flatMap(doc.string) ?? ""
        var pins = Pins([])
        switch gtype {
        case "Point":
            if let c = doc.member(geometry, "coordinates") { pins.listed = [c] }
        case "MultiPoint":
            if let c = doc.member(geometry, "coordinates") {
                var probe = doc.elements(c)
                if probe.next() != nil { pins.positions = doc.elements(c) }
            }
        case "GeometryCollection":
            for member in IteratorSequence(doc.elements(doc.member(geometry, "geometries") ?? geometry)) {
                let t = doc.member(member, "type").flatMap(doc.string) ?? "untyped"
                if t == "Point", let c = doc.member(member, "coordinates") {
                    pins.listed.append(c)
                } else {
                    skips.add(.collectionPart(t))
                }
            }
            if pins.listed.isEmpty { return pins }
            pins.listed.reverse()
        default:
            return reject(.geometry(key: "geometry"), gtype, "\(gtype.isEmpty ? "geometry without a type" : gtype) is not a Point", .notAPoint)
        }
        if pins.listed.isEmpty && pins.positions == nil {
            return reject(.geometry(key: "geometry.coordinates"), "null", "\(gtype) has no coordinates", .pointArity)
        }
        // Read once per feature: each look-up scans the feature (a MultiPoint's positions too).
        pins.props = geometryAlone ? [] : doc.member(feature, "properties").map { doc.members($0) } ?? []
        pins.index = index
        pins.crs = crs
        pins.exactTimes = exactTimes
        pins.id = geometryAlone || exactTimes ? nil : doc.member(feature, "id")
        return pins
    }

    fileprivate static func pin(_ doc: JSONDocument, props: [(key: String, value: JSONDocument.Value)], id: JSONDocument.Value?,
                            position: JSONDocument.Value, index: Int, crs: CoordinateSystem?, exactTimes: Bool) -> RowOutcome {
        let numbers = IteratorSequence(doc.elements(position)).map { doc.number($0) }
        guard numbers.count >= 2, let x = numbers[0], let y = numbers[1] else {
            let shown = String(doc.text(position).prefix(80))
            return .rejected([RowIssue(line: index, field: .geometry(key: "geometry.coordinates"), value: shown,
                                       reason: "a position needs [longitude, latitude] numbers, not \(shown)", rule: .pointArity)])
        }
        var (lon, lat) = (x, y)
        if let crs {
            guard let p = crs.toWGS84(x: x, y: y) else {
                return .rejected([RowIssue(line: index, field: .geometry(key: "geometry.coordinates"), value: String(doc.text(position).prefix(80)),
                                           reason: "[\(x), \(y)] cannot be transformed from \(crs.label) to WGS84",
                                           outOfRange: OutOfRange(.notTransformable(system: crs.label)))])
            }
            (lon, lat) = p
        }
        // `title` if it makes one, else `name`.
        let titled = ["title", "name"].lazy.compactMap { key in
            value(doc, props, key).flatMap { try? PinTitle.validated($0).get() }.map { (key, $0) }
        }.first
        let titleKey = titled?.0 ?? "name"
        let named = titled?.1
        // A feature without a name is still a pin (GeoJSON names are optional: a point drawn
        // on geojson.io has none), titled by its position, as a GPX waypoint or KML placemark is.
        let title = named ?? positionTitle(doc, position, crs == nil, latitude: lat, longitude: lon)
        let issues = CoordinateParser.rangeIssues(
            latitude: lat, longitude: lon, latText: "\(lat)", lonText: "\(lon)",
            latField: .latitude(key: "geometry.coordinates[1]"), lonField: .longitude(key: "geometry.coordinates[0]")
        ).enumerated().map { k, issue in
            var i = issue
            i.line = index
            if k == 0 { ProjectedHint.advise(&i, x: x, y: y, system: crs, geoJSON: true) }
            return i
        }
        guard issues.isEmpty else { return .rejected(issues) }

        // The first member of each mapped name is the pin's field (`value` reads it); a repeat
        // is a property: Pinmap's export writes a property named `title` (a CSV's, beside its
        // `name`) after the pin's own, and it was dropped on re-import.
        var mapped: Set<String> = [titleKey, "description", "category", "created_at"]
        var properties = PropertiesJSON()
        for (key, v) in props {
            if mapped.remove(key) != nil, text(doc, v) != nil { continue }
            properties.add(key, json: doc.text(v))
        }
        let elements = Array(IteratorSequence(doc.elements(position)))
        if elements.count >= 3, doc.number(elements[2]) != nil {
            properties.add("ele", json: doc.text(elements[2]))
        }
        // The same id among the properties (overpass turbo and QGIS write it there too) once.
        if let id, !props.contains(where: { $0.key == "id" && doc.text($0.value) == doc.text(id) }) {
            properties.add("id", json: doc.text(id))
        }
        var pin = ParsedPin(
            line: index, title: title,
            description: value(doc, props, "description") ?? "",
            category: trimmedText(value(doc, props, "category") ?? ""),
            // In UTC (MAPPING.md §0: `…+02:00` is converted), except in Pinmap's own export
            // (`"generator": "pinmap"`), which re-imports to the same text (a pin stays on
            // its local day in the Timeline).
            createdAt: exactTimes ? trimmedText(value(doc, props, "created_at") ?? "")
                                  : UTCTimestamp.normalize(value(doc, props, "created_at") ?? ""),
            latitude: lat, longitude: lon, properties: properties.text)
        if named != nil { pin.keys = [.title: "properties.\(titleKey)"] }
        return .accepted(pin)
    }

    /// "latitude, longitude" as the file writes them (or, reprojected, in WGS84 decimal degrees
    /// to 6 places, ~0.1 m: a reprojection's last digits are noise).
    private static func positionTitle(_ doc: JSONDocument, _ position: JSONDocument.Value, _ asWritten: Bool,
                                      latitude: Double, longitude: Double) -> String {
        let written = Array(IteratorSequence(doc.elements(position)).prefix(2))
        guard asWritten, written.count == 2 else {
            func degrees(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }
            return "\(degrees(latitude)), \(degrees(longitude))"
        }
        return "\(doc.text(written[1])), \(doc.text(written[0]))"
    }

    /// The property `key` as text (see `text`).
    private static func value(_ doc: JSONDocument, _ props: [(key: String, value: JSONDocument.Value)], _ key: String) -> String? {
        props.first { $0.key == key }.flatMap { text(doc, $0.value) }
    }

    /// A scalar as text: strings decoded, numbers as written, booleans; nil for null, arrays
    /// and objects (which then stay in `properties`).
    static func text(_ doc: JSONDocument, _ v: JSONDocument.Value) -> String? {
        switch v.kind {
        case .string: return doc.string(v)
        case .number, .bool: return doc.text(v)
        default: return nil
        }
    }
}
