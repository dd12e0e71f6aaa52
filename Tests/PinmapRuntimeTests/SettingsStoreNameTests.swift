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

/// The Settings tab names the store: a file's path, or a server's host, port, database and
/// user, never the password the URI carries (PINMAP_TEST_PG_URL, always set by `.ci/run`).
final class SettingsStoreNameTests: XCTestCase {
    func testSettingsNameTheServerDatabaseAndUserWithoutThePassword() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        let fresh = try TestServer.freshStoreURI()
        addTeardownBlock { TestServer.dropDatabase(fresh) }
        // The tests' server trusts its clients: the password is carried, never needed.
        let database = PGLocation(uri: fresh).database, port = PGLocation(uri: fresh).port
        let uri = "postgresql://postgres:pw-Secret-42@127.0.0.1:\(port)/\(database)"
        let r = try UIFixtures.liveRunner(over: try PostgresStore(uri: uri), uri: uri)
        defer { r.stopLive() }
        r.press(.char("4"))
        // The store's facts come from a worker: on a loaded machine, after the tab's frame.
        _ = r.wait(upTo: 30) { r.frame().text().contains("server   ") }
        let text = r.frame().text()
        XCTAssertFalse(text.contains("pw-Secret-42"), text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let store = try XCTUnwrap(lines.firstIndex(of: "Store"), text)
        XCTAssertEqual(lines[store + 1], "server   postgresql://postgres@127.0.0.1:\(port)/\(database)")
    }
}
