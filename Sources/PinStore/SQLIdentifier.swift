/// SQL identifiers (table, index and trigger names) in statements built as text: the one
/// quoter, SQLite's own rule (`"` around, a `"` inside doubled).
enum SQLIdentifier {
    /// `pins_lat_lon` → `"pins_lat_lon"`, `a"b` → `"a""b"`.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
