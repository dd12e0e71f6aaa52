@testable import PinStorePostgres
import PostgresTesting

/// A new database on the test server holding the schema an older binary left: the first
/// `version` migrations, each recorded in `schema_version`. Returns its URI (drop it with
/// `TestServer.dropDatabase`) and a connection to it.
func databaseAtSchema(_ version: Int) throws -> (uri: String, db: PGConnection) {
    let uri = try TestServer.emptyDatabaseURI()
    let db = try PGConnection(uri: uri)
    for (k, sql) in PostgresSchema.all.prefix(version).enumerated() {
        try db.executeScript("BEGIN; \(sql); INSERT INTO schema_version(version) VALUES (\(k + 1)); COMMIT;")
    }
    return (uri, db)
}
