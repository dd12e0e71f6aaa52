import XCTest
import PinModel
@testable import PinStore
@testable import PinStorePostgres
import PostgresTesting

/// Stores made before an outside edit raised the version (SQLite migration 15, PostgreSQL
/// migration 14) get the trigger when they are opened (a file) or when the owner opens or
/// runs `pinmap init` (a server), and their pins keep their versions.
final class OutsideEditMigrationTests: XCTestCase {
    private let pin = NewPin(title: "종묘", description: "royal shrine", category: "landmark", latitude: 37.5744, longitude: 126.994)

    func testAFileStoreOfSchema14GetsTheTriggerWhenOpened() throws {
        let path = try TestStores.tempPath(self)
        do {
            let old = try Store(path: path)
            let id = try old.insert(pin)
            try old.update(id: id, title: "종묘 정전")
            try old.db.execute("DROP TRIGGER pins_outside_edit; PRAGMA user_version = 14")
            try old.db.execute("UPDATE pins SET description = 'before' WHERE id = \(id)")
            XCTAssertEqual(try old.pin(id: id)?.version, 2, "schema 14: no trigger")
        }
        let store = try Store(path: path)
        XCTAssertEqual(try store.schemaVersion(), Migrations.all.count)
        XCTAssertEqual(try store.pin(id: 1)?.version, 2, "kept")
        try store.db.execute("UPDATE pins SET description = 'QGIS user note' WHERE id = 1")
        XCTAssertEqual(try store.pin(id: 1)?.version, 3)
    }

    func testAServerStoreOfSchema13GetsTheTriggerWhenItsOwnerOpensIt() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        let uri = try TestServer.freshStoreURI()
        addTeardownBlock { TestServer.dropDatabase(uri) }
        do {
            let old = try PostgresStore(uri: uri)
            _ = try old.insert(pin)
            try old.db.execute("DROP TRIGGER pins_outside_edit ON pins")
            try old.db.execute("DROP FUNCTION pinmap_outside_edit()")
            try old.db.execute("DELETE FROM schema_version WHERE version >= 14")
        }
        XCTAssertEqual(try PostgresDatabases.rows("SELECT max(version) FROM schema_version", uri: uri), [["13"]])
        let store = try PostgresStore(uri: uri)
        XCTAssertEqual(try store.schemaVersion(), PostgresSchema.all.count)
        try PostgresDatabases.execute("UPDATE pins SET description = 'QGIS user note'", uri: uri)
        XCTAssertEqual(try PostgresDatabases.rows("SELECT version, edits, description FROM pins", uri: uri), [["2", "1", "QGIS user note"]])
    }
}
