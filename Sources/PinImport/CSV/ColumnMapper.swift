import PinModel
/// Column names the user gave explicitly (`--lat COL --lon COL --name COL --wkt COL`); matched
/// against the headers after trimming and case-folding, or taken as a 1-based column number
/// when no header has that name.
public struct ColumnOverrides: Sendable, Equatable {
    public var latitude: String?
    public var longitude: String?
    public var title: String?
    /// The WKT geometry column; it wins over a latitude/longitude pair.
    public var wkt: String?

    public init(latitude: String? = nil, longitude: String? = nil, title: String? = nil, wkt: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.title = title
        self.wkt = wkt
    }
}

/// Where a row's coordinates come from.
public enum CoordinateColumns: Sendable, Equatable {
    /// Separate latitude and longitude columns (0-based indexes).
    case pair(latitude: Int, longitude: Int)
    /// One WKT/EWKT column holding `POINT (lon lat)`.
    case geometry(Int)
    /// One column holding both, latitude first, as Google Maps copies a place's coordinates
    /// into a spreadsheet (`37.5665, 126.9780`; `ColumnMapping.combinedAliases`).
    case combined(Int)
    /// One column of Google Maps links (a Takeout saved list's `URL`), whose position is read
    /// from each link (`/search/LAT,LON`, `!3dLAT!4dLON`, `?q=LAT,LON`, `@LAT,LON`); the link
    /// itself is also kept as a property (it names the place, more than its position).
    case mapsURL(Int)
}

/// Which column (0-based index) fills each pin field.
public struct ColumnMapping: Sendable, Equatable {
    /// The header row as found (untrimmed).
    public var headers: [String]
    /// The title column.
    public var title: Int
    public var coordinates: CoordinateColumns
    public var description: Int?
    public var category: Int?
    public var created: Int?

    /// The columns no pin field uses, in header order (their fields go to
    /// `ParsedPin.properties` under `propertyNames`).
    public var propertyColumns: [Int] {
        var used: Set<Int> = [title]
        switch coordinates {
        case let .pair(lat, lon): used.formUnion([lat, lon])
        case let .geometry(g), let .combined(g): used.insert(g)
        case .mapsURL: break  // the link stays a property
        }
        for i in [description, category, created].compactMap({ $0 }) { used.insert(i) }
        return headers.indices.filter { !used.contains($0) }
    }

    /// The name column `index` gives its property: its header, or `column N` (1-based) when
    /// the header is blank, so no value is lost for want of a name. Not yet unique: see
    /// `propertyNames`.
    func baseName(_ index: Int) -> String {
        headers[index].isEmpty ? "column \(index + 1)" : headers[index]
    }

    /// The keys of `propertyColumns`, in the same order, each its own: a repeated header
    /// (`dup,dup`, or a blank header's `column 7` beside a header written `column 7`) is
    /// renamed by `PropertyKey.unique` (`dup`, `dup (2)`), so no column's values are lost.
    /// The stored properties and the report's "kept as properties" both use these keys.
    public var propertyNames: [String] { PropertyKey.unique(propertyColumns.map(baseName)) }

    /// Headers of one column holding latitude and longitude (`LAT, LON`), trimmed and case-folded.
    /// (The first few are the ones error messages show.)
    public static let combinedAliases = ["coordinates", "좌표", "latlng", "lat/lng", "coordinate", "coords", "latlon", "lat/lon",
                                         "lat, lng", "lat,lng", "lat, lon", "lat,lon", "lat_lng", "lat_lon", "gps coordinates",
                                         "위경도", "위도/경도", "위도,경도", "座標", "坐标"]

    /// The column of `folded` (normalized headers) holding both coordinates: by an alias, or
    /// one with a qualifier after it (`Coordinates (WGS84)`, `ColumnRole.unqualified`).
    static func combinedColumn(in folded: [String]) -> Int? {
        let aliases = Set(combinedAliases)
        return folded.firstIndex { aliases.contains($0) }
            ?? folded.firstIndex { ColumnRole.unqualified($0).map(aliases.contains) ?? false }
    }

    /// Role → header as written in the file, for reports (`{"name": "이름", "latitude": "위도"}`).
    public var columnsUsed: [ColumnRole: String] {
        var used: [ColumnRole: String] = [.title: headers[title]]
        switch coordinates {
        case let .pair(lat, lon):
            used[.latitude] = headers[lat]
            used[.longitude] = headers[lon]
        case let .geometry(g):
            used[.geometry] = headers[g]
        case let .combined(c), let .mapsURL(c):
            // Both read from the one column, as a GeoJSON's are from its geometry.
            used[.latitude] = headers[c]
            used[.longitude] = headers[c]
        }
        if let description { used[.description] = headers[description] }
        if let category { used[.category] = headers[category] }
        if let created { used[.created] = headers[created] }
        return used
    }
}

/// A file-level failure to find the columns a pin needs.
public enum ColumnMappingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Neither a latitude/longitude pair nor a geometry column.
    case noCoordinateColumns(headersFound: [String])
    /// No coordinate columns, but column `column` holds WKT of another kind (`geometry`:
    /// `LINESTRING`, `POLYGON`, …) in the first row.
    case wktNotPoint(column: String, geometry: String, headersFound: [String])
    /// One of latitude/longitude found without the other.
    case missingCoordinateColumn(found: String, missingRole: ColumnRole, headersFound: [String])
    /// No name column.
    case noTitleColumn(headersFound: [String])
    /// An explicit `--lat`/`--lon`/`--name` names no column.
    case unknownColumn(option: ColumnRole, name: String, headersFound: [String])

    public var description: String {
        switch self {
        case let .noCoordinateColumns(found) where Self.isTakeoutList(found):
            return "no coordinate columns: this is a Google Takeout saved list (headers \(Self.found(found))), whose rows "
                + "hold a place's name and link but no coordinates. Import Takeout's \"Saved Places.json\" (starred "
                + "places, with coordinates), or open the list in Google My Maps and export it as KML."
        case let .noCoordinateColumns(found):
            return "no coordinate columns. Headers found: \(Self.found(found)). "
                + "Accepted latitude headers: \(Self.list(ColumnRole.latitude.aliases)); "
                + "longitude: \(Self.list(ColumnRole.longitude.aliases)); "
                + "or one geometry column holding POINT (lon lat): \(Self.list(ColumnRole.geometry.aliases)); "
                + "or one \"LAT, LON\" column: \(Self.list(ColumnMapping.combinedAliases, budget: 20)). "
                + "Name the columns with --lat COL --lon COL, or a WKT column with --wkt COL."
        case let .wktNotPoint(column, geometry, found):
            return "no coordinate columns: column \"\(MessageText.bounded(column))\" holds WKT \(geometry), not POINT. "
                + "Headers found: \(Self.found(found)). Pins need points: name a column of POINTs with --wkt COL, "
                + "or latitude and longitude columns with --lat COL --lon COL."
        case let .missingCoordinateColumn(found, missing, headers):
            return "found coordinate column \"\(MessageText.bounded(found))\" but no \(missing.rawValue) column. "
                + "Headers found: \(Self.found(headers)). Accepted \(missing.rawValue) headers: "
                + "\(Self.list(missing.aliases)). Name it with --\(missing == .latitude ? "lat" : "lon") COL."
        case let .noTitleColumn(found):
            return "no name column. Headers found: \(Self.found(found)). "
                + "Accepted name headers: \(Self.list(ColumnRole.title.aliases)). Name it with --name COL."
        case let .unknownColumn(option, name, found):
            return "no column \"\(MessageText.bounded(name))\" for \(option.rawValue). Headers found: \(Self.found(found))."
        }
    }

    /// The file's headers, shorter than the accepted names (a junk file's can be anything).
    /// Whether `headers` are those of a list in Google Takeout's "Saved" folder (`Title`,
    /// `Note`, `URL`, and `Tags`, `Comment` in newer ones): names and links only.
    static func isTakeoutList(_ headers: [String]) -> Bool {
        let folded = Set(headers.map(normalizeHeader))
        return folded.isSuperset(of: ["title", "note", "url"]) && folded.isSubset(of: ["title", "note", "url", "tags", "comment"])
    }

    static func found(_ names: [String]) -> String { list(names, budget: 120, nameLimit: 40) }

    /// Whole quoted names while they fit in about `budget` characters, then one "…" and how
    /// many more: the message stays short enough that `MessageText.sentence` never cuts it
    /// (its cut fell inside a name: `"緯度…ngengrad"`). Each name is bounded (a one-line 50 MB
    /// file is one 50 MB "header").
    /// The default budget shows every accepted alias of a role (the longest list, longitude's,
    /// is about 235 characters): users of 위도/経度 headers must see them.
    static func list(_ names: [String], budget: Int = 280, nameLimit: Int = 24) -> String {
        guard !names.isEmpty else { return "(none)" }
        var shown = ""
        for (i, name) in names.enumerated() {
            let quoted = "\"" + MessageText.bounded(name, limit: nameLimit) + "\""
            if !shown.isEmpty && shown.unicodeScalars.count + 2 + quoted.unicodeScalars.count > budget {
                return shown + " … (\(names.count - i) more)"
            }
            shown += (shown.isEmpty ? "" : ", ") + quoted
        }
        return shown
    }
}

/// Maps header names to pin fields: exact alias match after trimming and case-folding, first
/// match wins, column order never matters. A latitude/longitude pair is preferred over a
/// geometry column when a file has both.
public enum ColumnMapper {
    /// - Parameters:
    ///   - headers: the header record's fields.
    ///   - overrides: explicit column names, which win over aliases.
    /// - Throws: `ColumnMappingError` when the coordinate or name columns cannot be found.
    public static func map(headers: [String], overrides: ColumnOverrides = ColumnOverrides()) throws(ColumnMappingError) -> ColumnMapping {
        let folded = headers.map(normalizeHeader)
        let shown = headers.map { normalizeHeaderForDisplay($0) }

        func find(_ role: ColumnRole, override: String?) throws(ColumnMappingError) -> Int? {
            if let override {
                let key = normalizeHeader(override)
                if let i = folded.firstIndex(of: key) { return i }
                if let n = Int(key), n >= 1, n <= headers.count { return n - 1 }
                throw .unknownColumn(option: role, name: override, headersFound: shown)
            }
            return role.column(in: folded)
        }

        let lat = try find(.latitude, override: overrides.latitude)
        let lon = try find(.longitude, override: overrides.longitude)
        let coordinates: CoordinateColumns
        if overrides.wkt != nil, let g = try find(.geometry, override: overrides.wkt) {
            coordinates = .geometry(g)
        } else {
        switch (lat, lon) {
        case let (la?, lo?):
            // `--lat C --lon C`: one column holding both.
            coordinates = la == lo ? .combined(la) : .pair(latitude: la, longitude: lo)
        case let (la?, nil):
            throw .missingCoordinateColumn(found: shown[la], missingRole: .longitude, headersFound: shown)
        case let (nil, lo?):
            throw .missingCoordinateColumn(found: shown[lo], missingRole: .latitude, headersFound: shown)
        case (nil, nil):
            if let c = ColumnMapping.combinedColumn(in: folded) {
                coordinates = .combined(c)
                break
            }
            // A Takeout saved list: its links hold a dropped pin's position, and some a
            // place's; a row whose link holds none is a rejected row saying so.
            if ColumnMappingError.isTakeoutList(headers), let u = folded.firstIndex(of: "url") {
                coordinates = .mapsURL(u)
                break
            }
            // An exact alias, else any header that holds `wkt` or `geom` (QGIS's `geom_wkt`).
            guard let g = try find(.geometry, override: nil)
                    ?? folded.firstIndex(where: { $0.contains("wkt") || $0.contains("geom") }) else {
                throw .noCoordinateColumns(headersFound: shown)
            }
            coordinates = .geometry(g)
        }
        }
        guard let title = try find(.title, override: overrides.title) else {
            throw .noTitleColumn(headersFound: shown)
        }
        return ColumnMapping(
            headers: shown, title: title, coordinates: coordinates,
            description: try find(.description, override: nil),
            category: try find(.category, override: nil),
            created: try find(.created, override: nil))
    }

    /// The column of `headers` to read as WKT when they name no coordinate columns, told by
    /// the content of the first data row `fields`: the first field holding a WKT `POINT`
    /// (1-based number, for `ColumnOverrides.wkt`).
    /// - Throws: `.wktNotPoint` when no field holds a POINT but one holds other WKT;
    ///   `.noCoordinateColumns` when none holds WKT.
    public static func wktColumn(headers: [String], fields: [String]) throws(ColumnMappingError) -> String {
        let kinds = fields.prefix(headers.count).map(WKTPoint.geometryKeyword)
        if let i = kinds.firstIndex(of: "POINT") { return String(i + 1) }
        let shown = headers.map { normalizeHeaderForDisplay($0) }
        if let i = kinds.firstIndex(where: { $0 != nil }), let kind = kinds[i] {
            throw .wktNotPoint(column: shown[i], geometry: kind, headersFound: shown)
        }
        throw .noCoordinateColumns(headersFound: shown)
    }

    /// Headers as shown in messages: trimmed, case kept.
    static func normalizeHeaderForDisplay(_ header: String) -> String { trimmedText(header) }
}
