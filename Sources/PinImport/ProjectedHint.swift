import PinModel

/// The advice added to an out-of-range coordinate that looks like projected metres (an
/// easting or northing of a national grid or UTM zone) read as degrees: name the system.
enum ProjectedHint {
    /// Values this large are no angle written in degrees (a typo makes 375 or 1265, not
    /// 198053): beyond it, a projected coordinate in metres (or feet) is the likely reading.
    static let metresFrom = 1_000.0

    /// `; these look like projected coordinates in metres: …`, or "" when `x` and `y` look
    /// like degrees or a system was given already.
    static func text(x: Double, y: Double, system: CoordinateSystem?) -> String {
        guard system == nil, abs(x) >= metresFrom || abs(y) >= metresFrom else { return "" }
        return "; these look like projected metres, not degrees: name their coordinate reference system with --crs (e.g. --crs EPSG:5186)"
    }
}
