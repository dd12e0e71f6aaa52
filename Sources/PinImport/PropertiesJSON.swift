/// Builds the JSON object text of `ParsedPin.properties`, keeping the keys in source order.
public struct PropertiesJSON {
    private var members: [String] = []
    private var keys: Set<String> = []

    public init() {}

    /// Adds a string value (XML and CSV values; trimmed by the caller). A repeated key keeps the first value.
    public mutating func add(_ key: String, string: String) {
        add(key, json: Self.quoted(string))
    }

    /// Adds a value that is already JSON text (GeoJSON/Takeout values kept with their type).
    public mutating func add(_ key: String, json: String) {
        guard keys.insert(key).inserted else { return }
        members.append(Self.quoted(key) + ":" + json)
    }

    public var isEmpty: Bool { members.isEmpty }

    /// The object text, e.g. `{"icao":"EDDF","ele":"305"}`; `{}` when empty.
    public var text: String { "{" + members.joined(separator: ",") + "}" }

    /// `s` as a JSON string literal (RFC 8259: quote, backslash and control characters escaped).
    static func quoted(_ s: String) -> String {
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return "\"" + s + "\"" }
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
