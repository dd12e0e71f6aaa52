import XCTest
import PinStorePostgres

/// How a PostgreSQL store is named in messages and the Settings tab: never with its password.
final class PGLocationTests: XCTestCase {
    func testAStoreIsNamedWithoutItsPassword() {
        let uri = "postgresql://alice:s%40cret@db.example.org:6543/team?sslmode=require"
        let location = PGLocation(uri: uri)
        XCTAssertEqual(location.description, "postgresql://alice@db.example.org:6543/team")
        XCTAssertEqual(location.server, "db.example.org:6543")
        XCTAssertEqual(PGLocation.masking("could not connect with s@cret or s%40cret", uri: uri), "could not connect with **** or ****")
        XCTAssertEqual(PGLocation(uri: "postgresql:///pins?host=/tmp/pg/socket&port=54400&user=postgres").description,
                       "postgresql:///pins?host=/tmp/pg/socket&port=54400&user=postgres")
        // A socket folder is named so that the name opens the same store.
        let odd = PGLocation(uri: "postgresql:///team%20pins?host=/tmp/a%26b%20c").description
        XCTAssertEqual(odd, "postgresql:///team%20pins?host=/tmp/a%26b%20c")
        XCTAssertEqual([PGLocation(uri: odd).host, PGLocation(uri: odd).database], ["/tmp/a&b c", "team pins"])
    }

    func testOnlyPostgresURIsAreServers() {
        XCTAssertTrue(PGLocation.isServerURI("postgresql://h/db"))
        XCTAssertTrue(PGLocation.isServerURI("postgres://h/db"))
        XCTAssertFalse(PGLocation.isServerURI("pins.sqlite"))
        XCTAssertFalse(PGLocation.isServerURI("./postgresql:/x"))
    }

    func testADatabaseOfTheSameServer() {
        XCTAssertEqual(PostgresDatabases.uri("postgresql:///pins?host=/tmp/s&port=5", database: "t1"), "postgresql:///t1?host=/tmp/s&port=5")
        XCTAssertEqual(PostgresDatabases.uri("postgresql://u:p@h:5432/pins", database: "t2"), "postgresql://u:p@h:5432/t2")
    }
}
