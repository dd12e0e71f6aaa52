import Foundation
import PinStore

/// `pinmap list`: pins best match first with `--search`, else newest first (or in
/// `--sort`'s order, or closest first with `--near`), filtered by text, category and
/// bounding box; as text or JSON. Rows are written as the store reads them, so the first
/// appears at once on a million pins.
enum ListCommand: TextCommand {
    static let spec = CommandSpec(
        name: "list",
        usage: "pinmap list [--db PATH] [--search TEXT] [--sort ORDER] [--category C] [--bbox SOUTH,WEST,NORTH,EAST] [--near LAT,LON] [--limit N] [--json]",
        summary: """
        List pins filtered by text, category and bounding box. With --search the best
        match comes first (exact title, title start, title word, a property value that
        is the text, title, description or category, a property value holding it),
        else the newest; --near sorts by great-circle
        distance instead and adds it in metres (JSON: distance_m). Plain output is one
        pin per line, tab-separated; a tab, line break or backslash inside a field is
        written \\t, \\n, \\\\, a carriage return \\r, any other control character \\xHH
        (ESC \\x1b) or \\uHHHH (U+0080-U+009F, U+2028, U+2029). Text from pins is
        sanitized on a terminal.
        """,
        options: [CommandSpec.store,
                  ("--search", "words that must all occur in the title, description, category or a property value (ignoring case)"),
                  ("--sort", "relevance (the default with --search), newest (the default without), or name"),
                  ("--category", "only pins of this category"),
                  ("--bbox", "only pins inside SOUTH,WEST,NORTH,EAST (decimal degrees; WEST > EAST crosses 180°)"),
                  ("--near", "sort by distance from LAT,LON (decimal degrees), closest first"),
                  ("--limit", "at most N pins")],
        flags: [("--json", "print a JSON array of pins")],
        maxPositionals: 0)

    /// The orders `--sort` takes (distance comes with `--near`, which needs its point).
    static let sortOrders: [PinQuery.Order] = [.relevance, .newest, .title]

    static func run(_ args: ParsedArguments, io: CommandIO) throws(CLIError) -> Int32 {
        var query = PinQuery(order: .relevance, limit: try CLIValues.limit(args, command: "list"), search: args.value("--search"))
        // Trimmed as add and edit store it: `--category " cafe "` matched no pin.
        if let c = args.value("--category") { query.categories = [trimmedText(c)] }
        if let b = args.value("--bbox") { query.boxes = try CLIValues.boxes(b, command: "list") }
        if let s = args.value("--sort") {
            guard let order = PinQuery.Order(rawValue: s.lowercased()), sortOrders.contains(order) else {
                throw .usage(command: "list", message: "--sort takes relevance, newest or name, got '\(s)'")
            }
            query.order = order
        }
        let near = try args.value("--near").map { v throws(CLIError) in try CLIValues.point(v, flag: "--near", command: "list") }
        if near != nil, args.value("--sort") != nil {
            throw .usage(command: "list", message: "--near sorts by distance: leave out --sort")
        }
        let store = try PinmapCLI.openRepository(args, reading: true)
        let json = args.has("--json"), sanitize = io.out.isTerminal
        var written = 0
        func write(_ pin: Pin, _ metres: Double?) {
            if json {
                io.out.write((written == 0 ? "[\n" : ",\n")
                    + PinJSON.object(pin, extra: metres.map { [("distance_m", PinExport.number(($0 * 10).rounded() / 10))] } ?? []))
            } else {
                io.out.write(PinText.line(pin, sanitize: sanitize) + (metres.map { "\t" + PinText.metres($0) } ?? "") + "\n")
            }
            written += 1
        }
        if let near {
            // Distance needs every match before the first: read, then written.
            let rows = try PinmapCLI.storeCall { () throws(StoreError) in
                try store.pinsByDistance(query, latitude: near.latitude, longitude: near.longitude)
            }
            for row in rows { write(row.pin, row.metres) }
        } else {
            try PinmapCLI.storeCall { () throws(StoreError) in
                try store.forEachPin(matching: query) { write($0, nil); return !io.out.failed }
            }
        }
        if json { io.out.write(written == 0 ? "[]\n" : "\n]\n") }
        return 0
    }
}
