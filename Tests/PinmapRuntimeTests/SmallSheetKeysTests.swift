import XCTest
import Frame
import GeoMap
import PinModel
import Sheet
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// Keys with the list focused while the list is inert (small detent) or while the sheet is
/// being dragged: direction keys act on the map at small, a drag changes nothing for keys,
/// and the inert notice answers only a key that means the list alone.
final class SmallSheetKeysTests: XCTestCase {
    private let inert = "The list is inert at small: K raises the sheet · m moves focus to the map"

    func testDirectionKeysWithTheListFocusedAtSmallPanTheMap() throws {
        let r = try UIFixtures.runner(detent: .small)
        let start = r.state.map.viewport.center
        let pane = r.state.layout.mapPane
        let step = max(1, Double(pane.width) / 8) * r.state.map.viewport.degreesPerColumn(paneWidth: pane.width)
        for (key, dLon, dLat) in [(Key.char("l"), step, 0.0), (.char("h"), 0, 0), (.right, step, 0), (.left, 0, 0)] {
            r.key(key)
            XCTAssertEqual(r.state.map.viewport.center.longitude, start.longitude + dLon, accuracy: 1e-9, "\(key)")
            XCTAssertEqual(r.state.map.viewport.center.latitude, start.latitude + dLat, accuracy: 1e-9, "\(key)")
            XCTAssertNil(r.state.feedback.message, "\(key)")
        }
        r.char("k")
        XCTAssertGreaterThan(r.state.map.viewport.center.latitude, start.latitude)
        r.key(.down)
        XCTAssertEqual(r.state.map.viewport.center.latitude, start.latitude, accuracy: 1e-9)
        XCTAssertNil(r.state.list.selectedID)
        XCTAssertEqual(r.state.focus, .list)
    }

    func testListOnlyKeysAtSmallSayTheListIsInert() throws {
        let r = try UIFixtures.runner(detent: .small)
        let before = r.state.map.viewport
        for key in [Key.pageUp, .pageDown, .home, .end] {
            r.key(key)
            XCTAssertEqual(r.state.feedback.message, inert, "\(key)")
            XCTAssertEqual(r.state.map.viewport, before)
            XCTAssertNil(r.state.list.selectedID)
        }
    }

    func testAKeyDuringADragFromMediumActsOnTheList() throws {
        let r = try UIFixtures.runner(detent: .medium)
        let grabber = 28 - r.state.sheet.height
        r.mouse(.press, col: 50, row: grabber, at: 0)
        r.mouse(.drag, col: 50, row: grabber - 2, at: 0.05)
        XCTAssertTrue(r.state.sheet.isDragging)
        r.char("j", at: 0.1)
        XCTAssertEqual(r.state.list.selectedPin?.title, "National Museum of Korea", "the row after the first, selected by itself")
        XCTAssertNotEqual(r.state.feedback.message, inert)
        r.char("m", at: 0.15)
        XCTAssertEqual(r.state.feedback.message, "Focus: map")
        r.char("m", at: 0.2)
        XCTAssertEqual(r.state.feedback.message, "Focus: list")
    }

    func testAKeyDuringADragFromSmallPansTheMap() throws {
        let r = try UIFixtures.runner(detent: .small)
        let start = r.state.map.viewport.center
        let grabber = 28 - r.state.sheet.height
        r.mouse(.press, col: 50, row: grabber, at: 0)
        r.mouse(.drag, col: 50, row: grabber - 2, at: 0.05)
        XCTAssertTrue(r.state.sheet.isDragging)
        r.char("l", at: 0.1)
        XCTAssertGreaterThan(r.state.map.viewport.center.longitude, start.longitude)
        XCTAssertNil(r.state.feedback.message)
        XCTAssertNil(r.state.list.selectedID)
    }
}
