import Foundation
import Frame
import Glibc
import PinImport
import PinStore
import Support

/// `pinmap import FILE...`: imports pin files (CSV, GeoJSON, Takeout, GPX, KML, KMZ,
/// GeoPackage, Shapefile), one transaction per file.
enum ImportCommand: TextCommand {
    static func changesStore(_ args: ParsedArguments) -> Bool { !args.has("--dry-run") }

    static let spec = CommandSpec(
        name: "import",
        usage: "pinmap import FILE... [--db PATH] [--json] [--dry-run] [--rejects OUT.csv] [--delimiter D] [--encoding NAME] [--lat COL --lon COL --name COL] [--wkt COL] [--crs CRS] [--index]",
        summary: """
        Import pins from CSV, GeoJSON, Google Takeout (Saved Places.json), GPX, KML, KMZ,
        GeoPackage (.gpkg) or Shapefile (.shp with its .shx, .dbf, .prj; or a .zip of them)
        files (recognised by their content).
        CSV: any of , ; tab | as delimiter; UTF-8, UTF-16, Windows-1252 or a legacy Korean, Japanese or Chinese encoding (detected, or --encoding); decimal, decimal-comma
        or degrees-minutes-seconds coordinates, or a WKT POINT column. GeoJSON: Point, MultiPoint
        and GeometryCollection features. GPX: waypoints (tracks and routes are counted in the
        notes). KML/KMZ: Point placemarks (other geometry is counted). GeoPackage: every point
        table, its columns as properties. Shapefile: points, the .dbf in its code page (.cpg or
        its header). Coordinates in another reference system are transformed to WGS84 by PROJ:
        a GeoJSON "crs", a .prj or a GeoPackage's srs_id says which; --crs names it for CSV x/y
        (easting/northing, X좌표/Y좌표) columns, a Shapefile without .prj and a GeoPackage table
        in srs_id -1. GeoJSON without "crs" is WGS84 (RFC 7946): --crs is not used there. Under
        a projected --crs, lat/lon-named columns holding degrees are rejected (drop --crs, or
        name metre columns x/y). Each file is one transaction: a file-level error leaves
        the store as it was. Rejected rows are reported with line, field, value and rule; exact
        duplicates are skipped. Exit 0 when the file was processed (even with rejected rows),
        1 for a file-level failure, 2 for usage.
        """,
        options: [CommandSpec.store, ("--rejects", "write rejected rows with a reason column to this CSV"),
                  ("--delimiter", "field delimiter: , ; tab | (default: detected from the content)"),
                  ("--encoding", "the file's text encoding: \(TextEncoding.optionNames) (default: detected)"),
                  ("--lat", "latitude column name"), ("--lon", "longitude column name"), ("--name", "name column name"),
                  ("--wkt", "column holding WKT POINT (lon lat) geometry (default: a column named like wkt or geom, or holding POINTs)"),
                  ("--crs", "coordinate reference system of a file that names none (CSV x/y or easting/northing columns, a Shapefile without .prj), e.g. EPSG:5186, EPSG:32652, EPSG:27700, or a WKT; x is the easting")],
        flags: [("--json", "print a JSON report: an object, or for several FILEs an array of them"), ("--dry-run", "parse and validate only; write nothing (with no store at --db, checks against an empty one and creates none)"),
                ("--index", "also build the search index and the list's index before returning, in the same transaction (a large file otherwise leaves them to `pinmap index` or the UI; the map is current either way)")],
        minPositionals: 1)

    static func options(_ args: ParsedArguments) throws(CLIError) -> ImportOptions {
        var options = ImportOptions()
        if let d = args.value("--delimiter") {
            guard let b = DelimiterSniffer.parseOption(d) else {
                throw .usage(command: "import", message: "--delimiter must be one of , ; tab | (got '\(d)')")
            }
            options.delimiter = b
        }
        if let name = args.value("--encoding") {
            guard TextEncoding(name: name) != nil else {
                throw .usage(command: "import", message: "--encoding takes one of \(TextEncoding.optionNames), got '\(name)'")
            }
            options.encodingName = name
        }
        options.latColumn = args.value("--lat")
        options.lonColumn = args.value("--lon")
        options.titleColumn = args.value("--name")
        options.wktColumn = args.value("--wkt")
        if let crs = args.value("--crs") {
            // Resolved here once, so a system PROJ does not know is a usage error before any file is read.
            do { _ = try CoordinateSystem(crs) } catch {
                // A missing libproj is the machine's problem, not the option's.
                if case .projMissing = error.problem { throw .failure("pinmap import: --crs: \(error.description)") }
                throw .usage(command: "import", message: "--crs: \(error.description) (give an EPSG code such as EPSG:5186, or a WKT definition)")
            }
            options.crs = crs
        }
        options.dryRun = args.has("--dry-run")
        options.rejectsPath = args.value("--rejects")
        if args.positionals.count > 1 && options.rejectsPath != nil {
            throw .usage(command: "import", message: "--rejects takes one input file at a time")
        }
        return options
    }

    /// The store to import into. A dry run with no store at the path previews against an
    /// empty one in memory (duplicates: none), so that a new user can check a file before the
    /// first import; it creates no file or folder. A dry run writes nothing, so it opens the
    /// store to read: one the user cannot write is checked as it is (it was refused with
    /// "pinmap needs to write the store and its journal there").
    private static func dryRunStore(_ args: ParsedArguments, options: ImportOptions, storeExisted: Bool) throws(CLIError) -> Store {
        guard options.dryRun, !storeExisted else { return try PinmapCLI.openStore(args, creating: !options.dryRun, reading: options.dryRun) }
        do { return try Store.inMemory() } catch { throw .failure(error.message) }
    }

    /// The failure of a file whose every data row was rejected (exit 1), for a file store and
    /// a server alike, and for a dry run as for the import it previews; nil for any other report.
    static func everyRowRejected(_ r: ImportReport, path: String, dryRun: Bool) -> String? {
        guard r.everyRowRejected else { return nil }
        let outcome = dryRun ? "nothing would be imported" : "nothing was imported"
        return "pinmap import: \(EscapedText.escape(path)): every data row was rejected (\(r.rejected)); \(outcome)\n"
    }

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        let options = try options(args)
        // An empty FILE said "pinmap import: : cannot read the file: No such file or directory", exit 1.
        if let i = args.positionals.firstIndex(of: "") {
            throw .usage(command: "import", message: "FILE \(i + 1) is empty (''); give the path of a file to import")
        }
        try OutputPaths.check(options.rejectsPath.map { [("--rejects", $0)] } ?? [], store: PinmapCLI.storePath(args), inputs: args.positionals,
                              command: "import")
        if PinmapCLI.isServer(args) { return try runOnServer(args, options: options, io: io) }
        let clock = Monotonic.seconds()  // one clock for every bar of the command
        let json = args.has("--json")
        var failed = false
        var reports: [ImportReport] = []
        let storeExisted = PinmapCLI.storeExists(args)
        // Ctrl-C: each file is one transaction, so the file being read is left out entirely.
        // A store this command made stays (empty): another process may have opened it meanwhile.
        let unchanged = storeExisted || options.dryRun ? "the store is as it was" : "the new store holds no pins"
        try InterruptNotice.during("pinmap import: interrupted; nothing was imported (\(unchanged))") { () throws(CLIError) in
            // the import's connection (and its page cache) is closed before a fallback `--index` runs
            let store = try dryRunStore(args, options: options, storeExisted: storeExisted)
            for (k, path) in args.positionals.enumerated() {
                if k > 0 {
                    InterruptNotice.set("pinmap import: interrupted; \(EscapedText.escape(path)) was not imported (the \(k) file\(k == 1 ? "" : "s") before it \(k == 1 ? "was" : "were"))")
                }
                let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
                let bar = ImportProgressPrinter(label: PathParts.name(path), fileSize: size, start: clock)
                var fileOptions = options
                // `--index`: the last file indexes everything (the earlier files' pins too),
                // a large one right after its commit, with search built on a second core
                // (`Store.finishIndexingBeside`), a small one in its own transaction.
                let indexesNow = args.has("--index") && k == args.positionals.count - 1
                fileOptions.deferIndexing = true
                fileOptions.deferAllIndexing = indexesNow
                let indexing = IndexingBar(label: "new pins", after: bar, start: clock)
                do throws(ImportError) {
                    reports.append(try store.withoutAutoCheckpoint { () throws(ImportError) in
                        try Importer.run(path: path, store: store, options: fileOptions, progress: bar.update,
                                         indexProgress: indexing.update)
                    })
                    // Committed: from here on Ctrl-C must not say it was not imported.
                    let n = args.positionals.count
                    InterruptNotice.set(k == n - 1 ? "pinmap import: interrupted after the import was saved (nothing is lost)"
                        : "pinmap import: interrupted; \(EscapedText.escape(path)) was imported, the files after it were not")
                    bar.finish()
                    indexing.finish()
                    if let r = reports.last, let message = everyRowRejected(r, path: path, dryRun: options.dryRun) {
                        failed = true
                        io.err.write(message)
                    }
                } catch {
                    bar.finish()
                    indexing.finish()
                    failed = true
                    // The error names the file itself.
                    io.err.write("pinmap import: \(MessageText.sentence(String(describing: error), limit: 1_100))\n")  // one bounded line
                    reports.append(ImportReport.failed(file: path, error: error))
                }
            }
        }
        // A store this command created for imports that failed (an error, or every row
        // rejected) is removed: a failed import leaves things as they were, and before it
        // there was no file. (An import that succeeds with no rows, a header-only file, keeps
        // its new, empty store.)
        if !storeExisted, !options.dryRun, failed, reports.allSatisfy({ $0.imported == 0 }) {
            removeStoreFiles(PinmapCLI.storePath(args))
        }
        // What the last file's import could not index (it failed, or added nothing).
        if args.has("--index"), reports.contains(where: { $0.pinsToIndex > 0 }) {
            FreedMemory.release()  // the import's freed rows and tables: one process, one peak
            let store = try PinmapCLI.openStore(args)
            let problem = InterruptNotice.during("pinmap import: interrupted while indexing; the pins were imported (run `pinmap index`)") {
                index(store, label: "new pins", start: clock)
            }
            if let problem {
                io.err.write("pinmap import: \(problem)\n")
                failed = true
            } else {
                for i in reports.indices { reports[i].pinsToIndex = 0 }
            }
        }
        if !json {
            for r in reports where r.fileError == nil { io.out.write(ImportReportFormatter.summary(r) + "\n") }
        }
        if json {
            io.out.write((reports.count == 1 ? ImportReportFormatter.json(reports[0]) : ImportReportFormatter.json(reports)) + "\n")
        }
        return failed ? 1 : 0
    }
}

extension ImportCommand {
    /// `--index`: builds what the import left for later, with a progress bar on a terminal.
    /// - Returns: nil, or what went wrong (the pins stay imported).
    /// - Parameter start: the command's clock (`Monotonic.seconds()`); nil: now.
    static func index(_ store: Store, label: String, start: Double? = nil) -> String? {
        let bar = ImportProgressPrinter(label: "indexing \(label)", fileSize: 1, minimumBytes: 0, start: start)
        defer { bar.finish() }
        do {
            // One copy of the WAL into the file, when the store closes, not one per transaction.
            _ = try store.withoutAutoCheckpoint { () throws(StoreError) in
                try store.finishIndexingBeside(progress: { bar.update(fraction: $0.fraction, detail: $0.stage.rawValue) })
            }
            return nil
        } catch {
            return "the pins were imported, but indexing them failed (run `pinmap index`): \(error.message)"
        }
    }
}

/// `pinmap imports`: the import batches in the store.
enum ImportsCommand: TextCommand {
    static let spec = CommandSpec(
        name: "imports", usage: "pinmap imports [--db PATH] [--json]",
        summary: "List import batches (id, time, file, counts); `pinmap undo-import ID` removes one.",
        options: [CommandSpec.store], flags: [("--json", "print JSON")], maxPositionals: 0)

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        let store = try PinmapCLI.openRepository(args, reading: true)
        let batches: [ImportBatch]
        do { batches = try store.importBatches() } catch { throw .failure(error.message) }
        let text = args.has("--json") ? ImportReportFormatter.json(batches) : ImportReportFormatter.batchTable(batches)
        // File names on a terminal as list's texts: bidi controls and the like made harmless.
        io.out.write((io.out.isTerminal && !args.has("--json") ? SafeText.sanitize(text, keepNewlines: true) : text) + "\n")
        return 0
    }
}

extension ImportCommand {
    /// Deletes a store file with its WAL, shared-memory and journal files (after this
    /// command's connection is closed).
    /// Only when it holds no pin: another process may have written to it meanwhile.
    static func removeStoreFiles(_ path: String) {
        // Opened only when there (opening creates a store, and a missing folder with it).
        guard FileManager.default.fileExists(atPath: path), let pins = try? Store(path: path).count(), pins == 0 else { return }
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

/// `pinmap undo-import ID`: removes the pins an import added.
enum UndoImportCommand: TextCommand {
    static func changesStore(_ args: ParsedArguments) -> Bool { true }

    static let spec = CommandSpec(
        name: "undo-import", usage: "pinmap undo-import ID [--db PATH] [--force] [--json]",
        summary: "Remove the pins that import batch ID added (see `pinmap imports`).",
        options: [CommandSpec.store],
        flags: [("--force", "also remove pins edited or commented since the import"),
                ("--json", "print {\"batch\": ID, \"removed\": N} instead of a sentence")],
        maxPositionals: 1, minPositionals: 1)

    /// Fewest pins for which undo-import draws a progress bar on a terminal.
    static let barFromPins: Int64 = 50_000

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        guard let id = Int64(args.positionals[0]), id > 0 else {
            throw .usage(command: "undo-import", message: "ID must be a batch number from `pinmap imports`, got '\(args.positionals[0])'")
        }
        if PinmapCLI.isServer(args) { return try undoOnServer(id, args: args, io: io) }
        let store = try PinmapCLI.openStore(args)
        let removed: Int?
        do {
            let changed = try store.changedPins(inBatch: id)
            if changed > 0 && !args.has("--force") {
                throw CLIError.failure("\(changed) pin\(changed == 1 ? " was" : "s were") edited or commented since import \(id); nothing removed. `pinmap undo-import \(id) --force` removes them too")
            }
            // A bar on a terminal (a million pins take a while), with the pins to remove as its size.
            let batch = try store.importBatches().first { $0.id == id }
            let bar = ImportProgressPrinter(label: "undoing import \(id)", fileSize: Int64(batch?.pinsLeft ?? 0),
                                            minimumBytes: UndoImportCommand.barFromPins)
            defer { bar.finish() }
            // The last progress call comes just before the commit: a Ctrl-C from then on waits
            // for the commit's outcome, so the message says what happened. The WAL is copied
            // into the file after the handler is gone (at close).
            let nothing = "pinmap undo-import: interrupted; nothing removed (the store is as it was)"
            removed = try InterruptNotice.during(nothing) { () throws -> Int? in
                defer { InterruptNotice.endDeferring() }
                do {
                    let removed = try store.withoutAutoCheckpoint {
                        try store.undoImport(batchID: id, progress: { fraction in
                            bar.update(fraction: fraction, detail: "removing pins")
                            if fraction >= 1 { InterruptNotice.beginDeferring() }
                        })
                    }
                    InterruptNotice.set("pinmap undo-import: interrupted after import batch \(id) was removed")
                    return removed
                } catch {
                    InterruptNotice.set(nothing)
                    throw error
                }
            }
        } catch let e as CLIError { throw e } catch let e as StoreError { throw .failure(e.message) } catch { throw .failure("\(error)") }
        guard let removed else { throw PinmapCLI.noBatch(id, args) }
        InterruptNotice.during("pinmap undo-import: interrupted after import batch \(id) was removed (nothing is lost)") {
            store.checkpoint()
        }
        report(batch: id, removed: removed, args, io)
        return 0
    }

    /// Prints what was removed: a sentence, or with `--json` an object a script can read
    /// (`{"batch": 4, "removed": 45}`, the pins deleted).
    static func report(batch id: Int64, removed: Int, _ args: ParsedArguments, _ io: CommandIO) {
        if args.has("--json") {
            io.out.write("{\"batch\": \(id), \"removed\": \(removed)}\n")
        } else {
            io.out.write("Removed import batch \(id): \(removed) pin\(removed == 1 ? "" : "s") deleted\n")
        }
    }
}

/// The `--index` progress bar of an import that indexes before it commits: drawn from the
/// first indexing step on, after the file's own bar has finished.
private final class IndexingBar {
    private let label: String
    private let fileBar: ImportProgressPrinter
    private let start: Double
    private var bar: ImportProgressPrinter?

    init(label: String, after fileBar: ImportProgressPrinter, start: Double) {
        self.label = label
        self.fileBar = fileBar
        self.start = start
    }

    func update(_ p: IndexingProgress) {
        if bar == nil {
            fileBar.finish()
            bar = ImportProgressPrinter(label: "indexing \(label)", fileSize: 1, minimumBytes: 0, start: start)
        }
        bar?.update(fraction: p.fraction, detail: p.stage.rawValue)
    }

    func finish() { bar?.finish() }
}
