import Foundation
import PinStore

/// `pinmap list`: pins newest first (or closest first with `--near`), filtered
/// by text, category and bounding box; as text or JSON.
enum ListCommand: TextCommand {
    static let spec = CommandSpec(
        name: "list",
        usage: "pinmap list [--db PATH] [--search TEXT] [--category C] [--bbox SOUTH,WEST,NORTH,EAST] [--near LAT,LON] [--limit N] [--json]",
        summary: """
        List pins, newest first, filtered by text, category and bounding box.
        --near sorts by great-circle distance instead and adds it in metres
        (JSON: distance_m). Plain output is one pin per line, tab-separated;
        a tab, line break or backslash inside a field is written \\t, \\n, \\\\,
        a carriage return \\r, any other control character \\xHH (ESC \\x1b) or
        \\uHHHH (U+0080-U+009F, U+2028, U+2029). Text from pins is sanitized on a terminal.
        """,
        options: [("--db", "store path"),
                  ("--search", "words that must all occur in the title, description or category (ignoring case)"),
                  ("--category", "only pins of this category"),
                  ("--bbox", "only pins inside SOUTH,WEST,NORTH,EAST (decimal degrees; WEST > EAST crosses 180°)"),
                  ("--near", "sort by distance from LAT,LON (decimal degrees), closest first"),
                  ("--limit", "at most N pins")],
        flags: [("--json", "print a JSON array of pins")],
        maxPositionals: 0)

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        var query = PinQuery(limit: try CLIValues.limit(args, command: "list"), search: args.value("--search"))
        if let c = args.value("--category") { query.categories = [c] }
        if let b = args.value("--bbox") { query.boxes = try CLIValues.boxes(b, command: "list") }
        let near = try args.value("--near").map { v throws(CLIError) in try CLIValues.point(v, flag: "--near", command: "list") }
        let store = try PinmapCLI.openRepository(args, reading: true)
        let rows: [(Pin, Double?)]
        if let near {
            rows = try PinmapCLI.storeCall { () throws(StoreError) in
                try store.pinsByDistance(query, latitude: near.latitude, longitude: near.longitude).map { ($0.pin, $0.metres) }
            }
        } else {
            rows = try PinmapCLI.storeCall { () throws(StoreError) in try store.pins(matching: query).map { ($0, nil) } }
        }
        if args.has("--json") {
            io.out.write(PinJSON.array(rows.map { pin, metres in
                PinJSON.object(pin, extra: metres.map { [("distance_m", PinExport.number(($0 * 10).rounded() / 10))] } ?? [])
            }) + "\n")
        } else {
            let sanitize = io.out.isTerminal
            for (pin, metres) in rows {
                io.out.write(PinText.line(pin, sanitize: sanitize) + (metres.map { "\t" + PinText.metres($0) } ?? "") + "\n")
            }
        }
        return 0
    }
}
