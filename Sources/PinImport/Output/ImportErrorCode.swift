import Glibc

/// A stable code per kind of file-level import failure, so an interface can say it in its own
/// language (the `description` stays the CLI's English, with its advice on flags). The raw
/// values never change.
public enum ImportErrorCode: String, Sendable, CaseIterable {
    case notFound, noPermission, directory, pipe, device, socket, notRegular, unreadable
    case empty, noHeader, malformedHeader, decoding, columns, notGeoJSON, notJSON, notXML, archive, store, rejectsFile
    /// XML whose root is neither `<gpx>` nor `<kml>`.
    case neitherGPXNorKML
    /// A coordinate reference system PROJ cannot resolve; a GeoPackage or a Shapefile that
    /// cannot be read.
    case coordinateSystem, notGeoPackage, notShapefile
    /// The file changed while it was read.
    case changedWhileRead
    /// A KML, KMZ or Shapefile holding only lines, polygons or other non-point geometry.
    case noPoints
    /// `ImportError.foreign`, by what the file is.
    case excelWorkbook, openDocumentSpreadsheet, numbersSpreadsheet, binary
}

extension ImportError {
    /// The kind of failure. For `unreadable` it is read from the file system now (what the
    /// path is, or why it cannot be opened), the same test `FileChunkSource` refuses by.
    public var code: ImportErrorCode {
        switch self {
        case let .unreadable(path, _): return Self.code(ofPath: path)
        case .neitherGPXNorKML: return .neitherGPXNorKML
        case .changedWhileRead: return .changedWhileRead
        case .emptyFile, .bomOnly: return .empty
        case .noHeader: return .noHeader
        case .malformedHeader: return .malformedHeader
        case .decoding: return .decoding
        case .columns: return .columns
        case .invalidGeoJSON: return .notGeoJSON
        case .invalidJSON: return .notJSON
        case .malformedXML: return .notXML
        case .archive: return .archive
        case .coordinateSystem: return .coordinateSystem
        case .invalidGeoPackage: return .notGeoPackage
        case .invalidShapefile: return .notShapefile
        case .noPoints: return .noPoints
        case .store: return .store
        case .rejectsFile: return .rejectsFile
        case .foreign(_, .excelWorkbook): return .excelWorkbook
        case .foreign(_, .openDocumentSpreadsheet): return .openDocumentSpreadsheet
        case .foreign(_, .numbersSpreadsheet): return .numbersSpreadsheet
        case .foreign(_, .binary): return .binary
        }
    }


    /// The file the failure is about.
    public var path: String {
        switch self {
        case let .unreadable(path, _), let .changedWhileRead(path, _), let .neitherGPXNorKML(path), let .emptyFile(path), let .bomOnly(path, _), let .noHeader(path),
             let .malformedHeader(path, _), let .decoding(path, _), let .columns(path, _), let .invalidGeoJSON(path, _),
             let .invalidJSON(path, _), let .malformedXML(path, _, _, _), let .archive(path, _), let .store(path, _),
             let .rejectsFile(path, _), let .coordinateSystem(path, _, _), let .invalidGeoPackage(path, _),
             let .invalidShapefile(path, _), let .noPoints(path, _), let .foreign(path, _):
            return path
        }
    }

    /// Why `path` cannot be read: missing, forbidden, or not a regular file.
    static func code(ofPath path: String) -> ImportErrorCode {
        var st = stat()
        guard stat(path, &st) == 0 else {
            switch errno {
            case ENOENT, ENOTDIR: return .notFound
            case EACCES, EPERM: return .noPermission
            default: return .unreadable
            }
        }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFIFO: return .pipe
        case S_IFCHR, S_IFBLK: return .device
        case S_IFSOCK: return .socket
        case S_IFREG: return access(path, R_OK) == 0 ? .unreadable : .noPermission
        default: return .notRegular
        }
    }
}
