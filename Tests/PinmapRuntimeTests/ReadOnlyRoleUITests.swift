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

/// A PostgreSQL role that may only read (SELECT) opens the UI, browses and searches the
/// pins; a write says plainly that the role may not make it, and nothing is written
/// (PINMAP_TEST_PG_URL, always set by `.ci/run`).
final class ReadOnlyRoleUITests: XCTestCase {
    func testAReaderBrowsesAndSearchesAndAWriteSaysTheRoleMayOnlyRead() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        let uri = try TestServer.freshStoreURI()
        addTeardownBlock { TestServer.dropDatabase(uri) }
        let owner = try PostgresStore(uri: uri)
        for p in UIFixtures.seoulPins { try owner.insert(p) }
        let (role, reader) = try TestServer.readerRole(on: uri)
        addTeardownBlock { TestServer.dropReader(role, uri: uri) }

        let r = try UIFixtures.liveRunner(over: try PostgresStore(uri: reader), uri: reader)
        defer { r.stopLive() }
        XCTAssertEqual(r.state.list.pins.map(\.title), ["Busan Tower", "National Museum of Korea", "전쟁기념관", "Hongdae, busking street", "Garosu-gil coffee"])
        r.press(.char("/"))
        r.type("museum")
        r.waitUntilIdle(timeout: 10)
        r.press(.enter)
        XCTAssertEqual(r.state.list.pins.map(\.title), ["National Museum of Korea", "전쟁기념관"], "searched")
        r.press(.escape)

        r.selectListed("Busan Tower")
        r.press(.char("d"), .char("y"))
        guard case .notice(let title, let message, let success, _)? = r.state.feedback.modal?.content else {
            return XCTFail("no notice: \(String(describing: r.state.feedback.modal?.content)), message \(r.state.feedback.message ?? "none")")
        }
        XCTAssertFalse(success)
        XCTAssertEqual([title, message], ["Pin not deleted", "Deleting pin #5 failed: this PostgreSQL role may not make this write (permission denied for table pins); ask the server's owner for the rights it needs"])
        XCTAssertEqual(try owner.count(), 5)
    }
}
