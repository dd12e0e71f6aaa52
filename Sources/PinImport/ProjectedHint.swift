import PinModel

/// The advice added to an out-of-range coordinate that looks like projected metres (an
/// easting or northing of a national grid or UTM zone) read as degrees: name the system; and
/// the opposite mistake, degrees read as metres under a projected `--crs`.
enum ProjectedHint {
    /// Values this large are no angle written in degrees (a typo makes 375 or 1265, not
    /// 198053): beyond it, a projected coordinate in metres (or feet) is the likely reading.
    static let metresFrom = 1_000.0

    /// Common systems to name, none favoured: a file's metres alone do not say its country.
    static let examples = "e.g. --crs EPSG:5186 (Korea), EPSG:27700 (British National Grid), EPSG:326NN (UTM zone NN north)"

    /// `; these look like projected metres, not degrees: …`, or "" when `x` and `y` look
    /// like degrees or a system was given already.
    static func text(x: Double, y: Double, system: CoordinateSystem?) -> String {
        guard system == nil, looksProjected(x: x, y: y) else { return "" }
        return "; these look like projected metres, not degrees: name their coordinate reference system with --crs (\(examples))"
    }

    /// The GeoJSON form: RFC 7946 positions are WGS84 degrees, so `--crs` does not apply; only
    /// a (legacy) `crs` member names another system.
    static func geoJSONText(x: Double, y: Double, system: CoordinateSystem?) -> String {
        guard system == nil, looksProjected(x: x, y: y) else { return "" }
        return "; these look like projected metres, not degrees: GeoJSON positions are WGS84 longitude, latitude (RFC 7946); name another system in the file's \"crs\" member ({\"type\": \"name\", \"properties\": {\"name\": \"EPSG:5186\"}})"
    }

    /// Whether either number is too large for an angle in degrees.
    static func looksProjected(x: Double, y: Double) -> Bool {
        abs(x) >= metresFrom || abs(y) >= metresFrom
    }

    /// The issue of a row whose `latitude`/`longitude`-named columns hold degrees while
    /// `--crs` names a projected system (the numbers would land near its false origin); nil
    /// otherwise. `--crs` is for `x`/`y`, easting/northing columns (`ColumnRole.projectedAliases`).
    static func degreesUnderProjectedSystem(latitude: Double, longitude: Double, latField: String, lonField: String,
                                            latText: String, system: CoordinateSystem?) -> RowIssue? {
        guard let system, !system.isGeographic,
              ColumnRole.isDegreeName(latField), ColumnRole.isDegreeName(lonField),
              CoordinateAxis.latitude.contains(latitude), CoordinateAxis.longitude.contains(longitude) else { return nil }
        let name = system.identifier ?? system.name
        return RowIssue(field: latField, value: latText,
                        reason: "\(latField) \(latitude), \(lonField) \(longitude) are degrees, but --crs \(name) reads projected x, y: drop --crs for WGS84 degrees, or name the columns x and y (easting, northing) if they are in \(name)",
                        outOfRange: OutOfRange(.degreesUnderProjectedSystem(name)))
    }

    /// Adds the advice (`text`, or `geoJSONText` for GeoJSON) to an out-of-range `issue`
    /// when `x` and `y` look like projected metres: its sentence and its typed values.
    static func advise(_ issue: inout RowIssue, x: Double, y: Double, system: CoordinateSystem?, geoJSON: Bool = false) {
        let hint = geoJSON ? geoJSONText(x: x, y: y, system: system) : text(x: x, y: y, system: system)
        guard !hint.isEmpty else { return }
        issue.reason += hint
        issue.outOfRange?.projectedMetres = true
    }
}
