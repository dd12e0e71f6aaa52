import XCTest
import PinModel
@testable import PinStorePostgres
import PostgresTesting

/// A server that dies between two statements of a transaction (a crash, `pg_ctl stop -m
/// immediate`): the next statement says the connection was lost, never that the server
/// "refused" it. libpq's own error (no SQLSTATE) after a failed send leaves the connection
/// saying CONNECTION_OK until its input is read.
final class PostgresLostConnectionTests: XCTestCase {
    func testAStatementAfterTheServerDiedSaysTheConnectionWasLost() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let cluster = try TestCluster()
        defer { cluster.stop() }
        let db = try PGConnection(uri: cluster.uri)
        XCTAssertThrowsError(try db.transaction { () throws -> Void in
            try db.execute("SELECT 1")
            try cluster.kill()
            try db.execute("SELECT 2")
        }) { error in
            XCTAssertEqual((error as? StoreError)?.message, PGErrorText.lost)
            XCTAssertEqual((error as? StoreError)?.code, PGErrorText.connectionCode)
        }
    }
}
