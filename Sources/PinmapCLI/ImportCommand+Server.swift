import Foundation
import Frame
import PinImport
import PinStore
import PinStorePostgres
import Support

/// `pinmap import` and `pinmap undo-import` on a PostgreSQL store: each file one transaction
/// on the server (`ServerImport`); the server's indexes are current at its commit, so
/// `--index` has nothing left to do.
extension ImportCommand {
    static func runOnServer(_ args: ParsedArguments, options: ImportOptions, io: CommandIO) throws(CLIError) -> Int32 {
        // A database without a store is made one by the import that fills it, kept only when
        // that import succeeds (`ServerImport`); a dry run makes none.
        let store: PostgresStore
        do { store = try PostgresStore(uri: PinmapCLI.storePath(args), creatingOnImport: true) } catch { throw .failure(error.message) }
        let clock = Monotonic.seconds()
        var failed = false
        var reports: [ImportReport] = []
        try InterruptNotice.during("pinmap import: interrupted; nothing was imported (the store is as it was)") { () throws(CLIError) in
            for (k, path) in args.positionals.enumerated() {
                if k > 0 {
                    InterruptNotice.set("pinmap import: interrupted; \(EscapedText.escape(path)) was not imported (the \(k) file\(k == 1 ? "" : "s") before it \(k == 1 ? "was" : "were"))")
                }
                let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
                let bar = ImportProgressPrinter(label: PathParts.name(path), fileSize: size, start: clock)
                do throws(ImportError) {
                    reports.append(try ServerImport.run(path: path, store: store, options: options, progress: bar.update))
                    bar.finish()
                    if let r = reports.last, let message = everyRowRejected(r, path: path, dryRun: options.dryRun) {
                        failed = true
                        io.err.write(message)
                    }
                } catch {
                    bar.finish()
                    failed = true
                    io.err.write("pinmap import: \(MessageText.sentence(String(describing: error), limit: 1_100))\n")
                    reports.append(ImportReport.failed(file: path, error: error))
                }
            }
        }
        if args.has("--json") {
            io.out.write((reports.count == 1 ? ImportReportFormatter.json(reports[0]) : ImportReportFormatter.json(reports)) + "\n")
        } else {
            for r in reports where r.fileError == nil { io.out.write(ImportReportFormatter.summary(r) + "\n") }
        }
        return failed ? 1 : 0
    }
}

extension UndoImportCommand {
    static func undoOnServer(_ id: Int64, args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        let store = try PinmapCLI.openRepository(args)
        let removed = try PinmapCLI.storeCall { () throws(StoreError) -> Int? in
            let changed = try store.changedPins(inBatch: id)
            if changed > 0 && !args.has("--force") {
                throw StoreError("\(changed) pin\(changed == 1 ? " was" : "s were") edited or commented since import \(id); nothing removed. `pinmap undo-import \(id) --force` removes them too")
            }
            return try store.undoImport(batchID: id)
        }
        guard let removed else { throw PinmapCLI.noBatch(id, args) }
        report(batch: id, removed: removed, args, io)
        return 0
    }
}
