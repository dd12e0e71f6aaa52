import XCTest
import Frame
import GeoMap
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// Through the UI: after `g Tokyo` the pins there are named on the map
/// (their titles read by the runtime for the lone pins with room: `MapCellView.name`), the
/// pin titled Tokyo instead of the gazetteer's Tokyo; hovering a named pin or its name says
/// its title. Whole frames against `Frames/tokyo-*.txt` (regenerated as FrameGolden.swift says).
final class PinTitlesUITests: XCTestCase {
    static let pins = [
        NewPin(title: "Tokyo", category: "city", latitude: 35.6895, longitude: 139.6917, createdAt: "2024-01-01T00:00:00Z"),
        NewPin(title: "Tokyo Tower", category: "landmark", latitude: 35.6586, longitude: 139.7454, createdAt: "2024-01-02T00:00:00Z"),
        NewPin(title: "Tokyo International Airport", category: "airport", latitude: 35.5523, longitude: 139.7798,
               createdAt: "2024-01-03T00:00:00Z"),
        NewPin(title: "Narita International Airport", category: "airport", latitude: 35.7647, longitude: 140.3863,
               createdAt: "2024-01-04T00:00:00Z"),
        NewPin(title: "Yokohama", category: "city", latitude: 35.4437, longitude: 139.6380, createdAt: "2024-01-05T00:00:00Z"),
    ]

    /// The UI builds the place index on a thread at start-up; here it is built first.
    override func setUp() { Gazetteer.prepareSearch() }

    private func flownToTokyo() throws -> AppRunner {
        let r = try UIFixtures.runner(pins: Self.pins)
        r.char("g"); r.type("Tokyo")
        r.key(.enter)
        XCTAssertEqual(r.state.feedback.message, "Tokyo, Japan")
        return r
    }

    func testPinsAreNamedAfterGoingToTokyo() throws {
        let r = try flownToTokyo()
        FrameGolden.check(r.frame(), "tokyo-named")
    }

    func testHoveringANamedPinSaysItsTitle() throws {
        let r = try flownToTokyo()
        let pane = r.state.layout.mapPane
        let tower = r.state.map.viewport.cell(for: GeoPoint(latitude: 35.6586, longitude: 139.7454), pane: pane)
        let (col, row) = (Int(tower.col.rounded(.down)), Int(tower.row.rounded(.down)))
        r.mouse(.move, .none, col: col, row: row)
        FrameGolden.check(r.frame(), "tokyo-hover-pin")
        // Over the name's last letter, the same.
        let line = r.frame().line(row)
        let name = try XCTUnwrap(line.range(of: "Tokyo Tower"), "the pin is named")
        let end = DisplayWidth.of(String(line[..<name.upperBound])) - 1
        r.mouse(.move, .none, col: end, row: row)
        XCTAssertTrue(r.frame().line(r.state.layout.rows - 2).contains("● pin: Tokyo Tower"), r.frame().line(r.state.layout.rows - 2))
    }
}
