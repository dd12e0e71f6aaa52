import Foundation
import PinImport
import PinmapCore
import PinmapRuntime
import PinStore
import PinStorePostgres

/// The terminal UI's importer (`FileImporter`): previews and imports with `PinImport`
/// into the SQLite store (or, through `ServerImport`, a PostgreSQL store), failures in the UI's language.
enum UIFileImporter {
    static func make(store: any PinRepository) -> FileImporter {
        FileImporter(preview: { path, rows in preview(path, rows: rows) }, run: { path, progress, shouldStop in
            do {
                if let server = store as? PostgresStore {
                    return .success(try ServerImport.run(path: path, store: server, progress: progress, shouldStop: shouldStop))
                }
                guard let file = store as? Store else { return .failure(ErrorText("no importer for this store")) }
                return .success(try Importer.run(path: path, store: file, progress: progress, shouldStop: shouldStop))
            } catch {
                return .failure(ErrorText(text(error)))
            }
        })
    }

    /// The first `rows` rows of the file at `path` and what the importer detects.
    static func preview(_ path: String, rows limit: Int) -> Result<ImportPreview, ErrorText> {
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
            return .failure(ErrorText(text(error)))
        }
    }

    /// A file-level error in the UI's language: one short sentence per `ImportErrorCode`
    /// (the CLI's English, with its advice on flags, is `ImportError.description`).
    static func text(_ error: Error) -> String {
        guard let e = error as? ImportError else { return "\(error)" }
        let name = TextWrap.middle(((e.path) as NSString).lastPathComponent, to: 40)
        switch (e.code, e) {
        case (.notFound, _): return S.ieNotFound(name)
        case (.noPermission, _): return S.ieNoPermission(name)
        case (.directory, _): return S.ieDirectory(name)
        case (.pipe, _): return S.iePipe(name)
        case (.device, _): return S.ieDevice(name)
        case (.socket, _): return S.ieSocket(name)
        case (.notRegular, _): return S.ieNotRegular(name)
        case (.neitherGPXNorKML, _): return S.ieNeitherGPXNorKML(name)
        case let (_, .unreadable(_, reason)): return S.ieUnreadable(name, reason)
        case (_, .emptyFile), (_, .bomOnly):
            // Only CSV has a header row to miss.
            return ["gpx", "kml", "kmz"].contains((e.path as NSString).pathExtension.lowercased()) ? S.ieEmptyFile(name) : S.ieEmpty(name)
        case (_, .noHeader): return S.ieNoHeader(name)
        case (_, .malformedHeader): return S.ieHeader(name)
        case (_, .decoding): return S.ieDecoding(name)
        case let (_, .columns(_, err)):
            // A header holding NUL bytes is a binary file, not a CSV that lacks its columns.
            return looksBinary(err) ? S.ieBinary(name) : S.ieColumns(name)
        case let (_, .invalidGeoJSON(_, reason)): return S.ieNotGeoJSON(name, reason)
        case let (_, .invalidJSON(_, reason)): return S.ieNotJSON(name, reason)
        case let (_, .malformedXML(_, line, column, reason)): return S.ieXML(name, line, column, reason)
        case let (_, .archive(_, reason)): return S.ieArchive(name, reason)
        case let (_, .store(_, reason)): return S.ieStore(name, reason)
        case let (_, .coordinateSystem(_, reason)): return S.ieCRS(name, reason)
        case let (_, .invalidGeoPackage(_, reason)): return S.ieGeoPackage(name, reason)
        case let (_, .invalidShapefile(_, reason)): return S.ieShapefile(name, reason)
        case (_, .rejectsFile): return e.description
        }
    }

    /// Whether the headers the column error found hold a NUL byte (text never does).
    private static func looksBinary(_ error: ColumnMappingError) -> Bool {
        let headers: [String]
        switch error {
        case let .noCoordinateColumns(found), let .missingCoordinateColumn(_, _, found), let .noNameColumn(found),
             let .unknownColumn(_, _, found):
            headers = found
        }
        return headers.contains { $0.unicodeScalars.contains("\0") }
    }
}
