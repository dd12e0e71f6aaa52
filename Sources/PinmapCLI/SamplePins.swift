import Foundation
import PinImport
import PinStore
import PinStorePostgres

/// The bundled sample pins (Data/pins/pins-seoul.csv, embedded in the binary).
enum SamplePins {
    /// The label of the batch the sample pins are imported as (the Settings tab shows it in the UI's language).
    static let batchLabel = "pins-seoul.csv (bundled sample pins)"

    /// Imports the sample pins through the normal importer, as one batch named
    /// `pins-seoul.csv` (so `pinmap undo-import` removes them); returns how
    /// many were added (0 when they are already there). A sample pin still in the store
    /// from an earlier load is never added again, even edited: only the rows whose pins are
    /// gone (deleted, or their batch undone) are (`rowsNotInStore`).
    /// - Throws: `ImportError` when the store refuses the write.
    static func load(into store: any PinRepository) throws -> Int {
        let csv = try rowsNotInStore(store)
        guard csv.split(separator: "\n").count > 1 else { return 0 }
        // A new folder of our own (mkdtemp): a predictable name in the shared temporary folder
        // could be someone else's, with a link in it to a file of the user's.
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-samples-XXXXXX").path.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let dir = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("pins-seoul.csv")
        try Data(csv.utf8).write(to: url)
        var options = ImportOptions()
        options.batchLabel = batchLabel
        if let server = store as? PostgresStore {
            return try ServerImport.run(path: url.path, store: server, options: options).imported
        }
        guard let file = store as? Store else { return 0 }
        return try Importer.run(path: url.path, store: file, options: options).imported
    }

    /// The sample CSV without the rows whose pins an earlier load left in the store: a
    /// sample pin is known by its creation time (unique among the samples; an edit keeps
    /// it), looked up only among the pins of sample batches.
    static func rowsNotInStore(_ store: any PinRepository) throws(StoreError) -> String {
        var kept: Set<String> = []
        for batch in try store.importBatches() where batch.file == batchLabel && batch.pinsLeft > 0 {
            kept.formUnion(try creationTimes(inBatch: batch.id, of: store))
        }
        guard !kept.isEmpty else { return SamplePinsData.csv }
        var lines = SamplePinsData.csv.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = lines.removeFirst()
        // The creation time is the last field of each row, after its last comma (never quoted).
        let rows = lines.filter { line in
            guard let comma = line.lastIndex(of: ",") else { return !line.isEmpty }
            return !kept.contains(trimmedText(line[line.index(after: comma)...]))
        }
        return ([header] + rows).joined(separator: "\n")
    }

    /// The creation times of the pins batch `id` still has, on either store (a store of
    /// another kind has none: every sample row is loaded).
    private static func creationTimes(inBatch id: Int64, of store: any PinRepository) throws(StoreError) -> Set<String> {
        switch store {
        case let file as Store: try file.creationTimes(inBatch: id)
        case let server as PostgresStore: try server.creationTimes(inBatch: id)
        default: []
        }
    }
}
