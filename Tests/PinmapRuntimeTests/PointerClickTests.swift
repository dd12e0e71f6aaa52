import XCTest
import Frame
import GeoMap
import Sheet
import PinmapCore
@testable import PinmapRuntime
@testable import PinmapCLI
import PinmapTestSupport
import PinStore

/// A click is a pointer position, and a map or sheet
/// moving under a still mouse recomputes what the status line says is under it.
final class PointerClickTests: XCTestCase {
    func testAClickOnTheListLeavesNoStalePointer() throws {
        let r = try UIFixtures.sqliteRunner()
        r.mouse(.move, .none, col: 30, row: 5, at: 0)
        XCTAssertTrue(r.state.statusPoint.underPointer)
        let row = r.state.sheetTop + SheetView.headerRows + 1
        r.mouse(.press, col: 10, row: row, at: 1)
        r.mouse(.release, col: 10, row: row, at: 1.05)
        XCTAssertFalse(r.state.statusPoint.underPointer, "the mouse is on the list: the centre")
        XCTAssertEqual(r.state.statusPoint.point, r.state.visibleMapCentre)
    }

    func testTheSheetMovingUnderAStillMouseRecomputesWhatIsUnderIt() throws {
        let r = try UIFixtures.sqliteRunner()
        r.mouse(.move, .none, col: 30, row: 5, at: 0)
        let grabber = r.state.sheetTop
        r.mouse(.press, col: 50, row: grabber, at: 1)
        r.mouse(.release, col: 50, row: grabber, at: 1.05)
        r.handle(.tick, now: 3)
        XCTAssertEqual(r.state.sheet.detent, .large, "a tap on the medium sheet's grabber raises it")
        XCTAssertFalse(r.state.statusPoint.underPointer, "the sheet rose under the mouse: the centre, not (30, 5)")
        let top = r.state.sheetTop
        r.mouse(.press, col: 50, row: top, at: 4)
        r.mouse(.release, col: 50, row: top, at: 4.05)
        r.handle(.tick, now: 6)
        XCTAssertGreaterThan(r.state.sheetTop, top, "the sheet went down under the mouse")
        let under = r.state.map.viewport.point(col: 50.5, row: Double(top) + 0.5, pane: r.state.layout.mapPane)
        XCTAssertTrue(r.state.statusPoint.underPointer)
        XCTAssertEqual(r.state.statusPoint.point, under, "the map cell under the mouse, not the old (30, 5)")
    }
}
