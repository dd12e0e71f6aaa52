import Frame
import PinStore

/// `pinmap export`: every pin as RFC 4180 CSV (re-importable to the same
/// pins) or as an RFC 7946 GeoJSON FeatureCollection, streamed in id order.
enum ExportCommand: TextCommand {
    static let spec = CommandSpec(
        name: "export",
        usage: "pinmap export [--db PATH] [--format csv|geojson] [-o FILE]",
        summary: """
        Export every pin as CSV or GeoJSON.
        CSV: header title,description,category,latitude,longitude,created_at,
        RFC 4180 quoting, coordinates with every digit, so 'pinmap import' gives the same pins.
        GeoJSON: a FeatureCollection of Points [longitude, latitude] with the other fields
        as properties. The format follows FILE's extension (.geojson, .json) unless --format.
        """,
        options: [("--db", "store path"), ("--format", "csv (default) or geojson"),
                  ("-o", "write to FILE instead of standard output"), ("--output", "same as -o")],
        flags: [],
        maxPositionals: 0)

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        let path = args.value("-o") ?? args.value("--output")
        let format = try format(args, path: path)
        try OutputPaths.check(path.map { [("-o", $0)] } ?? [], store: PinmapCLI.storePath(args), inputs: [])
        let store = try PinmapCLI.openStore(args)
        let cursor = try PinmapCLI.storeCall { () throws(StoreError) in try store.pinCursor() }
        let sink: TextSink = try path.map { p throws(CLIError) in try FileSink(path: p) } ?? io.out
        // CSV is plain text: on a terminal, escape sequences inside pins
        // become placeholders (JSON escapes them itself).
        let sanitize = sink.isTerminal && format == .csv
        var count = 0
        // On a terminal, records end in LF (a CR would show as a placeholder).
        func csv(_ record: String) -> String {
            sanitize ? SafeText.sanitize(String(record.dropLast()), keepNewlines: true) + "\n" : record
        }
        sink.write(format == .csv ? csv(PinExport.csvHeader) : PinExport.geoJSONHeader)
        while let pin = try PinmapCLI.storeCall({ () throws(StoreError) in try cursor.next() }) {
            switch format {
            case .csv:
                sink.write(csv(PinExport.csvRecord(pin)))
            case .geojson:
                sink.write((count == 0 ? "" : PinExport.geoJSONSeparator) + PinExport.geoJSONFeature(pin))
            }
            count += 1
        }
        if format == .geojson { sink.write(PinExport.geoJSONFooter) }
        try sink.flush()
        if let path { io.err.write("Exported \(count) pin\(count == 1 ? "" : "s") to \(path)\n") }
        return 0
    }

    static func format(_ args: ParsedArguments, path: String?) throws(CLIError) -> PinExport.Format {
        if let f = args.value("--format") {
            guard let format = PinExport.Format(rawValue: f.lowercased()) else {
                throw .usage(command: "export", message: "--format must be csv or geojson, got '\(f)'")
            }
            return format
        }
        let lower = path?.lowercased() ?? ""
        return lower.hasSuffix(".geojson") || lower.hasSuffix(".json") ? .geojson : .csv
    }
}
