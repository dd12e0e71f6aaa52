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

    /// An IPv6 address is named in brackets, as a URI writes it: "::1:5433" read as an
    /// address of one more group, and the store's name did not open the same server.
    func testAnIPv6AddressIsNamedInBrackets() {
        let location = PGLocation(uri: "postgresql://ann@[::1]:5433/pins")
        XCTAssertEqual(location.server, "[::1]:5433")
        XCTAssertEqual(location.description, "postgresql://ann@[::1]:5433/pins")
        XCTAssertEqual(PGLocation(uri: "postgresql://ann@[fe80::1]/pins").server, "[fe80::1]")
        XCTAssertEqual(PGLocation(uri: "postgresql://ann@db.example:5433/pins").server, "db.example:5433")
    }

    /// A URI of several hosts names each with its port: "a,b:1,2" named no server.
    func testSeveralHostsAreNamedEachWithItsPort() {
        XCTAssertEqual(PGLocation(uri: "postgresql://ann@a.example:1,b.example:2/pins").server, "a.example:1,b.example:2")
        XCTAssertEqual(PGLocation(uri: "postgresql://ann@a.example:1,b.example:2/pins").description, "postgresql://ann@a.example:1,b.example:2/pins")
        XCTAssertEqual(PGLocation(uri: "postgresql://ann@a.example,[::1]/pins?port=7").server, "a.example:7,[::1]:7")
        XCTAssertEqual(PGLocation(uri: "postgresql://ann@a.example,b.example/pins").server, "a.example,b.example")
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
