import Foundation
import PinImport
import PinmapCore
import PinmapRuntime
import PinStore
import PinStorePostgres

/// The terminal UI's importer (`FileImporter`): previews and imports with `PinImport`
/// into the SQLite store (or, through `ServerImport`, a PostgreSQL store); failures as
/// values the core words (`ImportFailure`).
enum UIFileImporter {
    static func make() -> FileImporter {
        FileImporter(preview: { path, rows in preview(path, rows: rows) }, run: { path, repository, progress, shouldStop in
            do {
                if let server = repository as? PostgresStore {
                    return .success(try ServerImport.run(path: path, store: server, progress: progress, shouldStop: shouldStop))
                }
                guard let file = repository as? Store else { return .failure(ImportFailure(file: path, .other("no importer for this store"))) }
                return .success(try Importer.run(path: path, store: file, progress: progress, shouldStop: shouldStop))
            } catch {
                return .failure(failure(error, path: path))
            }
        })
    }

    /// The first `rows` rows of the file at `path` and what the importer detects.
    static func preview(_ path: String, rows limit: Int) -> Result<ImportPreview, ImportFailure> {
        do {
            var scanner = try PinFileScanner.open(path: path)
            var rows: [ImportPreview.Row] = []
            while rows.count < limit, let event = try scanner.next() {
                switch event {
                case .pin(let p): rows.append(.pin(title: p.title, latitude: p.latitude, longitude: p.longitude, category: p.category))
                case .rejected(let issues, _): rows.append(.rejected(issues.first))
                }
            }
            return .success(ImportPreview(
                path: path, format: scanner.format.rawValue, encoding: scanner.encodingLabel,
                delimiter: scanner.delimiterLabel, columns: scanner.columnsUsed, properties: scanner.propertyNames,
                rows: rows, size: scanner.size, coordinateSystem: scanner.coordinateSystem))
        } catch {
            return .failure(failure(error, path: path))
        }
    }

    /// A file-level error as values, for the core to word (`ImportFailure.text`; the CLI's
    /// English, with its advice on flags, is `ImportError.description`). `path`: the file
    /// asked for, when the error names none.
    static func failure(_ error: Error, path asked: String = "") -> ImportFailure {
        guard let e = error as? ImportError else {
            return ImportFailure(file: shownName(asked), .other("\(error)"))
        }
        let reason: ImportFailure.Reason
        switch (e.code, e) {
        case (.notFound, _): reason = .notFound
        case (.noPermission, _): reason = .noPermission
        case (.directory, _): reason = .directory
        case (.pipe, _): reason = .pipe
        case (.device, _): reason = .device
        case (.socket, _): reason = .socket
        case (.notRegular, _): reason = .notRegular
        case (_, .neitherGPXNorKML): reason = .neitherGPXNorKML
        case let (_, .unreadable(_, why)): reason = .unreadable(why)
        case let (_, .changedWhileRead(_, change)), let (_, .decoding(_, .changedWhileRead(_, change))):
            reason = .changedWhileRead(change)
        case (_, .emptyFile), (_, .bomOnly):
            // Only CSV has a header row to miss.
            reason = ["gpx", "kml", "kmz"].contains((e.path as NSString).pathExtension.lowercased()) ? .emptyFile : .empty
        case (_, .noHeader): reason = .noHeader
        case (_, .malformedHeader): reason = .malformedHeader
        case (_, .decoding(_, .unknownEncoding)), (_, .decoding(_, .mixedWithUTF8)): reason = .unknownEncoding
        case (_, .decoding): reason = .decoding
        case let (_, .columns(_, err)):
            // A header holding NUL bytes is a binary file, not a CSV that lacks its columns.
            reason = looksBinary(err) ? .binary : .columns
        case let (_, .invalidGeoJSON(_, why)): reason = .notGeoJSON(why)
        case let (_, .invalidJSON(_, why)): reason = .notJSON(why)
        case let (_, .malformedXML(_, line, column, why)): reason = .xml(line: line, column: column, why)
        case let (_, .archive(_, why)): reason = .archive(why)
        case let (_, .store(_, problem)): reason = .store(problem)
        case let (_, .coordinateSystem(_, source, problem)): reason = .coordinateSystem(source, problem)
        case let (_, .invalidGeoPackage(_, problem)): reason = .notGeoPackage(problem)
        case let (_, .invalidShapefile(_, problem)): reason = .notShapefile(problem)
        case let (_, .noPoints(_, skipped)): reason = .noPoints(skipped: skipped)
        case let (_, .rejectsFile(path, why)): reason = .rejectsFile(path: path, why)
        case (_, .foreign(_, .excelWorkbook)): reason = .excelWorkbook
        case (_, .foreign(_, .openDocumentSpreadsheet)): reason = .openDocumentSpreadsheet
        case (_, .foreign(_, .numbersSpreadsheet)): reason = .numbersSpreadsheet
        case (_, .foreign(_, .binary)): reason = .binary
        }
        return ImportFailure(file: shownName(e.path), reason)
    }

    /// A file's name for a failure: its last path component, a password in the path hidden
    /// first (`postgresql://ann:pw@db` typed as a path must not show `ann:pw@db`).
    static func shownName(_ path: String) -> String { PasswordMask.maskedName(ofPath: path) }

    /// Whether the headers the column error found hold a NUL byte (text never does).
    private static func looksBinary(_ error: ColumnMappingError) -> Bool {
        let headers: [String]
        switch error {
        case let .noCoordinateColumns(found), let .missingCoordinateColumn(_, _, found), let .noTitleColumn(found),
             let .unknownColumn(_, _, found), let .wktNotPoint(_, _, found):
            headers = found
        }
        return headers.contains { $0.unicodeScalars.contains("\0") }
    }
}
