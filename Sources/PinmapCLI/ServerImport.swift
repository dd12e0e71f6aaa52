import Foundation
import PinImport
import PinStore
import PinStorePostgres

/// An import into a PostgreSQL store: the file is read, checked and de-duplicated by the same
/// importer as a file store's, into a throwaway SQLite file, then sent to the server with
/// `COPY` in one transaction (`PostgresStore.receive`): pins already on the server are
/// skipped as duplicates, and a failure or a kill of either side leaves the server as it was.
enum ServerImport {
    static func run(path: String, store: PostgresStore, options: ImportOptions = ImportOptions(),
                    progress: (@Sendable (Int64, Int64) -> Void)? = nil,
                    shouldStop: (() -> Bool)? = nil) throws(ImportError) -> ImportReport {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let staging: Store
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            staging = try Store(path: folder.appendingPathComponent("staging.sqlite").path, mode: .create(makeFolders: false))
        } catch {
            throw .store(path: path, .stagingCopy(folder: folder.deletingLastPathComponent().path, detail: "\(error)"))
        }
        var fileOptions = options
        fileOptions.deferIndexing = true
        fileOptions.deferAllIndexing = true  // the staging copy is never searched
        var report = try Importer.run(path: path, store: staging, options: fileOptions, progress: progress, shouldStop: shouldStop)
        report.pinsToIndex = 0
        guard !options.dryRun else { return report }
        do {
            if shouldStop?() == true { throw ImportError.store(path: path, .stopped) }
            var snapshot = try staging.copySnapshot()
            guard !snapshot.pins.isEmpty || report.imported == 0 else { return report }
            // The batch as the server will hold it: imported less the pins it already had.
            let outcome = try store.receive(snapshot, asImport: true, adjustBatch: { (batch: inout ImportBatch, skipped: Int) in
                batch.imported -= skipped
                batch.duplicates += skipped
            })
            snapshot.pins = []
            report.imported = outcome.pins
            report.duplicates += outcome.skipped
            report.batchID = outcome.batchIDs.first
        } catch let e as ImportError {
            throw e
        } catch let e as StoreError {
            throw .store(path: path, .failed(e.message))
        } catch {
            throw .store(path: path, .failed("\(error)"))
        }
        return report
    }
}
