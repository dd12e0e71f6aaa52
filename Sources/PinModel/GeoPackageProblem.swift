/// Why a GeoPackage cannot be read, as values (worded by the command line in English and by
/// the UI in the user's language). SQLite's own message stays as SQLite wrote it.
public enum GeoPackageProblem: Sendable, Equatable {
    /// A Pinmap store given as a GeoPackage (merge stores with `pinmap copy`).
    case pinmapStore
    /// A SQLite database without `gpkg_contents`; its `application_id` as shown (`'GPKG'`, `0x0`).
    case noContentsTable(applicationID: String)
    /// A table's geometry column (named in `gpkg_geometry_columns`) is not in the table.
    case missingGeometryColumn(table: String, column: String)
    /// A table names an `srs_id` that `gpkg_spatial_ref_sys` lacks.
    case missingSpatialReference(table: String, srsID: Int64)
    /// SQLite failed (damaged file, not a database): its message, and the table being read.
    case sqlite(table: String?, detail: String)
}
