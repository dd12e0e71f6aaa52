import Foundation
import Frame
import PinStore

/// `pinmap list`: pins newest first, as text or JSON.
enum ListCommand: Command {
    static let spec = CommandSpec(
        name: "list", usage: "pinmap list [--db PATH] [--json] [--limit N]",
        summary: "List pins, newest first.",
        options: [("--db", "store path"), ("--limit", "at most N pins")],
        flags: [("--json", "print a JSON array of pins")],
        maxPositionals: 0)

    static func run(_ args: ParsedArguments) throws(CLIError) -> Int32 {
        var limit = -1
        if let l = args.value("--limit") {
            guard let n = Int(l), n >= 0 else { throw .usage(command: "list", message: "--limit needs a whole number ≥ 0, got '\(l)'") }
            limit = n
        }
        let store = try PinmapCLI.openStore(args)
        let pins: [Pin]
        do { pins = try store.pins(matching: PinQuery(limit: limit)) } catch { throw .failure(error.message) }
        if args.has("--json") {
            print(PinJSON.array(pins))
        } else {
            let tty = isatty(1) == 1
            for p in pins { print(PinText.line(p, sanitize: tty)) }
        }
        return 0
    }
}

/// JSON for pins: `{"id","title","description","category","latitude","longitude","created_at","updated_at"}`.
enum PinJSON {
    static func object(_ p: Pin) -> [String: Any] {
        ["id": p.id, "title": p.title, "description": p.description, "category": p.category,
         "latitude": p.latitude, "longitude": p.longitude, "created_at": p.createdAt, "updated_at": p.updatedAt]
    }

    static func array(_ pins: [Pin]) -> String {
        encode(pins.map(object))
    }

    static func encode(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]),
              let s = String(data: data, encoding: .utf8) else { return "null" }
        return s
    }
}

/// One pin as a line of text: id, coordinates, title, category, date. Text
/// from pins is sanitized when it goes to a terminal.
enum PinText {
    static func line(_ p: Pin, sanitize: Bool) -> String {
        let t = sanitize ? SafeText.sanitize(p.title) : p.title
        let c = sanitize ? SafeText.sanitize(p.category) : p.category
        return "\(p.id)\t\(coord(p.latitude))\t\(coord(p.longitude))\t\(t)\t\(c)\t\(p.createdAt)"
    }

    static func coord(_ v: Double) -> String { String(format: "%.6f", v) }
}
