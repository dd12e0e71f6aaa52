import Foundation

/// A pin's `properties` (the text of a JSON object) read back as entries in source order,
/// through SQLite's `json_each` (Foundation's JSON parser loses the key order).
public enum PinProperties {

    /// The entries of `json` in order; [] for `{}`, or for text that is not a JSON object
    /// (never stored: the table's CHECK refuses it).
    public static func entries(_ json: String) -> [PinProperty] {
        if isEmptyObject(json) { return [] }
        return (try? PropertyReader().entries(json)) ?? []
    }

    /// Whether `json` is `{}` (the common case, answered without parsing).
    public static func isEmptyObject(_ json: String) -> Bool {
        json == "{}" || json.isEmpty
    }

    /// The members of the JSON object `json` without its braces (`"a":1,"b":"x"`), "" when it
    /// has none: for writing them into another object as they are (numbers keep their text).
    public static func members(_ json: String) -> String {
        guard let open = json.firstIndex(of: "{"), let close = json.lastIndex(of: "}"), open < close else { return "" }
        return trimmedText(json[json.index(after: open)..<close])
    }
}

/// Reads properties with one in-memory SQLite connection and one prepared statement, for
/// callers that read many pins (exports).
public final class PropertyReader {
    private let db: Database
    private let st: Statement

    /// - Throws: `StoreError` when SQLite cannot open an in-memory database.
    public init() throws(StoreError) {
        db = try Database(path: ":memory:")
        st = try db.prepare("""
            SELECT key, CASE type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' WHEN 'null' THEN 'null'
                ELSE value END, type = 'text'
            FROM json_each(?1) WHERE json_type(?1) = 'object' ORDER BY id
            """)
    }

    /// The entries of `json` in order (see `PinProperties.entries`); a value that is not a
    /// string is its text as written in `json` (`0.10`, `12345678901234567890`), not the
    /// SQL value `json_each` makes of it (`0.1`, `1.23456789012346e+19`): every export and
    /// `show` write what was imported.
    /// - Throws: `StoreError` when `json` is not JSON.
    public func entries(_ json: String) throws(StoreError) -> [PinProperty] {
        if PinProperties.isEmptyObject(json) { return [] }
        st.reset()
        try st.bind([.text(json)])
        var out: [PinProperty] = []
        while try st.step() { out.append(.init(key: st.text(0), value: st.text(1), isString: st.int(2) != 0)) }
        st.reset()
        guard out.contains(where: { !$0.isString }), let texts = JSONMemberText.values(json), texts.count == out.count else { return out }
        for i in out.indices where !out[i].isString { out[i].value = texts[i] }
        return out
    }
}

extension Store {
    /// Every property key of the stored pins, in first-seen order (pins by id, keys in each
    /// pin's order): the extra columns of a CSV export.
    /// - Throws: `StoreError` from SQLite.
    public func propertyKeys() throws(StoreError) -> [String] {
        let st = try db.prepare("""
            SELECT j.key FROM pins AS p, json_each(p.properties) AS j WHERE p.properties <> '{}'
            GROUP BY j.key ORDER BY min(p.id * 4294967296 + j.id)
            """)
        var out: [String] = []
        while try st.step() { out.append(st.text(0)) }
        return out
    }
}
