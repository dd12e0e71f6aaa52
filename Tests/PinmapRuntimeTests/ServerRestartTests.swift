import XCTest
import Foundation
import Frame
import PinModel
import PinStorePostgres
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
@testable import PinmapCLI
import PostgresTesting

/// The server restarts while the UI is open (a cluster of the test's own, `TestCluster`):
/// the status line says "reconnecting…" and the last view stays; a write made meanwhile
/// fails with a clear message (no hang, never silently dropped); once the server is back
/// the UI reconnects by itself, reloads, and writes work again.
final class ServerRestartTests: XCTestCase {
    func testARestartedServerIsReconnectedAndAWriteMeanwhileFailsClearly() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (the server's programs are needed)") }
        let cluster = try TestCluster()
        defer { cluster.stop() }
        let store = try PostgresStore(uri: cluster.uri, create: true)
        for p in UIFixtures.seoulPins { try store.insert(p) }
        let r = try UIFixtures.liveRunner(over: store, uri: cluster.uri)
        defer { r.stopLive() }
        let log = r.recordMessages()
        let listed = r.state.list.pins.map(\.title)
        XCTAssertEqual(listed.count, 5)

        try cluster.shutDown()
        XCTAssertTrue(r.wait(upTo: 3) { r.state.feedback.storeUnreachable }, "the watch saw the server go: \(log.messages)")
        XCTAssertEqual(r.state.feedback.message, "⚠ reconnecting…")
        XCTAssertEqual(r.state.list.pins.map(\.title), listed, "the last view stays")

        // A write meanwhile: refused at once, and said so.
        r.selectListed("Busan Tower")
        r.key(.char("d"))
        r.key(.char("y"))
        XCTAssertTrue(r.waitUntilIdle(timeout: 15), "the write does not hang")
        guard case .notice(let title, let message, let success, _)? = r.state.feedback.modal?.content else {
            return XCTFail("no notice: \(String(describing: r.state.feedback.modal?.content)), message \(r.state.feedback.message ?? "none")")
        }
        XCTAssertFalse(success)
        XCTAssertEqual(title, "Pin not deleted")
        // Refused without trying while the watch says the server is away (`StoreReachability`):
        // the reason is the watch's, the connection lost.
        XCTAssertEqual(message, "Deleting pin #5 failed: lost the connection to the PostgreSQL server; nothing was written (try again when it is back)")
        r.press(.escape)

        try cluster.startAgain()
        XCTAssertTrue(r.wait(upTo: 5) { !r.state.feedback.storeUnreachable }, "reconnected: \(log.messages)")
        XCTAssertEqual(log.messages, ["⚠ reconnecting…", "Reconnected to the store"],
                       "reads that failed meanwhile leave \"reconnecting…\"")
        let other = try PostgresStore(uri: cluster.uri)
        XCTAssertEqual(try other.pin(id: 5)?.title, "Busan Tower", "not deleted while the server was down")
        try other.insert(NewPin(title: "Added after the restart", latitude: 37.5, longitude: 127))
        XCTAssertTrue(r.wait(upTo: 2) { r.state.list.pins.contains { $0.title == "Added after the restart" } }, "reloaded: \(r.state.list.pins.map(\.title)) \(log.messages)")

        // Writes work again on the lanes' reconnected connections.
        r.show(.world)
        r.waitUntilIdle(timeout: 10)
        r.selectListed("Busan Tower")
        r.press(.char("d"), .char("y"))
        XCTAssertNil(try other.pin(id: 5), "deleted after the restart")
    }
}
