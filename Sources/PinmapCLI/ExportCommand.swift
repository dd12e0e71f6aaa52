import Frame
import PinImport
import PinModel
import PinStore
import PinStorePostgres
import Support

/// `pinmap export`: every pin as RFC 4180 CSV (re-importable to the same
/// pins), an RFC 7946 GeoJSON FeatureCollection, GPX 1.1 waypoints, KML 2.2
/// placemarks (streamed: `Store.export`) or a GeoPackage file (`GeoPackageExport`), with
/// their properties.
enum ExportCommand: TextCommand {
    static let spec = CommandSpec(
        name: "export",
        usage: "pinmap export [--db PATH] [--format csv|geojson|gpx|kml|gpkg] [-o FILE] [--excel]",
        summary: """
        Export every pin with its properties as CSV, GeoJSON, GPX, KML or GeoPackage.
        CSV: header title,description,category,latitude,longitude,created_at and one column
        per property, RFC 4180 quoting, coordinates with every digit, so 'pinmap import' gives
        the same pins. GeoJSON: a FeatureCollection of Points [longitude, latitude] with the
        other fields and the properties as Feature properties. GPX 1.1: waypoints; category
        as <type>, properties named as GPX's own elements (ele, sym, cmt, link, …, as a GPX
        import names them) as those, the others under <extensions> in the namespace
        https://pinmap.example/gpx/1.
        KML 2.2: one Folder per category, properties as ExtendedData (address, Snippet, the
        icon colour and the altitude, as a KML import names them, as those).
        GeoPackage (needs -o): a point layer 'pins' in EPSG:4326 with an R-tree index, columns
        title, description, category, created_at and one per property, for QGIS and GDAL.
        The format follows FILE's extension (.csv, .geojson/.json, .gpx, .kml, .gpkg; CSV
        without an extension) unless --format; another extension needs --format.
        --excel starts the CSV with a UTF-8 byte order mark: Excel then reads Korean and other
        non-ASCII text right (without it, it reads the file in the system's code page).
        """,
        options: [CommandSpec.store, ("--format", "csv (default), geojson, gpx, kml or gpkg"),
                  ("-o", "write to FILE instead of standard output"), ("--output", "same as -o")],
        flags: [("--excel", "CSV for Excel: a UTF-8 byte order mark first (pinmap import skips it)")],
        maxPositionals: 0, aliases: ["--output": "-o"])

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        let path = args.value("-o")  // or --output (an alias)
        guard let file = path else { return try export(args, to: nil, io: io) }
        // Ctrl-C: the temporary file beside FILE is removed (it was left behind), FILE is as it was.
        let notice = "pinmap export: interrupted; nothing was written to \(MessageText.quotedPath(file))"
        return try InterruptNotice.during(notice) { () throws(CLIError) in try export(args, to: file, io: io) }
    }

    /// The export to `path` (nil: standard output).
    private static func export(_ args: ParsedArguments, to path: String?, io: CommandIO) throws(CLIError) -> Int32 {
        // The store's own files first: "refusing to overwrite the store" says more than the format.
        let protected = try OutputPaths.check(path.map { [("-o", $0)] } ?? [], store: PinmapCLI.storePath(args), inputs: [],
                                              command: "export")
        let format = try format(args, path: path)
        if args.has("--excel") && format != .csv {
            throw .usage(command: "export", message: "--excel is for CSV (the other formats say their encoding themselves); drop it or export CSV")
        }
        if format.isDatabaseFile {
            guard let path else {
                throw .usage(command: "export", message: "a GeoPackage is a database file, not text: give the file with -o FILE.gpkg")
            }
            let store = try PinmapCLI.openRepository(args, reading: true)
            let summary: GeoPackageExport.Summary
            // A symbolic link is followed, as the text exports (`AtomicOutputFile`) and a shell's
            // `>` do: the rename put the GeoPackage in the link's place, the target unchanged.
            let target = ResolvedPath.of(path) ?? path
            do {
                // A server's rows are streamed to the same writer (`PinExportSource`).
                if let server = store as? PostgresStore { summary = try server.geoPackage(to: target) }
                else if let file = store as? Store { summary = try GeoPackageExport.write(file, to: target) }
                else { throw StoreError("this store does not export GeoPackage files") }
            } catch {
                throw .failure(nothingWritten((error as? StoreError)?.message ?? "\(error)", to: path))
            }
            for (key, column) in summary.renamed {
                io.err.write("note: the property \"\(key)\" is the column \"\(column)\" (its name repeats another column's)\n")
            }
            io.err.write("Exported \(summary.pins) pin\(summary.pins == 1 ? "" : "s") to \(MessageText.quotedPath(path))\n")
            return 0
        }
        let store = try PinmapCLI.openRepository(args, reading: true)
        let sink: TextSink = try path.map { p throws(CLIError) in try FileSink(path: p, protected: protected[0]) } ?? io.out
        // CSV is plain text: on a terminal, escape sequences inside pins
        // become placeholders (JSON and XML escape them themselves).
        let sanitize = sink.isTerminal && format == .csv
        // On a terminal, records end in LF (a CR would show as a placeholder).
        func csv(_ record: String) -> String {
            sanitize ? SafeText.sanitize(String(record.dropLast()), keepNewlines: true) + "\n" : record
        }
        // Excel takes a CSV without one for the system's code page (CP949 in Korea).
        if args.has("--excel") { sink.write("\u{FEFF}") }
        let count: Int
        do {
            count = try store.export(format) { sink.write(format == .csv ? csv($0) : $0) }
        } catch let error as StoreError {
            throw .failure(error.message)
        } catch {
            throw .failure("\(error)")
        }
        try sink.flush()
        if let path { io.err.write("Exported \(count) pin\(count == 1 ? "" : "s") to \(MessageText.quotedPath(path))\n") }
        return 0
    }

    /// A GeoPackage export's failure `why`, saying once that nothing was written to `path`:
    /// a reason that says so already (a server lost: "…; nothing was written (try again…)")
    /// gets the file's name there, one that names the file "(nothing was written)", any other
    /// the clause with the file's name after it.
    static func nothingWritten(_ why: String, to path: String) -> String {
        let said = "nothing was written"
        let file = MessageText.quotedPath(path)
        // A reason that names the file already ("cannot create FILE: …") is not told it again.
        if why.contains(file) { return "\(why) (\(said))" }
        guard let r = why.range(of: said), !why[r.upperBound...].hasPrefix(" to ") else { return "\(why) (\(said) to \(file))" }
        return why.replacingCharacters(in: r, with: "\(said) to \(file)")
    }

    static func format(_ args: ParsedArguments, path: String?) throws(CLIError) -> ExportFormat {
        if let f = args.value("--format") {
            guard let format = ExportFormat(rawValue: f.lowercased()) else {
                throw .usage(command: "export", message: "--format must be csv, geojson, gpx, kml or gpkg, got '\(f)'")
            }
            return format
        }
        guard let path else { return .csv }
        let name = PathParts.name(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .csv }
        let ext = name[name.index(after: dot)...].lowercased()
        switch ext {
        case "csv": return .csv
        case "geojson", "json": return .geojson
        case "gpx": return .gpx
        case "kml": return .kml
        case "gpkg": return .gpkg
        case "kmz":
            throw .usage(command: "export", message: "KMZ is an import format only; export KML instead (-o \(String(path.dropLast(4))).kml or --format kml)")
        default:
            // Guessing CSV for `.txt` or a typo would write a file the name misdescribes.
            throw .usage(command: "export", message: "cannot tell the format from the extension '.\(ext)' of '\(path)'; use .csv, .geojson, .json, .gpx, .kml or .gpkg, or give --format csv|geojson|gpx|kml|gpkg")
        }
    }
}
