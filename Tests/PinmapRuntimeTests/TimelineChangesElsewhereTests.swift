import XCTest
import Foundation
import PinModel
import PinStore
import PinStorePostgres
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
import PostgresTesting
import PinmapCoreTestSupport

/// Pins another program adds while the UI runs reach the Timeline as they reach the map
/// and the list: opened after them, it shows the newest pin's month (as a fresh UI and
/// `pinmap render --tab timeline` do), not the month the UI started on. Both stores.
final class TimelineChangesElsewhereTests: XCTestCase {
    private var folder: TempFolder!

    override func setUpWithError() throws { folder = try makeTempFolder() }

    func testOnAFileTheTimelineOpensOnAPinAddedElsewhere() throws {
        let path = folder.path + "/pins.sqlite"
        try check(store: try Store(path: path), uri: nil, other: try Store(path: path))
    }

    func testOnAServerTheTimelineOpensOnAPinAddedElsewhere() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        let uri = try TestServer.freshStoreURI()
        addTeardownBlock { TestServer.dropDatabase(uri) }
        try check(store: try PostgresStore(uri: uri), uri: uri, other: try PostgresStore(uri: uri))
    }

    /// The Timeline on screen keeps the month being read (its counts are read again); off
    /// screen it opens on the newest pin's month again after pins added, or after a change
    /// not counted (which pins is not known), not after an edit alone.
    func testOnlyATimelineOffScreenOpensAgainOnTheNewestPin() {
        func restarts(tab: Tab, _ change: StoreChange) -> Bool {
            var s = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
            s.feed(.showTab(tab))
            return s.update(.store(.changedElsewhere(change)), now: 0).contains(.restartTimeline)
        }
        XCTAssertTrue(restarts(tab: .map, StoreChange(added: 1)))
        XCTAssertTrue(restarts(tab: .settings, StoreChange(counted: false)))
        XCTAssertFalse(restarts(tab: .map, StoreChange(edited: 1)))
        XCTAssertFalse(restarts(tab: .timeline, StoreChange(added: 1)))
    }

    /// The UI starts on the Seoul pins (newest: July 2023); another connection adds a pin
    /// created in December 2026; `2` then shows December 2026 with that pin on its day.
    private func check(store: any PinRepository, uri: String?, other: any PinRepository, line: UInt = #line) throws {
        for p in UIFixtures.seoulPins { try store.insert(p) }
        let r = try UIFixtures.liveRunner(over: store, uri: uri)
        defer { r.stopLive() }
        XCTAssertEqual(r.state.timeline.dateString, "2023-07-01", "the newest pin's day at the start", line: line)
        try other.insert(NewPin(title: "Added elsewhere", latitude: 37.55, longitude: 126.99,
                                createdAt: "2026-12-06T09:30:00Z"))
        XCTAssertTrue(r.wait(upTo: 5) { r.state.feedback.message == "1 pin added elsewhere" }, line: line)
        r.press(.char("2"))
        XCTAssertEqual(r.text, Self.december, line: line)
    }

    static let december = """

                                            ‹  December 2026  ›

                                  Mo    Tu    We    Th    Fr    Sa    Su
                                         1     2     3     4     5     6•
                                   7     8     9    10    11    12    13
                                  14    15    16    17    18    19    20
                                  21    22    23    24    25    26    27
                                  28    29    30    31


      2026-12-06: 1 pin · Enter shows it on the map
       09:30  Added elsewhere














     ←→ day · ↑↓ week · < > month · j/k pins · Enter shows on map · ? help
     medium · 6 of 6 pins in view · Busan Tower                                                  ? help
              1 Map                 2 Timeline                3 Import                4 Settings
    """
}
