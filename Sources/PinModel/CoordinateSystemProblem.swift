/// Why a file's coordinate reference system cannot be turned into WGS84, as values: the
/// command line words it in English (PinImport), the UI in the user's language (PinmapCore).
/// PROJ's own reason stays as PROJ wrote it, a quoted detail.
public enum CoordinateSystemProblem: Sendable, Equatable {
    /// PROJ could not start (out of memory).
    case projUnavailable
    /// libproj could not be opened (not installed): the loader's reason.
    case projMissing(reason: String)
    /// `definition` (as shown: quoted, a WKT shortened to 60 characters) cannot be used.
    /// `missingDatabase`: PROJ's `proj.db` was not found (install proj-data).
    case unknown(definition: String, Cause, missingDatabase: Bool)
    /// A GeoPackage table in the undefined Cartesian system (srs_id -1) without `--crs`.
    case undefinedCartesian(table: String)

    /// Why PROJ refused a definition.
    public enum Cause: Sendable, Equatable {
        /// Blank (or a byte order mark only).
        case empty
        /// Not an AUTHORITY:CODE, a URN, a WKT or a PROJ string (a bare word).
        case notADefinition
        /// PROJ cannot read it: PROJ's reason.
        case unreadable(proj: String)
        /// PROJ reads an operation, not a coordinate reference system.
        case operation
        /// PROJ cannot load WGS84 (EPSG:4326) itself.
        case noWGS84
        /// No operation leads to WGS84: PROJ's reason.
        case noOperation(proj: String)
        /// The axes cannot be ordered easting, northing: PROJ's reason.
        case axisOrder(proj: String)
    }
}

/// Where a file's coordinate reference system was named, prefixing its problem.
public enum CoordinateSystemSource: Sendable, Equatable {
    /// The command line's `--crs`.
    case option
    /// A Shapefile's `.prj`.
    case prj
    /// A GeoJSON document's `"crs"` member.
    case geoJSONMember
    /// A GeoPackage table's `srs_id` row in `gpkg_spatial_ref_sys`.
    case geoPackageTable(String, srsID: Int64)
}
