import Foundation

/// SQL identifiers (table, column, index, trigger and database names) in statements built
/// as text: the one quoter of the SQLite store, the GeoPackage reader and writer and the
/// PostgreSQL store. SQLite and PostgreSQL share the rule: `"` around, a `"` inside doubled.
public enum SQLIdentifier {
    /// `pins_lat_lon` → `"pins_lat_lon"`, `a"b` → `"a""b"`.
    public static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
