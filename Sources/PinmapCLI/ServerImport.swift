import Foundation
import PinImport
import PinStore
import PinStorePostgres

/// An import into a PostgreSQL store, read, checked and de-duplicated by the same importer as
/// a file store's, in one transaction: a failure or a kill of either side leaves the server
/// as it was. A large file into a store without pins, by the tables' owner, streams from the
/// importer into `COPY` (`PostgresStreamedImport`); any other import (and a dry run) goes
/// into a throwaway SQLite file first (`PostgresStagedImport`: its rows checked against the
/// server's pins, so a repeat is reported with its line), then to the server
/// (`PostgresStore.receive`), which skips the pins it already has as duplicates. A streamed
/// import that finds pins when it begins (another import committed first) has written
/// nothing, and goes the staged way instead.
///
/// Into a database without a Pinmap store (`PostgresStore.hasSchema` false), the import makes
/// one (`PostgresStore+NewSchema.swift`), kept only when the import succeeds: a failure, or
/// every row rejected, leaves the database as it was; a dry run makes nothing. Two imports
/// at once into such a database: the second waits for the first's schema (the migrations'
/// advisory lock) and imports into it as into a store that exists.
enum ServerImport {
    static func run(path: String, store: PostgresStore, options: ImportOptions = ImportOptions(),
                    progress: (@Sendable (Int64, Int64) -> Void)? = nil,
                    shouldStop: (() -> Bool)? = nil) throws(ImportError) -> ImportReport {
        do {
            let report = try importing(path: path, store: store, options: options, progress: progress, shouldStop: shouldStop)
            if report.everyRowRejected { store.dropCreatedSchema() }
            return report
        } catch {
            store.dropCreatedSchema()
            throw error
        }
    }

    private static func importing(path: String, store: PostgresStore, options: ImportOptions,
                                  progress: (@Sendable (Int64, Int64) -> Void)?,
                                  shouldStop: (() -> Bool)?) throws(ImportError) -> ImportReport {
        if !options.dryRun, let streamed = try streamedImport(path: path, store: store) {
            do {
                return try Importer.run(path: path, store: streamed, options: options, progress: progress, shouldStop: shouldStop)
            } catch .store(_, .failed(let e)) where e.code == StoreError.pinsAddedMeanwhile {
                // Another import (one that made this store, perhaps) committed pins first:
                // nothing was written, so the file goes in as into a store with pins.
            }
        }
        return try staged(path: path, store: store, options: options, progress: progress, shouldStop: shouldStop)
    }

    /// The streamed import of `path`, when it goes that way (about 60 bytes a pin, as the
    /// importer reckons). Into a database without a store, its schema is made first (the
    /// loaders' connections need it committed).
    private static func streamedImport(path: String, store: PostgresStore) throws(ImportError) -> PostgresStreamedImport? {
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        do throws(StoreError) {
            guard store.hasSchema || size / 60 >= PostgresStore.bulkFrom else { return nil }
            try store.createSchema()
            return try store.streamedImport(expectedPins: size / 60)
        } catch {
            throw .store(path: path, .failed(error))
        }
    }

    private static func staged(path: String, store: PostgresStore, options: ImportOptions,
                               progress: (@Sendable (Int64, Int64) -> Void)?,
                               shouldStop: (() -> Bool)?) throws(ImportError) -> ImportReport {
        StagingFolder.removeAbandoned()
        let folder = StagingFolder.make()
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
        let target = PostgresStagedImport(staging: staging, server: store.hasSchema ? store : nil, textRule: store.textRule)
        var report = try Importer.run(path: path, store: target, options: fileOptions, progress: progress, shouldStop: shouldStop)
        report.pinsToIndex = 0
        // A dry run writes nothing; nor does a failed import into a database without a store.
        guard !options.dryRun, store.hasSchema || !report.everyRowRejected else { return report }
        do {
            if shouldStop?() == true { throw ImportError.store(path: path, .stopped) }
            var snapshot = try staging.copySnapshot()
            guard !snapshot.pins.isEmpty || report.imported == 0 else { return report }
            // The batch as the server will hold it: imported less the pins it already had
            // (added by someone else since they were checked: the importer found the others).
            let outcome = try store.withSchema { () throws(StoreError) -> PostgresStore.Received in
                try store.receive(snapshot, asImport: true, adjustBatch: { (batch: inout ImportBatch, skipped: Int) in
                    batch.imported -= skipped
                    batch.duplicates += skipped
                })
            }
            snapshot.pins = []
            report.imported = outcome.pins
            report.duplicates += outcome.skipped
            report.batchID = outcome.batchIDs.first
            // The staging copy imported these pins, so the importer did not say that nothing
            // was; the server, which already had every one of them, knows it only now.
            if report.imported == 0 && !report.notes.contains(.nothingImported) { report.notes.append(.nothingImported) }
        } catch let e as ImportError {
            throw e
        } catch let e as StoreError {
            throw .store(path: path, .failed(e))
        } catch {
            throw .store(path: path, .failed(StoreError("\(error)")))
        }
        return report
    }
}
