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

/// The server stops while the UI is open (a cluster of the test's own): the Timeline and
/// Settings keep what they last read, as the map keeps its last view, never "no pins" or
/// "0 B 0 pins, none yet"; what they never read says so; the status line says
/// "reconnecting…" on every tab; once the server is back both are read again. Whole frames
/// at 80×24 (the cluster's folder and port, and the store's size, masked).
final class TabsWhileUnreachableTests: XCTestCase {
    func testTimelineAndSettingsKeepWhatTheyReadWhileTheServerIsAway() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (the server's programs are needed)") }
        let cluster = try TestCluster()
        defer { cluster.stop() }
        let store = try PostgresStore(uri: cluster.uri, create: true)
        for p in UIFixtures.seoulPins { try store.insert(p) }
        let r = try UIFixtures.liveRunner(over: store, uri: cluster.uri, cols: 80, rows: 24)
        defer { r.stopLive() }
        func shown() -> String {
            Self.namingTheCluster(r.text)
                .replacingOccurrences(of: #"size     [0-9.]+ kB"#, with: "size     <size>", options: .regularExpression)
        }
        r.press(.char("2"))
        XCTAssertEqual(shown(), Self.timeline(day: Self.busanTowerDay, status: Self.counts))

        try cluster.shutDown()
        XCTAssertTrue(r.wait(upTo: 3) { r.state.feedback.storeUnreachable }, "the watch saw the server go")
        r.press(.char("4"))  // never read: not "0 B 0 pins", "none yet"
        XCTAssertEqual(shown(), Self.settings(size: "not read yet", imports: "not read yet", status: Self.reconnecting))
        r.press(.char("2"))  // read before the server went: it stays, and the status line says why
        XCTAssertEqual(shown(), Self.timeline(day: Self.busanTowerDay, status: Self.reconnecting))
        r.press(.right)  // a day never read: said so, not "no pins"
        XCTAssertEqual(shown(), Self.timeline(day: "  2023-07-02: not read yet\n", status: Self.reconnecting))

        try cluster.startAgain()
        XCTAssertTrue(r.wait(upTo: 5) { !r.state.feedback.storeUnreachable }, "reconnected")
        r.waitUntilIdle(timeout: 10)
        XCTAssertEqual(shown(), Self.timeline(day: "  2023-07-02: no pins\n", status: " medium · 5 of 5 pins in view · Busan Tower   Reconnected to the store"),
                       "read again once reconnected")
        r.press(.char("4"))
        let read = Self.settings(size: "<size>   5 pins", imports: "none yet", status: Self.counts)
        XCTAssertEqual(shown(), read, "read again once reconnected")

        // Gone again while Settings is on screen: what it read stays.
        try cluster.shutDown()
        XCTAssertTrue(r.wait(upTo: 3) { r.state.feedback.storeUnreachable }, "the watch saw the server go again")
        r.waitUntilIdle(timeout: 10)
        XCTAssertEqual(shown(), Self.settings(size: "<size>   5 pins", imports: "none yet", status: Self.reconnecting))
    }

    static let counts = " medium · 5 of 5 pins in view · Busan Tower" + String(repeating: " ", count: 30) + "? help"
    static let reconnecting = " medium · 5 of 5 pins in view · Busan Tower   ⚠ reconnecting…"
    static let busanTowerDay = "  2023-07-01: 1 pin · Enter shows it on the map\n   10:00  Busan Tower"

    /// The Timeline on July 2023 (a pin on the 1st) with `day`'s lines under the month.
    static func timeline(day: String, status: String) -> String {
        """

                                        ‹  July 2023  ›

                            Mo    Tu    We    Th    Fr    Sa    Su
                                                           1•    2
                             3     4     5     6     7     8     9
                            10    11    12    13    14    15    16
                            17    18    19    20    21    22    23
                            24    25    26    27    28    29    30
                            31

        \(day)








         ←→ day · ↑↓ week · < > month · j/k pins · Enter shows on map · ? help
        \(status)
               1 Map             2 Timeline           3 Import           4 Settings
        """
    }

    /// `text` with the Settings tab's server line naming the cluster as `<the cluster's URI>`,
    /// and each line it goes on to (before an `&`, under the value column) as `<…>`: its socket
    /// folder is a temporary one, its port the first free one. At 80 columns the URI of a
    /// cluster under /tmp (`…?host=/tmp/pinmap-test-pg-1a2b3c4d/socket&port=54500&user=postgres`)
    /// takes two lines.
    static func namingTheCluster(_ text: String) -> String {
        text.replacingOccurrences(of: #"server   postgresql:\S+"#, with: "server   <the cluster's URI>", options: .regularExpression)
            .replacingOccurrences(of: #"(?m)^ {11}[?&]\S+$"#, with: "           <…>", options: .regularExpression)
    }

    /// The Settings tab of the cluster's store, its URI on two lines (through a socket
    /// folder under /tmp) or one (`tcp`: `postgresql://postgres@127.0.0.1:54560/pins`): the
    /// rows below move down by the second, and the last line of the credits leaves the frame.
    static func settings(size: String, imports: String, status: String, tcp: Bool = false) -> String {
        """

          Store
          server   <the cluster's URI>\(tcp ? "" : "\n           <…>")
          size     \(size)
          imports  \(imports)

          Settings  (↑↓ move · Enter/Space/←→ change · click)
          ▸ Drag sensitivity  × 1  (0.5 less, 1 normal, 2 more)
            Reduced motion    on: sheets move instantly
            Map mode          braille (2×4 dots per cell)
            Colour            off
            Place names       English
            Export pins       [csv] geojson gpx kml gpkg (←/→ format, Enter writes it
                              in the current folder)
            Sheet detent: medium (remembered across runs)

          Data
          Coastlines, borders and countries: Made with Natural Earth (public domain).
          Cities: contains data from GeoNames (geonames.org), CC BY 4.0.
          City-zoom coast, lakes and rivers: GSHHG 2.3.7 and WDBII (Wessel & Smith),\(tcp ? "\n  LGPL-3." : "")
         ↑↓ move · Enter/Space/←→ change · click a row · ? help
        \(status)
               1 Map             2 Timeline           3 Import           4 Settings
        """
    }
}
