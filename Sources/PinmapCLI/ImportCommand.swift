import Foundation
import PinImport
import PinStore

/// `pinmap import FILE...`: imports pin CSV (or GeoJSON) files, one
/// transaction per file.
enum ImportCommand: Command {
    static let spec = CommandSpec(
        name: "import",
        usage: "pinmap import FILE... [--db PATH] [--json] [--dry-run] [--rejects OUT.csv] [--delimiter D] [--lat COL --lon COL --name COL]",
        summary: """
        Import pins from CSV files (any delimiter, UTF-8/UTF-16/Windows-1252, decimal or
        degrees-minutes-seconds coordinates, a WKT POINT column) or GeoJSON FeatureCollections.
        Each file is one transaction: a file-level error leaves the store as it was.
        """,
        options: [("--db", "store path"), ("--rejects", "write rejected rows with a reason column to this CSV"),
                  ("--delimiter", "field delimiter: , ; tab | (default: detected from the content)"),
                  ("--lat", "latitude column name"), ("--lon", "longitude column name"), ("--name", "name column name")],
        flags: [("--json", "print a JSON report"), ("--dry-run", "parse and validate only; write nothing")],
        minPositionals: 1)

    static func run(_ args: ParsedArguments) throws(CLIError) -> Int32 {
        var options = ImportOptions()
        if let d = args.value("--delimiter") {
            guard let b = DelimiterSniffer.parseOption(d) else {
                throw .usage(command: "import", message: "--delimiter must be one of , ; tab | (got '\(d)')")
            }
            options.delimiter = b
        }
        options.latColumn = args.value("--lat")
        options.lonColumn = args.value("--lon")
        options.nameColumn = args.value("--name")
        options.dryRun = args.has("--dry-run")
        options.rejectsPath = args.value("--rejects")
        let store = try PinmapCLI.openStore(args)
        let json = args.has("--json")
        var failed = false
        var reports: [ImportReport] = []
        for path in args.positionals {
            let progress = ImportProgress.forStderr(path: path)
            do {
                let report = try Importer.run(path: path, store: store, options: options, progress: progress?.update)
                progress?.finish()
                reports.append(report)
                if !json { print(ImportReportFormatter.summary(report, path: path)) }
            } catch {
                progress?.finish()
                failed = true
                PinmapCLI.writeError("pinmap import: \(path): \(error)")
                if json { reports.append(ImportReport.failed(error)) }
            }
        }
        if json {
            print(reports.count == 1 ? ImportReportFormatter.json(reports[0]) : ImportReportFormatter.json(reports))
        }
        return failed ? 1 : 0
    }
}
