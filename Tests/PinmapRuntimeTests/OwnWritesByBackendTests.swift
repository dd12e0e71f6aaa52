import XCTest
import Foundation
import PinModel
@testable import PinStorePostgres
import PinmapRuntime
import PinmapTestSupport
import PostgresTesting

/// On a PostgreSQL store the UI tells its own writes from others' by the server process
/// that announced them, not by when they came: another user's insert that commits while
/// the UI's own delete is under way is announced ("1 pin added elsewhere"), and the UI's
/// delete, when it commits, is not.
final class OwnWritesByBackendTests: XCTestCase {
    func testAnotherUsersChangeWhileTheUIWritesIsAnnouncedAndTheUIsOwnIsNot() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        let uri = try TestServer.freshStoreURI()
        addTeardownBlock { TestServer.dropDatabase(uri) }
        let store = try PostgresStore(uri: uri)
        for p in UIFixtures.seoulPins { try store.insert(p) }
        let other = try PostgresStore(uri: uri), holder = try PostgresStore(uri: uri)
        let r = try UIFixtures.liveRunner(over: store, uri: uri)
        defer { r.stopLive() }
        let log = r.recordMessages()

        // Another session locks Busan Tower (pin 5): the UI's delete of it waits on the
        // server, its write lane busy, until that session ends.
        try holder.db.execute("BEGIN")
        XCTAssertEqual(try holder.db.execute("SELECT id FROM pins WHERE id = 5 FOR UPDATE").rows, 1)
        r.selectListed("Busan Tower")
        r.press(.char("d"))
        r.key(.char("y"))
        XCTAssertTrue(r.wait(upTo: 10) { (try? self.waitingForALock(other)) == true }, "the UI's delete waits for the lock")
        XCTAssertTrue(r.isWriting)

        try other.insert(NewPin(title: "added elsewhere", latitude: 37.57, longitude: 126.98))
        let announced = r.wait(upTo: 5) { log.messages.contains("1 pin added elsewhere") }
        XCTAssertTrue(announced, "another's insert while the UI writes: \(log.messages)")
        XCTAssertTrue(r.isWriting, "the UI's delete was still waiting")

        try holder.db.execute("COMMIT")
        XCTAssertTrue(r.wait(upTo: 10) { !r.isWriting })
        XCTAssertNil(try other.pin(id: 5), "deleted by the UI")
        _ = r.wait(upTo: 1.0) { false }
        XCTAssertEqual(log.messages.filter { $0.contains("elsewhere") }, ["1 pin added elsewhere"],
                       "the UI's own delete is not another's: \(log.messages)")
    }

    /// True while a statement on the server waits for a lock.
    private func waitingForALock(_ store: PostgresStore) throws -> Bool {
        try store.db.execute("SELECT 1 FROM pg_locks WHERE NOT granted").rows > 0
    }
}
