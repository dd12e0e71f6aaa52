import PinModel

/// Builds the JSON object text of `ParsedPin.properties`, keeping the keys in source order.
///
/// Keys and string values are escaped by `JSONText.string` (RFC 8259: quote, backslash and
/// control characters escaped; everything else as UTF-8), the one JSON string writer of the
/// project. A repeated key loses nothing: its value goes under the key `PropertyKey` gives it
/// (`dup (2)`), after the other keys, so the object never has duplicate keys. (A caller with a
/// fixed list of names, a CSV header, names them once with `PropertyKey.unique`, so a column
/// keeps its key on rows where an earlier column of its name is empty.)
public struct PropertiesJSON {
    /// The object so far, without its closing brace.
    private var body = "{"
    /// The keys so far: searched in order while few (hashing a key into a `Set` cost more
    /// than comparing it with a handful), in a `Set` once there are more than `listedKeys`.
    private var keys: [String] = []
    private var keySet: Set<String> = []
    private static let listedKeys = 16
    /// The values of repeated keys (value as JSON text), named and appended by `text`, once
    /// every literal key is known (a later `dup (2)` must keep its name).
    private var repeats: [(key: String, json: String)] = []

    public init() {}

    /// Adds a string value (XML and CSV values; trimmed by the caller). A repeated key's value
    /// is kept under a key of its own (`PropertyKey`).
    public mutating func add(_ key: String, string: String) {
        guard addKey(key) else {
            var json = ""
            JSONText.append(string, to: &json)
            repeats.append((key, json))
            return
        }
        JSONText.append(string, to: &body)
    }

    /// Adds a value that is already JSON text (GeoJSON/Takeout values kept with their type).
    /// A repeated key's value is kept under a key of its own (`PropertyKey`).
    public mutating func add(_ key: String, json: String) {
        guard addKey(key) else {
            repeats.append((key, json))
            return
        }
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

    /// The object text, e.g. `{"icao":"EDDF","ele":"305"}`; `{}` when empty. Repeated keys
    /// come last: `{"dup":"d1","x":"1","dup (2)":"d2"}`.
    public var text: String {
        guard !repeats.isEmpty else { return body + "}" }
        var out = body
        var taken = Set(keys)
        for (key, json) in repeats {
            out += ","
            JSONText.append(PropertyKey.renamed(key, taken: &taken), to: &out)
            out += ":" + json
        }
        return out + "}"
    }
}
