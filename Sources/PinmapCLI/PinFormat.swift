import Foundation
import Frame
import PinmapCore
import PinStore

/// JSON for pins, written by hand so coordinates keep every digit (Swift's
/// shortest round-trip form) and keys come in a fixed, sorted order:
/// `{"category","created_at","description","id","latitude","longitude","place","properties","title","updated_at"}`
/// (`properties` a JSON object, as stored; `place` the nearest named place, `Pin.placeText()`):
/// the same object from `add`, `edit`, `delete`, `show` and `list`.
enum PinJSON {
    /// One pin as a JSON object, with `extra` members (already JSON) merged in key order.
    static func object(_ p: Pin, extra: [(String, String)] = []) -> String {
        var members: [(String, String)] = [
            ("category", JSONText.string(p.category)), ("created_at", JSONText.string(p.createdAt)),
            ("description", JSONText.string(p.description)), ("id", String(p.id)),
            ("latitude", PinExport.number(p.latitude)), ("longitude", PinExport.number(p.longitude)),
            ("place", JSONText.string(p.placeText())),
            ("properties", JSONText.escapingUnsafeScalars(p.properties)),
            ("title", JSONText.string(p.title)), ("updated_at", JSONText.string(p.updatedAt)),
            ("version", String(p.version)),
        ]
        members += extra
        members.sort { $0.0 < $1.0 }
        return "{" + members.map { JSONText.string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// `{"body","created_at","id","pin_id"}`.
    static func comment(_ c: Comment) -> String {
        "{\"body\":\(JSONText.string(c.body)),\"created_at\":\(JSONText.string(c.createdAt)),\"id\":\(c.id),\"pin_id\":\(c.pinID)}"
    }

    /// A JSON array of already-encoded values, one per line.
    static func array(_ items: [String]) -> String {
        items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n]"
    }

    static func array(_ pins: [Pin]) -> String { array(pins.map { object($0) }) }
}

/// Pins as text for people. Control characters in text from pins are escaped
/// (`EscapedText`: `\x1b`, `\u0085`, …) wherever the text goes, so nothing is lost and
/// a pipe into a terminal (`| less -R`, `| cat`) cannot be driven by it; on a terminal
/// `SafeText` also shows bidi controls as placeholders.
enum PinText {
    /// `id<TAB>latitude<TAB>longitude<TAB>title<TAB>category<TAB>created_at`, text fields
    /// escaped (`tsvField`) so that every pin is one line of six fields.
    static func line(_ p: Pin, sanitize: Bool) -> String {
        func text(_ s: String) -> String { safe(tsvField(s), sanitize) }
        return "\(p.id)\t\(coord(p.latitude))\t\(coord(p.longitude))\t\(text(p.title))\t\(text(p.category))\t\(text(p.createdAt))"
    }

    /// A field of tab-separated output: backslash, tab, line feed and carriage return
    /// written as `\\`, `\t`, `\n`, `\r` (the escapes of PostgreSQL's and MySQL's text
    /// format), every other control character as `\xHH` or `\uHHHH` (`EscapedText`), so a
    /// title with a tab, a line break or an escape sequence cannot shift the columns or
    /// drive a terminal, even when piped.
    static func tsvField(_ s: String) -> String { EscapedText.escape(s) }

    /// `v` with 6 decimals, as `%.6f` writes it: whole millionths by integer arithmetic
    /// (`String(format:)` costs more than the rest of a `list` row), `%.6f` itself for a
    /// value near a rounding tie, out of range or not finite.
    static func coord(_ v: Double) -> String {
        let scaled = v * 1_000_000
        guard scaled.isFinite, abs(scaled) < 1e15, abs(abs(scaled - scaled.rounded(.towardZero)) - 0.5) > 1e-6 else {
            return String(format: "%.6f", v)
        }
        let micro = Int64(scaled.rounded())
        let whole = micro.magnitude / 1_000_000, fraction = String(micro.magnitude % 1_000_000)
        let sign = micro < 0 || (micro == 0 && v.sign == .minus) ? "-" : ""
        return sign + String(whole) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    static func safe(_ s: String, _ sanitize: Bool) -> String { sanitize ? SafeText.sanitize(s) : s }

    /// Whole metres: `1234 m`.
    static func metres(_ m: Double) -> String { "\(Int64(m.rounded())) m" }

    /// The detail of one pin with its comments, one field per line. A description, property
    /// value or comment keeps its line breaks (continued, indented), on a terminal as in a
    /// pipe; every other control character is escaped (`EscapedText`), so a terminal's
    /// `SafeText` finds nothing left to replace.
    static func detail(_ p: Pin, comments: [Comment], sanitize: Bool) -> String {
        func field(_ name: String, _ value: String) -> String {
            let padded = name.padding(toLength: 13, withPad: " ", startingAt: 0)
            let lines = value.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.enumerated().map { i, l in (i == 0 ? padded : String(repeating: " ", count: 13)) + l }
                .joined(separator: "\n") + "\n"
        }
        // Multi-line by design: a description, a property value, a comment.
        func text(_ s: String) -> String {
            let escaped = EscapedText.escape(s, keepLineFeeds: true)
            return sanitize ? SafeText.sanitize(escaped, keepNewlines: true) : escaped
        }
        // One line: a title, a category, a date, a property key.
        func word(_ s: String) -> String { safe(EscapedText.escape(s), sanitize) }
        var s = word(p.title) + "\n"
        s += field("id", String(p.id))
        s += field("category", word(p.category))
        s += field("coordinates", "\(PinExport.number(p.latitude)), \(PinExport.number(p.longitude))  "
                   + CoordinateText.dms(latitude: p.latitude, longitude: p.longitude))
        s += field("place", p.placeText())
        s += field("created", word(p.createdAt))
        s += field("updated", word(p.updatedAt))
        s += field("description", text(p.description))
        let properties = PinProperties.entries(p.properties)
        if !properties.isEmpty {
            s += "properties\n"
            for e in properties {
                let key = word(e.key).replacingOccurrences(of: "\n", with: " ")
                s += "  \(key): " + text(e.value).replacingOccurrences(of: "\n", with: "\n    ") + "\n"
            }
        }
        s += "comments (\(comments.count))\n"
        for c in comments {
            s += "  #\(c.id)  \(word(c.createdAt))  " + text(c.body).replacingOccurrences(of: "\n", with: "\n    ") + "\n"
        }
        return s
    }
}
