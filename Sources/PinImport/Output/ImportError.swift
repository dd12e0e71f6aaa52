import PinModel
/// A file-level import failure: nothing from the file is written (the store is left exactly as
/// it was) and the command exits 1.
public enum ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file cannot be opened or read (missing, permissions, a directory, an I/O error).
    case unreadable(path: String, reason: String)
    /// The file changed while it was read (written to during the import).
    case changedWhileRead(path: String, FileChange)
    /// The file has zero bytes.
    case emptyFile(path: String)
    /// XML whose root is neither `<gpx>` nor `<kml>`, named neither `.gpx` nor `.kml`.
    case neitherGPXNorKML(path: String)
    /// The file holds only a byte order mark.
    case bomOnly(path: String, encoding: String)
    /// The file holds only blank lines: there is no header row.
    case noHeader(path: String)
    /// The header row itself is broken (an unterminated quoted field swallows the file).
    case malformedHeader(path: String, reason: String)
    /// The bytes cannot be decoded (broken UTF-16, invalid UTF-8 after a UTF-8 BOM).
    case decoding(path: String, TextDecodingError)
    /// The header lacks the columns a pin needs (lists the headers found and accepted names).
    case columns(path: String, ColumnMappingError)
    /// A GeoJSON document that is not a FeatureCollection (or not JSON).
    case invalidGeoJSON(path: String, reason: String)
    /// A JSON file that cannot be read: its syntax, nesting or a number, with the line.
    case invalidJSON(path: String, reason: String)
    /// A GPX or KML file that is not well-formed XML, with where the parser stopped.
    case malformedXML(path: String, line: Int, column: Int, reason: XMLProblem)
    /// A KMZ (zip) archive that cannot be read, or whose KML would inflate beyond the limits.
    case archive(path: String, reason: String)
    /// A coordinate reference system PROJ cannot resolve, and where it was named (`--crs`, a
    /// `crs` member, a `.prj`, a GeoPackage's `gpkg_spatial_ref_sys` row).
    case coordinateSystem(path: String, source: CoordinateSystemSource?, CoordinateSystemProblem)
    /// A GeoPackage whose tables cannot be read (not a GeoPackage, a broken geometry header).
    case invalidGeoPackage(path: String, GeoPackageProblem)
    /// A Shapefile that cannot be read (its `.shp`, `.shx` or `.dbf` missing or damaged).
    case invalidShapefile(path: String, ShapefileProblem)
    /// A KML, KMZ or Shapefile with no point feature, only other geometry (`skipped`:
    /// `2 line shapes skipped`).
    case noPoints(path: String, skipped: [SkippedCount])
    /// The store failed (disk full, locked, corrupt); the transaction was rolled back.
    case store(path: String, StoreProblem)
    /// The rejects file could not be written.
    case rejectsFile(path: String, reason: String)
    /// Not a pin file but something people mistake for one (`ForeignFile`).
    case foreign(path: String, ForeignFile)

    /// One line for people, naming the file.
    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "\(path): cannot read the file: \(reason)"
        case let .changedWhileRead(path, change): return "\(path): cannot read the file: \(change.sentence)"
        case let .neitherGPXNorKML(path):
            return "\(path): cannot read the file: an XML document that is neither GPX (<gpx>) nor KML (<kml>); Pinmap reads \(PinFileScanner.Format.readable)"
        case let .emptyFile(path): return "\(path): the file is empty (0 bytes, no header row)"
        case let .bomOnly(path, encoding): return "\(path): the file holds only a \(encoding) byte order mark (no header row)"
        case let .noHeader(path): return "\(path): the file has only blank lines (no header row)"
        case let .malformedHeader(path, reason): return "\(path): the header row cannot be read: \(reason)"
        case let .decoding(path, error): return "\(path): \(error)"
        case let .columns(path, error): return "\(path): \(error)"
        case let .invalidGeoJSON(path, reason): return "\(path): not a GeoJSON FeatureCollection: \(reason)"
        case let .invalidJSON(path, reason): return "\(path): not valid JSON: \(reason); nothing was imported"
        case let .malformedXML(path, line, column, reason):
            return "\(path): malformed XML at line \(line), column \(column): \(reason.sentence); nothing was imported (fix the file and import it again)"
        case let .archive(path, reason): return "\(path): \(reason); nothing was imported"
        case let .coordinateSystem(path, source, problem):
            let remedy = source?.remedy.map { " (\($0))" } ?? ""
            return "\(path): \(source.map { $0.sentence + ": " } ?? "")\(problem.sentence); nothing was imported" + remedy
        case let .invalidGeoPackage(path, problem): return "\(path): not a readable GeoPackage: \(problem.sentence); nothing was imported"
        case let .invalidShapefile(path, problem): return "\(path): not a readable Shapefile: \(problem.sentence); nothing was imported"
        case let .noPoints(path, skipped): return "\(path): no point features: \(skipped.map(\.description).joined(separator: ", ")); nothing was imported"
        case let .store(path, problem): return "\(path): the store failed, nothing was imported: \(problem.sentence)"
        case let .rejectsFile(path, reason): return "cannot write the rejects file \(path): \(reason)"
        case let .foreign(path, kind): return "\(path): \(kind.sentence)"
        }
    }
}

extension ImportError {
    /// A failure to read or decode `path`'s bytes as the import's error: one that is about
    /// the file (unreadable, changed while read) keeps its own case.
    static func reading(_ error: TextDecodingError, path: String) -> ImportError {
        switch error {
        case let .unreadable(p, reason): return .unreadable(path: p, reason: reason)
        case let .changedWhileRead(p, change): return .changedWhileRead(path: p, change)
        default: return .decoding(path: path, error)
        }
    }
}

extension ImportReport {
    /// A report for a file that failed as a whole.
    public static func failed(file: String, error: ImportError) -> ImportReport {
        var r = ImportReport(file: file, format: "")
        r.fileError = error.description
        return r
    }
}
