import PinModel
import Glibc

/// Imports a pin file (CSV, GeoJSON, Google Takeout, GPX, KML, KMZ, GeoPackage or Shapefile) into a store: `pinmap import`.
///
/// One transaction per file: a file-level error, Ctrl-C or a killed process leaves the store
/// exactly as before (SQLite rolls back an unfinished transaction on the next open). A second
/// thread reads, decodes and validates the rows (`ScanPipeline`); this one skips duplicates
/// and yields the pins, a group at a time, to the store's `PinBulkSink` inside
/// `PinImportStore.importBatch` (PinStore's `Store`: `PinBulkWriter` between `beginBulkInsert()`
/// and `endBulkInsert(deferring:)`). The importer knows no store. A large file then commits with the spatial index and the map's
/// cell tree and leaves search and the list's indexes to `Store.finishIndexing` (see
/// Store+BulkInsert.swift), unless `ImportOptions.deferIndexing` is false (everything before
/// the commit) or `deferAllIndexing` is set (its pins alone: `import --index`, which then calls
/// `Store.finishIndexingBeside`); a small one is indexed before its commit. Memory stays constant
/// in the file's size apart from the duplicate table (about 25 bytes a row). Each import that
/// adds pins is recorded as a batch that `undoImport(batchID:)` removes again; an import that
/// adds nothing writes nothing at all.
public enum Importer {
    /// Imports `path` into `store`.
    /// - Parameters:
    ///   - options: delimiter, column overrides, dry run, rejects file.
    ///   - progress: called with (bytes read, file size in bytes) about once per MiB read.
    ///   - indexProgress: called after each indexing step when the import indexes everything
    ///     before it commits (`options.deferIndexing` false and a large file).
    ///   - shouldStop: asked after each batch of rows (about once per MiB read, on this
    ///     thread); true abandons the import, rolled back, with `ImportError.store(_, .stopped)`
    ///     (the Import tab's q).
    /// - Returns: counts, encoding, delimiter, columns, the rejected rows' issues and the
    ///   duplicates. Rejected rows do not make the import fail.
    /// - Throws: `ImportError` for file-level failures (empty file, BOM only, no header, no
    ///   coordinate or name columns, undecodable bytes, not a GeoJSON FeatureCollection, an
    ///   unwritable rejects file, a store failure); nothing is written then.
    public static func run(path: String, store: any PinImportStore, options: ImportOptions = ImportOptions(),
                           progress: (@Sendable (Int64, Int64) -> Void)? = nil,
                           indexProgress: ((IndexingProgress) -> Void)? = nil,
                           shouldStop: (() -> Bool)? = nil) throws(ImportError) -> ImportReport {
        let scanner = try PinFileScanner.open(path: path, delimiter: options.delimiter, overrides: options.overrides,
                                              crs: options.crs, encoding: options.encodingName.flatMap(TextEncoding.init(name:)))
        var report = ImportReport(file: path, format: scanner.format.rawValue)
        report.encoding = scanner.encodingLabel
        report.coordinateSystem = scanner.coordinateSystem
        report.delimiter = scanner.delimiterLabel
        report.columns = scanner.columnsUsed
        report.properties = scanner.propertyNames
        report.dryRun = options.dryRun
        report.rejectsFile = options.rejectsPath
        let rejects = try options.rejectsPath.map { p throws(ImportError) in
            try RejectsWriter(path: p, headers: scanner.rejectsHeaders, unit: scanner.format.rowUnit,
                              source: scanner.encoding, protected: ProtectedPaths(store: store.path, inputs: [path]))
        }
        let run = ImportRun(scanner: scanner, report: report, rejects: rejects, progress: progress, shouldStop: shouldStop)
        do {
            if options.dryRun {
                try run.readAll(store: store, writer: nil)
            } else {
                // The store records the batch, indexes and commits; this side only yields
                // the pins it read (the store rolls back when none were imported).
                // About 60 bytes a row in typical pin files: the store's bulk mode sizes its
                // index work from it.
                run.report.batchID = try store.importBatch(
                    file: options.batchLabel ?? absolutePath(path), report: run.report, expectedRows: Int(scanner.size / 60),
                    deferring: options.deferIndexing, deferringAll: options.deferAllIndexing, indexProgress: indexProgress,
                    write: { sink in
                        try run.readAll(store: store, writer: sink)
                        return run.report
                    },
                    // All or nothing: rejects that cannot be written (disk full) roll the pins back.
                    beforeCommit: { try rejects?.flush() })
            }
        } catch is Stopped {
            rejects?.discard()
            throw .store(path: path, .stopped)
        } catch {
            rejects?.discard()
            switch error {
            case let e as ImportError: throw e
            case let e as StoreError: throw .store(path: path, .failed(e))
            default: throw .store(path: path, .failed(StoreError("\(error)")))
            }
        }
        try rejects?.finish()
        var final = run.report
        if final.dataRows == 0 { final.notes.append(.noDataRows) }
        if final.imported == 0 && !options.dryRun { final.notes.append(.nothingImported) }
        if options.dryRun { final.notes.append(.dryRun) }
        if !options.dryRun, let backlog = try? store.indexBacklog(), !backlog.isEmpty {
            final.pinsToIndex = backlog.pins
        }
        return final
    }

    fileprivate struct Stopped: Error {}

    /// `path` made absolute (batches list where a file came from); unchanged when it cannot be resolved.
    static func absolutePath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// The state of one import while its rows are read. A class so the store's transaction
/// closure can update it without capturing mutable locals.
private final class ImportRun {
    var scanner: PinFileScanner
    var report: ImportReport
    let rejects: RejectsWriter?
    let progress: (@Sendable (Int64, Int64) -> Void)?
    let shouldStop: (() -> Bool)?
    /// What the file's row numbers count (its lines, features or shapes), given to every issue
    /// (the scanner's rejected rows have it; the store's refusals made here get it too).
    var unit: RowUnit { scanner.format.rowUnit }

    init(scanner: PinFileScanner, report: ImportReport, rejects: RejectsWriter?,
         progress: (@Sendable (Int64, Int64) -> Void)?, shouldStop: (() -> Bool)?) {
        self.scanner = scanner
        self.report = report
        self.rejects = rejects
        self.progress = progress
        self.shouldStop = shouldStop
    }

    /// Pins waiting to be written (at most a group of the store's `PinBulkSink`), all of the current
    /// batch: their lines and pin numbers, and where their texts are in `text`.
    private var pending: [(line: Int, number: Int32)] = []
    private var pendingRows: [EncodedPinRow] = []
    /// The current batch's texts (`ScanPipeline.Batch.text`).
    private var text: [UInt8] = []

    /// Reads every row: rejects, skips duplicates, writes the rest (unless `writer` is nil: a
    /// dry run).
    /// - Throws: `ImportError` (decoding) or `StoreError` (anything but a row's constraint).
    func readAll(store: any PinImportStore, writer: (any PinBulkSink)?) throws {
        let expected = Int(scanner.size / 64)
        var finder = try DuplicateFinder(store: store, expectedRows: expected)
        let size = scanner.size
        let pipeline = ScanPipeline(scanner: scanner)
        defer { pipeline.cancel() }
        while true {
            switch pipeline.next() {
            case .batch(let batch):
                text = batch.text
                let digests = batch.text.withUnsafeBufferPointer { finder.digests(batch.rows.map(\.encoded), $0) }
                // Rows the store cannot keep are looked for only in a batch that may hold one.
                let checksText = store.textRule != .anyText && StoredTextRule.mayHoldNUL(batch.text)
                for i in batch.rows.indices {  // by index: no copy (and retain) of each row
                    guard let encoded = batch.rows[i].encoded else {
                        try read(batch.rows[i], candidate: nil, finder: &finder, writer: writer)  // rejected
                        continue
                    }
                    if checksText, let issue = textIssue(batch.rows[i], encoded, rule: store.textRule) {
                        try flush(&finder, writer)  // issues stay in file order
                        finder.remember(pinNumber: batch.rows[i].pinNumber, .skipped)
                        reject([issue], fields: [])
                        continue
                    }
                    let candidate = finder.earlierPin(digest: digests[i], line: batch.rows[i].line, pinNumber: batch.rows[i].pinNumber)
                    // The usual row, a pin no earlier row of the file nor a stored pin may
                    // repeat: queued from its fields alone. Copying its event out of the batch
                    // retained and released its five strings (~10% of this thread's work).
                    if candidate == nil, !finder.checksStore, let writer {
                        try queue(encoded, line: batch.rows[i].line, number: batch.rows[i].pinNumber, &finder, writer)
                    } else {
                        try read(batch.rows[i], candidate: candidate, finder: &finder, writer: writer)
                    }
                }
                // The pending rows point into this batch's texts: written before it goes back.
                try flush(&finder, writer)
                text = []
                pipeline.recycle(batch)
                progress?(batch.bytesRead, size)
                if shouldStop?() == true { throw Importer.Stopped() }
            case let .end(dataRows, notes):
                try flush(&finder, writer)
                report.dataRows = dataRows
                report.notes += notes
                progress?(size, size)
                return
            case .failure(let error):
                throw error
            }
        }
    }

    /// The issue of a pin whose texts the store cannot keep (`rule`), naming the first such
    /// field by its column (or format member); nil when it can keep them all.
    private func textIssue(_ row: ScanPipeline.Row, _ e: EncodedPinRow, rule: StoredTextRule) -> RowIssue? {
        guard StoredTextRule.mayHoldNUL(text[Int(e.start)..<Int(e.ends.4)]), let pin = row.pin(in: text) else { return nil }
        let fields: [(ColumnRole, String, String)] = [(.title, "title", pin.title), (.description, "description", pin.description),
                                                     (.category, "category", pin.category), (.created, "created_at", pin.createdAt)]
        let csv = report.format == "CSV"
        for (role, name, value) in fields {
            let key = pin.keys[role] ?? report.columns[role] ?? name
            if let reason = rule.refusal(field: key, text: value) {
                return RowIssue(line: pin.line, field: csv ? .column(key) : .member(key), value: value, reason: reason, rule: .nulCharacter)
            }
        }
        guard let key = rule.nulProperty(pin.properties), let reason = rule.refusal(properties: pin.properties) else { return nil }
        let field: RowField = key.isEmpty ? .member("properties") : csv ? .column(key) : .member(key)
        return RowIssue(line: pin.line, field: field, value: pin.properties, reason: reason, rule: .nulCharacter)
    }

    /// Rejects, skips or queues one row; `candidate` is an earlier pin of the file it may
    /// repeat (`DuplicateFinder.earlierPin`).
    private func read(_ row: ScanPipeline.Row, candidate: (line: Int, pinNumber: Int32)?,
                      finder: inout DuplicateFinder, writer: (any PinBulkSink)?) throws {
        switch row.event {
        case let .rejected(issues, fields)?:
            try flush(&finder, writer)  // issues stay in file order
            reject(issues, fields: fields)
        case .pin?:
            preconditionFailure("the pipeline keeps a pin's fields in its batch's text")
        case nil:
            guard let pin = row.pin(in: text) else { preconditionFailure("a row without an event is a pin") }
            // The earlier row it may repeat may still be waiting: write it before confirming.
            if candidate != nil { try flush(&finder, writer) }
            if let origin = try finder.origin(of: pin, candidate: candidate, dryRun: writer == nil) {
                finder.remember(pinNumber: row.pinNumber, .skipped)
                switch origin {
                case .line(let l): report.addDuplicate(DuplicateRow(line: pin.line, ofLine: l, unit: unit))
                case .pin(let id): report.addDuplicate(DuplicateRow(line: pin.line, ofPin: id, unit: unit))
                }
                return
            }
            guard writer != nil else {
                finder.remember(pinNumber: row.pinNumber, .kept)
                report.imported += 1
                return
            }
            guard let encoded = row.encoded, let writer else { preconditionFailure("the pipeline encodes every pin") }
            try queue(encoded, line: pin.line, number: row.pinNumber, &finder, writer)
        }
    }

    /// Queues a pin to write (pin number `number` of the file, at `line`); writes the queue
    /// once it holds a group.
    private func queue(_ encoded: EncodedPinRow, line: Int, number: Int32,
                       _ finder: inout DuplicateFinder, _ writer: any PinBulkSink) throws(StoreError) {
        pending.append((line, number))
        pendingRows.append(encoded)
        if pending.count >= writer.groupSize { try flush(&finder, writer) }
    }

    /// Writes the waiting pins. A row the store refuses (a rule the validator does not know)
    /// is rejected; the import goes on.
    /// - Throws: `StoreError` for every failure but a constraint on a row.
    private func flush(_ finder: inout DuplicateFinder, _ writer: (any PinBulkSink)?) throws(StoreError) {
        guard let writer, !pending.isEmpty else { return }
        let results = try writer.write(pendingRows, text: text)
        for (k, result) in results.enumerated() {
            let (line, number) = pending[k]
            switch result {
            case .success(let id):
                finder.remember(pinNumber: number, .stored(id))
                report.imported += 1
            case .failure(let error):
                finder.remember(pinNumber: number, .skipped)
                let title = String(decoding: text[Int(pendingRows[k].start)..<Int(pendingRows[k].ends.0)], as: UTF8.self)
                reject([RowIssue(line: line, field: .row, value: title,
                                 reason: "the store refused the row: \(error.message)", rule: .refusedByStore)], fields: [])
            }
        }
        pending.removeAll(keepingCapacity: true)
        pendingRows.removeAll(keepingCapacity: true)
    }

    private func reject(_ issues: [RowIssue], fields: [String]) {
        report.addIssues(issues.map { var i = $0; i.unit = unit; return i })
        rejects?.add(line: issues.first?.line ?? 0, issues: issues, fields: fields)
    }
}
