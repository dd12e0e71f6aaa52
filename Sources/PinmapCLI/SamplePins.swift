import Foundation
import PinImport
import PinStore
import PinStorePostgres

/// The bundled sample pins (Data/pins/pins-seoul.csv, embedded in the binary).
enum SamplePins {
    /// Imports the sample pins through the normal importer, as one batch named
    /// `pins-seoul.csv` (so `pinmap undo-import` removes them); returns how
    /// many were added (0 when they are already there: duplicates are skipped).
    /// - Throws: `ImportError` when the store refuses the write.
    static func load(into store: any PinRepository) throws -> Int {
        // A new folder of our own (mkdtemp): a predictable name in the shared temporary folder
        // could be someone else's, with a link in it to a file of the user's.
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-samples-XXXXXX").path.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let dir = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("pins-seoul.csv")
        try Data(SamplePinsData.csv.utf8).write(to: url)
        var options = ImportOptions()
        options.batchLabel = "pins-seoul.csv (bundled sample pins)"
        if let server = store as? PostgresStore {
            return try ServerImport.run(path: url.path, store: server, options: options).imported
        }
        guard let file = store as? Store else { return 0 }
        return try Importer.run(path: url.path, store: file, options: options).imported
    }
}
