/// Why a Shapefile cannot be read, as values (worded by the command line in English and by the
/// UI in the user's language).
public enum ShapefileProblem: Sendable, Equatable {
    /// A dBASE table (`.dbf`) given alone, without its `.shp`.
    case tableWithoutShapes
    /// A `.dbf`, `.shx`, `.prj` or `.cpg` (`part`, without the dot) whose `.shp` lies beside it.
    case part(String, shp: String)
    /// The index `<stem>.shx` is missing (`index`: its file name).
    case missingIndex(String)
    /// shapelib cannot read the `.shp` or `.shx` (damaged or not a Shapefile).
    case damaged
    /// The `.shp` holds fewer bytes than its header's file length (`declared`): cut off in a
    /// copy or a download.
    case cutShort(declared: Int64, actual: Int64)
    /// The `.dbf`'s code page (as written, maybe empty) is not one iconv knows.
    case unknownCodePage(String)
}
