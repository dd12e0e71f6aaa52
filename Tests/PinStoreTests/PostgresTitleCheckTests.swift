import XCTest
@testable import PinStorePostgres
import PostgresTesting

/// A pin's title is checked on the server as more than spaces, as before migration 19 (which
/// writes the check as `btrim(title) <> ''` instead of `length(btrim(title)) > 0`): the same
/// titles refused and kept, on a store made before it, which the migration upgrades; the
/// migration runs again.
final class PostgresTitleCheckTests: XCTestCase {
    private static let titles = ["", " ", "   ", "a", " 서울 ", "\t", "\u{3000}"]
    private static let check = "SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'pins'::regclass AND conname = 'pins_title_check'"

    /// For each of `titles`, whether the server keeps a pin with it (rolled back either way).
    private func kept(on db: PGConnection) throws -> [Bool] {
        try Self.titles.map { title in
            try db.execute("BEGIN")
            defer { _ = try? db.execute("ROLLBACK") }
            return (try? db.execute("INSERT INTO pins(title, latitude, longitude, created_at, updated_at) VALUES ($1, 37.5, 127, '2024-01-01', '2024-01-01')",
                                    [title])) != nil
        }
    }

    func testMigration19ChecksTitlesAsBefore() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let (uri, db) = try databaseAtSchema(18)
        defer { TestServer.dropDatabase(uri) }
        let expected = [false, false, false, true, true, true, true]
        XCTAssertEqual(try PostgresDatabases.rows(Self.check, uri: uri), [["CHECK ((length(btrim(title)) > 0))"]])
        XCTAssertEqual(try kept(on: db), expected)

        _ = try PostgresStore(uri: uri)
        XCTAssertEqual(try PostgresDatabases.rows("SELECT max(version) FROM schema_version", uri: uri), [["\(PostgresSchema.all.count)"]])
        XCTAssertEqual(try PostgresDatabases.rows(Self.check, uri: uri), [["CHECK ((btrim(title) <> ''::text))"]])
        XCTAssertEqual(try kept(on: db), expected)
        for sql in PostgresSchema.all[18...] { try db.executeScript("BEGIN; \(sql); COMMIT;") }
        XCTAssertEqual(try PostgresDatabases.rows(Self.check, uri: uri), [["CHECK ((btrim(title) <> ''::text))"]])
        XCTAssertEqual(try kept(on: db), expected)
    }
}
