import Foundation
import PinImport
import PinmapCore
import PinmapRuntime
import PinStore

/// The terminal UI's importer (`FileImporter`): previews and imports with `PinImport`
/// into the SQLite store, failures in the UI's language.
enum UIFileImporter {
    static func make(store: Store) -> FileImporter {
        FileImporter(preview: { path, rows in preview(path, rows: rows) }, run: { path, progress in
            do {
                return .success(try Importer.run(path: path, store: store, progress: progress))
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
                path: path, format: scanner.format.rawValue, encoding: scanner.encoding.label,
                delimiter: scanner.delimiterLabel, columns: scanner.columnsUsed, properties: scanner.propertyNames,
                rows: rows, size: scanner.size))
        } catch {
            return .failure(ErrorText(text(error)))
        }
    }

    /// A file-level error: what went wrong with the file, in the UI's language where known.
    static func text(_ error: Error) -> String {
        guard let e = error as? ImportError else { return "\(error)" }
        func name(_ path: String) -> String { (path as NSString).lastPathComponent }
        switch e {
        case let .unreadable(path, reason): return S.ieUnreadable(name(path), reason)
        case let .emptyFile(path): return S.ieEmpty(name(path))
        case let .noHeader(path), let .bomOnly(path, _): return S.ieNoHeader(name(path))
        case let .invalidGeoJSON(path, reason): return S.ieNotGeoJSON(name(path), reason)
        case let .invalidJSON(path, reason): return S.ieNotJSON(name(path), reason)
        case let .malformedXML(path, line, column, reason): return S.ieXML(name(path), line, column, reason)
        case let .archive(path, reason): return S.ieArchive(name(path), reason)
        case let .store(path, reason): return S.ieStore(name(path), reason)
        default: return e.description
        }
    }
}
