import XCTest
import PinModel
@testable import PinStorePostgres
import PostgresTesting

/// A frame's read transaction on a PostgreSQL store sends its BEGIN with its first statement
/// and does not wait for its COMMIT (`PGConnection.readTransaction`): its reads still see
/// one snapshot, a failed statement leaves the connection usable, and the next statement
/// after it sees what others committed meanwhile.
final class PostgresReadTransactionTests: XCTestCase {
    private var databases: [String] = []
    override func tearDownWithError() throws { databases.forEach(TestServer.dropDatabase) }

    private func stores() throws -> (PostgresStore, PostgresStore) {
        let uri = try TestServer.freshStoreURI()
        databases.append(uri)
        return (try PostgresStore(uri: uri), try PostgresStore(uri: uri))
    }

    func testTheReadsOfOneTransactionSeeOneSnapshot() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let (map, other) = try stores()
        try other.insert(NewPin(title: "a", latitude: 1, longitude: 2))
        let counts = try map.reading { () throws -> [Int] in
            let before = try map.count()
            try other.insert(NewPin(title: "b", latitude: 1, longitude: 2))
            return [before, try map.count()]
        }
        XCTAssertEqual(counts, [1, 1], "begun with its first statement: the second read sees the first one's snapshot")
        XCTAssertEqual(try map.count(), 2, "after the COMMIT, sent without waiting")
        XCTAssertFalse(map.db.commitInFlight, "its answer was read before the next statement")
        XCTAssertEqual(try map.reading { try map.count() }, 2)
        XCTAssertEqual(try map.count(), 2)
    }

    func testATransactionThatReadsNothingBeginsNoneAndAFailedOneLeavesTheConnectionUsable() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let (map, other) = try stores()
        XCTAssertEqual(try map.reading { 7 }, 7)
        XCTAssertFalse(map.db.commitInFlight, "nothing begun, nothing to commit")
        XCTAssertNil(map.db.pendingBegin)

        XCTAssertThrowsError(try map.reading { try map.db.execute("SELECT 1 / 0") }) { error in
            XCTAssertEqual((error as? StoreError)?.message.contains("division by zero"), true, "\(error)")
        }
        try other.insert(NewPin(title: "a", latitude: 1, longitude: 2))
        XCTAssertEqual(try map.count(), 1, "rolled back, out of the transaction")
        XCTAssertEqual(try map.reading { try map.count() }, 1)
    }
}
