import PinModel

/// Builds the JSON object text of `ParsedPin.properties`, keeping the keys in source order.
///
/// Keys and string values are escaped by `JSONText.string` (RFC 8259: quote, backslash and
/// control characters escaped; everything else as UTF-8), the one JSON string writer of the
/// project. A repeated key keeps its first value, so the object never has duplicate keys.
public struct PropertiesJSON {
    /// The object so far, without its closing brace.
    private var body = "{"
    /// The keys so far: searched in order while few (hashing a key into a `Set` cost more
    /// than comparing it with a handful), in a `Set` once there are more than `listedKeys`.
    private var keys: [String] = []
    private var keySet: Set<String> = []
    private static let listedKeys = 16

    public init() {}

    /// Adds a string value (XML and CSV values; trimmed by the caller). A repeated key keeps the first value.
    public mutating func add(_ key: String, string: String) {
        guard addKey(key) else { return }
        JSONText.append(string, to: &body)
    }

    /// Adds a value that is already JSON text (GeoJSON/Takeout values kept with their type).
    public mutating func add(_ key: String, json: String) {
        guard addKey(key) else { return }
        body += json
    }

    /// Appends `"key":` (after a comma unless it is the first); false, appending nothing,
    /// when the key is there already.
    private mutating func addKey(_ key: String) -> Bool {
        guard isNew(key) else { return false }
        if keys.count > 1 { body += "," }
        JSONText.append(key, to: &body)
        body += ":"
        return true
    }

    public var isEmpty: Bool { keys.isEmpty }

    /// Records `key`; false when it was there already.
    private mutating func isNew(_ key: String) -> Bool {
        if keys.count < Self.listedKeys {
            if keys.contains(key) { return false }
            keys.append(key)
            return true
        }
        if keySet.isEmpty { keySet = Set(keys) }
        guard keySet.insert(key).inserted else { return false }
        keys.append(key)
        return true
    }

    /// The object text, e.g. `{"icao":"EDDF","ele":"305"}`; `{}` when empty.
    public var text: String { body + "}" }
}
