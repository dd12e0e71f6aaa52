import PinModel

/// Why a file could not be previewed or imported, as values (the importer's file-level
/// errors, mapped by the command line without words): the core words it (`text`), in the
/// state's language.
public struct ImportFailure: Error, Sendable, Equatable {
    /// The file's name (its last path component).
    public var file: String
    public var reason: Reason

    public enum Reason: Sendable, Equatable {
        case notFound, noPermission, directory, pipe, device, socket, notRegular
        /// A `.gpx` or `.kml` that is XML of another kind.
        case neitherGPXNorKML
        /// The system's reason (`strerror`), verbatim.
        case unreadable(String)
        /// The file changed while it was read.
        case changedWhileRead(FileChange)
        /// An empty GPX, KML or KMZ file (nothing, or only a byte order mark).
        case emptyFile
        /// An empty CSV file: not even a header row.
        case empty
        case noHeader, malformedHeader, decoding
        /// No encoding reads the file (`--encoding` names one).
        case unknownEncoding
        /// A spreadsheet workbook, not its CSV export.
        case excelWorkbook, openDocumentSpreadsheet, numbersSpreadsheet
        /// A header holding NUL bytes: a binary file, not a CSV without its columns.
        case binary
        /// No latitude/longitude (or name) columns.
        case columns
        case notGeoJSON(String), notJSON(String)
        case xml(line: Int, column: Int, XMLProblem)
        case archive(String)
        /// The store failed; the import was rolled back.
        case store(StoreProblem)
        /// The file's coordinate reference system cannot be turned into WGS84, and where it was named.
        case coordinateSystem(CoordinateSystemSource?, CoordinateSystemProblem)
        case notGeoPackage(GeoPackageProblem), notShapefile(ShapefileProblem)
        /// The rejects file (its path) could not be written: the system's reason.
        case rejectsFile(path: String, String)
        /// Lines or polygons only: `skipped` says what was skipped ("2 line shapes").
        case noPoints(skipped: [SkippedCount])
        /// A failure without a wording of its own, already in words (an error that is not the importer's).
        case other(String)
    }

    public init(file: String, _ reason: Reason) { self.file = file; self.reason = reason }

    /// One short sentence in the current language (`S.ie…`).
    public var text: String {
        let name = TextWrap.middle(file, to: 40)
        switch reason {
        case .notFound: return S.ieNotFound(name)
        case .noPermission: return S.ieNoPermission(name)
        case .directory: return S.ieDirectory(name)
        case .pipe: return S.iePipe(name)
        case .device: return S.ieDevice(name)
        case .socket: return S.ieSocket(name)
        case .notRegular: return S.ieNotRegular(name)
        case .neitherGPXNorKML: return S.ieNeitherGPXNorKML(name)
        case .unreadable(let reason): return S.ieUnreadable(name, reason)
        case .changedWhileRead(let c): return S.ieChangedWhileRead(name, c.sizeAtStart, c.sizeNow, c.bytesRead)
        case .emptyFile: return S.ieEmptyFile(name)
        case .empty: return S.ieEmpty(name)
        case .noHeader: return S.ieNoHeader(name)
        case .malformedHeader: return S.ieHeader(name)
        case .decoding: return S.ieDecoding(name)
        case .unknownEncoding: return S.ieUnknownEncoding(name)
        case .excelWorkbook: return S.ieExcel(name)
        case .openDocumentSpreadsheet: return S.ieODS(name)
        case .numbersSpreadsheet: return S.ieNumbers(name)
        case .binary: return S.ieBinary(name)
        case .columns: return S.ieColumns(name)
        case .notGeoJSON: return S.ieNotGeoJSON(name)
        case .notJSON: return S.ieNotJSON(name)
        case let .xml(line, column, problem): return S.ieXML(name, line, column, ImportProblemText.text(problem))
        case .archive: return S.ieArchive(name)
        case .store(.stopped): return S.ieStopped(name)
        case let .store(.stagingCopy(folder, detail)): return S.ieStagingCopy(name, folder, detail)
        case .store(.failed(let error)): return S.ieStore(name, S.storeError(error))
        case let .coordinateSystem(source, problem): return S.ieCRS(name, ImportProblemText.text(problem, source: source))
        case .notGeoPackage(let problem): return S.ieGeoPackage(name, ImportProblemText.text(problem))
        case .notShapefile(let problem): return S.ieShapefile(name, ImportProblemText.text(problem))
        case let .rejectsFile(path, detail): return S.ieRejects(path, detail)
        case .noPoints(let skipped):
            let counts = skipped.map { S.skippedCount($0.count, ImportNoteText.phrase($0.thing, count: $0.count)) }
            return S.ieNoPoints(name, counts.joined(separator: ", "))
        case .other(let text): return text
        }
    }
}
