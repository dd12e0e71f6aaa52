import XCTest
import Foundation
import PinModel
import PinStore
import PinStorePostgres
@testable import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
@testable import PinmapCLI
import PostgresTesting

/// Live: another connection's import, edit and delete reach an open UI (worker lanes and
/// the change watch, as `pinmap` runs) within a second, without a key, and the status line
/// says who changed what; the UI's own writes are never announced as "elsewhere". On a
/// PostgreSQL store (LISTEN/NOTIFY; `.ci/run` always sets PINMAP_TEST_PG_URL) and a SQLite
/// file (`PRAGMA data_version`).
final class LiveChangesTests: XCTestCase {
    private var folder: TempFolder!

    override func setUpWithError() throws { folder = try TempFolder() }

    func testAServersChangesElsewhereReachTheUIWithinASecond() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        let uri = try TestServer.freshStoreURI()
        addTeardownBlock { TestServer.dropDatabase(uri) }
        let store = try PostgresStore(uri: uri)
        try checkLive(store: store, uri: uri, db: uri, other: try PostgresStore(uri: uri),
                      edited: "1 pin edited elsewhere", bulk: "5000 pins added elsewhere")
    }

    func testAFilesChangesByAnotherConnectionReachTheUIWithinASecond() throws {
        let path = folder.path + "/pins.sqlite"
        let store = try Store(path: path)
        // The file store tells only its number of pins: an edit is "pins changed".
        try checkLive(store: store, uri: nil, db: path, other: try Store(path: path),
                      edited: "Pins changed elsewhere", bulk: "5000 pins added elsewhere")
    }

    /// The same steps on either store: an import of 3 pins, an edit, a delete and an import
    /// of 5,000 elsewhere, each seen within a second; then the UI's own delete and add, never
    /// called "elsewhere".
    private func checkLive(store: any PinRepository, uri: String?, db: String, other: any PinRepository,
                           edited: String, bulk: String, line: UInt = #line) throws {
        for p in UIFixtures.seoulPins { try store.insert(p) }
        let r = try UIFixtures.liveRunner(over: store, uri: uri)
        defer { r.stopLive() }
        XCTAssertEqual(r.state.listCount, 5, line: line)
        let log = r.recordMessages()

        XCTAssertEqual(PinmapCLI.execute(["import", try csv("three", rows: 3), "--db", db]).code, 0, line: line)
        expect(r, "3 pins added elsewhere", line: line) { r.state.listCount == 8 }

        try other.update(id: 1, title: "전쟁기념관 (edited elsewhere)")
        expect(r, edited, line: line) { r.state.listed.contains { $0.title == "전쟁기념관 (edited elsewhere)" } }

        XCTAssertTrue(try other.delete(id: 4, ifVersion: nil), line: line)
        expect(r, "1 pin deleted elsewhere", line: line) { r.state.listCount == 7 }

        XCTAssertEqual(PinmapCLI.execute(["import", try csv("many", rows: 5_000), "--db", db]).code, 0, line: line)
        expect(r, bulk, line: line) { r.state.listCount == 5_007 }

        // The UI's own writes: a delete (confirmed) and an add; then a second's quiet.
        log.messages.removeAll()
        r.show(.world)
        r.waitUntilIdle(timeout: 10)
        r.selectListed("Busan Tower")
        r.press(.char("d"), .char("y"))
        XCTAssertNil(try r.store.pin(id: 5), "deleted by the UI", line: line)
        _ = r.wait(upTo: 1.0) { false }
        XCTAssertEqual(log.messages.filter { $0.contains("elsewhere") }, [], "own writes are not another's: \(log.messages)", line: line)
        XCTAssertEqual(try other.count(), 5_006, line: line)
    }

    /// Waits at most one second for `message` on the status line and `done`.
    private func expect(_ r: AppRunner, _ message: String, line: UInt, _ done: () -> Bool) {
        let start = Date()
        let ok = r.wait(upTo: 1.0) { r.state.message == message && done() }
        XCTAssertTrue(ok, "after \(Date().timeIntervalSince(start)) s: message \(r.state.message ?? "none"), \(r.state.listCount) pins listed",
                      line: line)
        if ok { XCTAssertEqual(r.line(r.state.layout.statusRow).trimmingCharacters(in: .whitespaces), message, line: line) }
    }

    /// A CSV of `rows` pins near Seoul, in the test's folder.
    private func csv(_ name: String, rows: Int) throws -> String {
        var text = "title,lat,lon\n"
        for i in 0..<rows { text += "\(name) \(i),\(37 + Double(i % 100) / 100),\(126.5 + Double(i / 100) / 100)\n" }
        let path = folder.path + "/\(name).csv"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
