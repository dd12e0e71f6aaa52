import PinModel

/// One attribute of a GIS feature (a GeoPackage column, a `.dbf` field), typed as its file
/// stores it.
enum AttributeValue: Equatable {
    case text(String), integer(Int64), real(Double), bool(Bool), null
    /// A value that is JSON text already (a GeoPackage column marked `application/json`).
    case json(String)

    /// As JSON text for `properties`: strings quoted, numbers as their shortest decimal, nil
    /// for null (left out).
    var json: String? {
        switch self {
        case .text(let s):
            var out = ""
            JSONText.append(s, to: &out)
            return out
        case .integer(let i): return String(i)
        case .real(let d): return d.isFinite ? "\(d)" : "\"\(d)\""
        case .bool(let b): return b ? "true" : "false"
        case .json(let j): return j
        case .null: return nil
        }
    }

    /// As text for a pin field (title, description, category, created_at); nil for null.
    var text: String? {
        switch self {
        case .text(let s): return s
        case .integer(let i): return String(i)
        case .real(let d): return "\(d)"
        case .bool(let b): return b ? "true" : "false"
        case .json(let j): return j
        case .null: return nil
        }
    }
}

/// Which attribute fills each pin field: by the CSV header aliases (`ColumnRole`, first match
/// in attribute order), or, for Pinmap's own GeoPackage export, exactly `title`,
/// `description`, `category` and `created_at`.
struct AttributeRoles: Equatable {
    var title: Int?, description: Int?, category: Int?, created: Int?

    /// The most characters a `.dbf` field name holds: ogr2ogr and QGIS cut a longer one there
    /// (`description` is written `descriptio`).
    static let dbfNameLength = 10

    /// - Parameter cutAt: the most characters a name can hold (a Shapefile's: `dbfNameLength`):
    ///   a name of that length also matches the aliases it is the start of. nil: none.
    init(names: [String], pinmapExport: Bool, cutAt: Int? = nil) {
        let folded = names.map(normalizeHeader)
        func find(_ role: ColumnRole, exact: String) -> Int? {
            if pinmapExport { return folded.firstIndex(of: exact) }
            let aliases = Set(role.aliases)
            let cut = cutAt.map { n in Set(role.aliases.filter { $0.count > n }.map { String($0.prefix(n)) }) } ?? []
            return folded.firstIndex { aliases.contains($0) || cut.contains($0) }
        }
        title = find(.title, exact: "title")
        description = find(.description, exact: "description")
        category = find(.category, exact: "category")
        created = find(.created, exact: "created_at")
    }

    /// Field → attribute name, for the report's `columns`.
    func columnsUsed(_ names: [String], geometry: String) -> [ColumnRole: String] {
        var used: [ColumnRole: String] = [.latitude: geometry, .longitude: geometry]
        if let title { used[.title] = names[title] }
        if let description { used[.description] = names[description] }
        if let category { used[.category] = names[category] }
        if let created { used[.created] = names[created] }
        return used
    }
}

/// A GIS feature's position and attributes → a pin (GeoPackage and Shapefile features).
///
/// - The position is transformed to WGS84 by `system` (nil: it is WGS84 already), then
///   range-checked; a Z value is kept as the property `ele` (as for GeoJSON altitudes).
/// - title: the name attribute (`AttributeRoles`), else, when it is missing or blank,
///   `fallbackTitle` (`places 3`: the layer and the feature's id); category: the category
///   attribute, else `fallbackCategory` (the layer's name, as KML takes a folder's).
/// - Every other non-null attribute is a property under its name, with its JSON type.
struct AttributeFeature {
    var names: [String]
    var values: [AttributeValue]
    var roles: AttributeRoles
    /// The feature's number in issues (`line`): its id or record number.
    var line: Int
    /// Where the feature is beyond its number (`table places` in a GeoPackage of several
    /// tables); nil for a Shapefile, one layer.
    var label: String?
    /// The label as a reason's start (`table places: `).
    private var prefix: String { label.map { "\($0): " } ?? "" }
    var fallbackTitle: String
    var fallbackCategory: String
    /// Whether `created` is kept as written (Pinmap's own export) rather than put in UTC.
    var exactTimes: Bool

    func outcome(x: Double, y: Double, z: Double?, system: CoordinateSystem?) -> RowOutcome {
        var lon = x, lat = y
        if let system {
            guard let p = system.toWGS84(x: x, y: y) else {
                return .rejected([RowIssue(line: line, field: .geometry(key: "geometry"), value: "\(x) \(y)",
                                           reason: prefix + "x \(x), y \(y) cannot be transformed from \(system.label) to WGS84",
                                           outOfRange: OutOfRange(.notTransformable(system: system.label)))])
            }
            (lon, lat) = p
        }
        var range = CoordinateParser.rangeIssues(latitude: lat, longitude: lon, latText: "\(lat)", lonText: "\(lon)",
                                                 latField: .latitude(key: "geometry.y"), lonField: .longitude(key: "geometry.x"))
        if !range.isEmpty {
            ProjectedHint.advise(&range[0], x: x, y: y, system: system)
            return .rejected(range.map { var i = $0; i.line = line; i.reason = prefix + i.reason; return i })
        }
        func field(_ i: Int?) -> String? { i.flatMap { values[$0].text } }
        let used = Set([roles.title, roles.description, roles.category, roles.created].compactMap { $0 })
        var properties = PropertiesJSON()
        for (i, name) in names.enumerated() where !used.contains(i) {
            if let json = values[i].json { properties.add(name, json: json) }
        }
        if let z, z.isFinite { properties.add("ele", json: "\(z)") }
        let created = field(roles.created) ?? ""
        return .accepted(ParsedPin(
            line: line, title: PinTitle.or(field(roles.title), fallbackTitle),
            description: field(roles.description) ?? "",
            category: roles.category == nil ? fallbackCategory : trimmedText(field(roles.category) ?? ""),
            createdAt: exactTimes ? created : UTCTimestamp.normalize(created),
            latitude: lat, longitude: lon, properties: properties.text))
    }
}
