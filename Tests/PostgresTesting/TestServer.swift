import Foundation
import PinModel
import PinStorePostgres

/// The PostgreSQL server the tests use: `PINMAP_TEST_PG_URL` (`.ci/run` and
/// `Scripts/pg-dev.sh start` provide one). Without it, tests that need a server are skipped
/// (a local run only: `.ci/run` always sets it).
public enum TestServer {
    /// The server's URI, nil when the variable is unset.
    public static var url: String? {
        let v = ProcessInfo.processInfo.environment["PINMAP_TEST_PG_URL"] ?? ""
        return v.isEmpty ? nil : v
    }

    nonisolated(unsafe) private static var templateReady = false
    private static let lock = NSLock()
    static let template = "pinmap_test_template_\(ProcessInfo.processInfo.processIdentifier)"

    /// A fresh database with the Pinmap schema, and its URI; `dropDatabase` removes it.
    public static func freshStoreURI() throws -> String {
        guard let url else { throw StoreError("PINMAP_TEST_PG_URL is not set") }
        try lock.withLock {
            if !templateReady {
                try PostgresDatabases.drop(template, serverURI: url)
                try PostgresDatabases.create(template, serverURI: url)
                _ = try PostgresStore(uri: PostgresDatabases.uri(url, database: template), create: true)
                templateReady = true
                atexit { if let url = TestServer.url { try? PostgresDatabases.drop(TestServer.template, serverURI: url) } }
            }
        }
        let name = "pinmap_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try PostgresDatabases.create(name, serverURI: url, template: template)
        return PostgresDatabases.uri(url, database: name)
    }

    /// An empty database (no schema) and its URI.
    public static func emptyDatabaseURI() throws -> String {
        guard let url else { throw StoreError("PINMAP_TEST_PG_URL is not set") }
        let name = "pinmap_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try PostgresDatabases.create(name, serverURI: url)
        return PostgresDatabases.uri(url, database: name)
    }

    /// A login role that may write the pins of the database at `uri` (SELECT, INSERT, UPDATE,
    /// DELETE on its tables, USAGE on its sequences) without owning them: its name, and `uri`
    /// as that role. `dropRole` removes it.
    public static func writerRole(on uri: String) throws -> (role: String, uri: String) {
        let role = "pinmap_writer_\(UUID().uuidString.prefix(8).lowercased())"
        try PostgresDatabases.execute("""
            CREATE ROLE \(role) LOGIN;
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO \(role);
            GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO \(role);
            """, uri: uri)
        return (role, uri.replacingOccurrences(of: "user=postgres", with: "user=\(role)"))
    }

    /// A login role that may only read the database at `uri` (SELECT on its tables): its name,
    /// and `uri` as that role. `dropReader` removes it.
    public static func readerRole(on uri: String) throws -> (role: String, uri: String) {
        let role = "pinmap_reader_\(UUID().uuidString.prefix(8).lowercased())"
        try PostgresDatabases.execute("CREATE ROLE \(role) LOGIN; GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(role)", uri: uri)
        return (role, uri.replacingOccurrences(of: "user=postgres", with: "user=\(role)"))
    }

    /// Drops a role `readerRole` made, with its rights in the database at `uri`.
    public static func dropReader(_ role: String, uri: String) {
        try? PostgresDatabases.execute("DROP OWNED BY \(role); DROP ROLE \(role)", uri: uri)
    }

    /// Drops a role `writerRole` made (after the databases it has rights in are dropped).
    public static func dropRole(_ role: String, fallbackURI: String) {
        try? PostgresDatabases.execute("DROP ROLE IF EXISTS \(role)", uri: url ?? fallbackURI)
    }

    /// Drops the database of `uri` (made by `freshStoreURI`).
    public static func dropDatabase(_ uri: String) {
        guard let url, let name = PGLocation(uri: uri).database as String?, name.hasPrefix("pinmap_test_") else { return }
        try? PostgresDatabases.drop(name, serverURI: url)
    }
}
