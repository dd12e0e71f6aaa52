import XCTest
@testable import PinStorePostgres

/// The `connect_timeout` Pinmap gives libpq: shared among the addresses libpq will try, so a
/// connection string with several hosts or a name with several addresses still gives up
/// within 10 s (libpq's timeout applies to each address in turn).
final class PGConnectTimeoutTests: XCTestCase {
    func testTheBudgetIsSharedAmongTheAddresses() {
        XCTAssertEqual((1...6).map { PGConnectTimeout.seconds(addresses: $0) }, [5, 4, 3, 2, 2, 2])
        XCTAssertEqual(PGConnectTimeout.seconds(addresses: 0), 5)
    }

    func testAddressesAreCountedAsLibpqWillTryThem() throws {
        let none: [String: String] = [:]
        let count = { (uri: String, env: [String: String]) in PGConnectTimeout.addresses(try XCTUnwrap(PGLocation.options(uri)), environment: env) }
        XCTAssertEqual(try count("postgresql://alice@127.0.0.1:5432/team", none), 1)
        XCTAssertEqual(try count("postgresql://alice@127.0.0.1:5432,127.0.0.2:5433,127.0.0.3/team", none), 3)
        XCTAssertEqual(try count("postgresql:///team?host=/tmp/pg,/var/run/postgresql", none), 2)
        XCTAssertEqual(try count("host=db.invalid hostaddr=192.0.2.1,192.0.2.2 dbname=team", none), 2)
        // No host in the string: libpq's environment variables, then its default socket.
        XCTAssertEqual(try count("postgresql:///team", ["PGHOST": "127.0.0.1,127.0.0.2"]), 2)
        XCTAssertEqual(try count("postgresql:///team", ["PGHOSTADDR": "192.0.2.1"]), 1)
        XCTAssertEqual(try count("postgresql:///team", none), 1)
        // A name that does not resolve fails at once in libpq: one attempt.
        XCTAssertEqual(try count("postgresql://alice@no-such-host.invalid/team", none), 1)
    }
}
