import Foundation
import PinImport
import PinStore

/// The bundled sample pins (Data/pins/pins-seoul.csv, embedded in the binary).
enum SamplePins {
    /// The name their import batch is recorded under.
    static let batchName = "bundled sample pins (pins-seoul.csv)"

    /// Imports the sample pins through the normal importer (one batch, so
    /// `pinmap undo-import` removes them); returns how many were added.
    /// - Throws: the importer's error when the store refuses the write.
    static func load(into store: Store) throws -> Int {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-samples-\(getpid()).csv")
        try Data(SamplePinsData.csv.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var options = ImportOptions()
        options.batchName = batchName
        return try Importer.run(path: url.path, store: store, options: options, progress: nil).imported
    }
}
