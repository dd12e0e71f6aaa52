import PinStore

/// Builds the JSON object text of `ParsedPin.properties`, keeping the keys in source order.
///
/// Keys and string values are escaped by `JSONText.string` (RFC 8259: quote, backslash and
/// control characters escaped; everything else as UTF-8), the one JSON string writer of the
/// project. A repeated key keeps its first value, so the object never has duplicate keys.
public struct PropertiesJSON {
    private var body = ""
    private var keys: Set<String> = []

    public init() {}

    /// Adds a string value (XML and CSV values; trimmed by the caller). A repeated key keeps the first value.
    public mutating func add(_ key: String, string: String) {
        add(key, json: JSONText.string(string))
    }

    /// Adds a value that is already JSON text (GeoJSON/Takeout values kept with their type).
    public mutating func add(_ key: String, json: String) {
        guard keys.insert(key).inserted else { return }
        if !body.isEmpty { body += "," }
        body += JSONText.string(key) + ":" + json
    }

    public var isEmpty: Bool { keys.isEmpty }

    /// The object text, e.g. `{"icao":"EDDF","ele":"305"}`; `{}` when empty.
    public var text: String { "{" + body + "}" }
}
