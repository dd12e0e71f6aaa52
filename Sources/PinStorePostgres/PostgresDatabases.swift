import PinModel

/// Creating and dropping databases on a server (for tests and throwaway stores): each test
/// gets a database of its own, copied from a template that has the schema already.
public enum PostgresDatabases {
    /// `uri` with its database replaced by `name` (a `postgresql://` URI; the rest kept).
    public static func uri(_ uri: String, database name: String) -> String {
        guard let scheme = uri.range(of: "://") else { return uri }
        let rest = uri[scheme.upperBound...]
        let query = rest.firstIndex(of: "?") ?? rest.endIndex
        let authority = rest[..<query].firstIndex(of: "/") ?? query
        return String(uri[..<authority]) + "/" + name + String(rest[query...])
    }

    /// Creates database `name` (from `template`, when given) on the server of `serverURI`.
    public static func create(_ name: String, serverURI: String, template: String? = nil) throws(StoreError) {
        let db = try PGConnection(uri: serverURI)
        try db.execute("CREATE DATABASE \(SQLIdentifier.quoted(name))" + (template.map { " TEMPLATE \(SQLIdentifier.quoted($0))" } ?? ""))
    }

    /// Drops database `name` when it exists (closing other sessions on it).
    public static func drop(_ name: String, serverURI: String) throws(StoreError) {
        let db = try PGConnection(uri: serverURI)
        try db.execute("DROP DATABASE IF EXISTS \(SQLIdentifier.quoted(name)) WITH (FORCE)")
    }

    /// True when database `name` exists.
    public static func exists(_ name: String, serverURI: String) throws(StoreError) -> Bool {
        let db = try PGConnection(uri: serverURI)
        return try db.execute("SELECT 1 FROM pg_database WHERE datname = $1", [name]).rows > 0
    }

    /// Runs one statement as the user of `uri` (tests: roles, grants).
    public static func execute(_ sql: String, uri: String) throws(StoreError) {
        try PGConnection(uri: uri).executeScript(sql)
    }

    /// The rows of one query as the user of `uri`, as text (nil: NULL) (tests: comparing tables).
    public static func rows(_ sql: String, uri: String) throws(StoreError) -> [[String?]] {
        let r = try PGConnection(uri: uri).execute(sql)
        return (0..<r.rows).map { i in (0..<r.columns).map { r.optionalText(i, $0) } }
    }
}
