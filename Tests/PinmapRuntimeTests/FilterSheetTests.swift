import XCTest
import Frame
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
import PinmapCoreTestSupport

final class FilterSheetTests: XCTestCase {
    func testFilterSheetListsCategoriesAndFiltersListAndMap() throws {
        let r = try UIFixtures.runner()
        XCTAssertEqual(r.state.list.inViewCount, 5)
        r.char("f")
        let t = r.text
        XCTAssertTrue(t.contains("Filter by category"), t)
        XCTAssertTrue(t.contains("☑ cafe  (1)"), t)
        XCTAssertTrue(t.contains("☑ landmark  (2)"), t)
        XCTAssertTrue(t.contains("☑ museum  (2)"), t)
        // Backdrop dimmed: a tab bar cell far from the card is dim.
        XCTAssertTrue(r.frame()[0, 0].style.dim)
        // Categories sorted: cafe, landmark, museum. Toggle museum off.
        r.char("j"); r.char("j"); r.char(" ")
        XCTAssertEqual(r.state.map.categoryFilter, ["cafe", "landmark"])
        XCTAssertEqual(r.state.list.inViewCount, 3)
        XCTAssertFalse(r.state.list.pins.contains { $0.category == "museum" })
        XCTAssertTrue(r.text.contains("☐ museum  (2)"))
        r.key(.escape)
        XCTAssertNil(r.state.feedback.modal)
        XCTAssertEqual(r.state.list.inViewCount, 3, "the filter stays after closing")
        XCTAssertTrue(r.text.contains("[Filter*]"))
        XCTAssertEqual(r.state.sheet.detent, .medium, "filtering changes the list, not the detent")
    }

    func testClickOnBackdropClosesAndFilterLabelOpens() throws {
        let r = try UIFixtures.runner()
        let top = 28 - r.state.sheet.height
        let labelCol = SheetView.filterLabelRange(cols: 100).lowerBound + 2
        r.mouse(.press, col: labelCol, row: top); r.mouse(.release, col: labelCol, row: top)
        XCTAssertNotNil(r.state.feedback.modal)
        r.mouse(.press, col: 5, row: 1); r.mouse(.release, col: 5, row: 1)
        XCTAssertNil(r.state.feedback.modal)
    }

    func testSlidesUpAndDownWithTime() throws {
        var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: false)
        state.receiveView(total: 3, categories: [("cafe", 1), ("park", 2)], inView: 3)
        _ = state.update(.input(.key(.char("f"))), now: 10)
        let full = state.feedback.modal!.presentation.height
        XCTAssertEqual(full, 3 + 2 + 1)
        XCTAssertLessThan(state.feedback.modal!.presentation.visibleRows(at: 10.1), full)
        _ = state.update(.tick, now: 10.3)
        XCTAssertEqual(state.feedback.modal!.presentation.visibleRows(at: 10.3), full)
        _ = state.update(.input(.key(.escape)), now: 11)
        XCTAssertNotNil(state.feedback.modal, "still sliding down")
        XCTAssertLessThan(state.feedback.modal!.presentation.visibleRows(at: 11.1), full)
        _ = state.update(.tick, now: 11.3)
        XCTAssertNil(state.feedback.modal)
    }

    func testDraggingTheCardDownCloses() throws {
        let r = try UIFixtures.runner()
        r.char("f")
        let card = r.state.feedback.modal!.presentation.rect(cols: 100, rows: 30, now: 0)
        r.mouse(.press, col: 50, row: card.y)
        r.mouse(.drag, col: 50, row: card.y + card.height / 2 + 1)
        r.mouse(.release, col: 50, row: card.y + card.height / 2 + 1)
        r.handle(.tick, now: 1)
        XCTAssertNil(r.state.feedback.modal)
    }

    func testNoticeLeavesByItself() throws {
        var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        state.feed(.pins(.written(.deleteMissing(id: 7))))  // a failure's notice
        XCTAssertTrue(state.render().text().contains("Pin not deleted"))
        _ = state.update(.tick, now: 2)
        XCTAssertNotNil(state.feedback.modal)
        _ = state.update(.tick, now: 4.5)
        XCTAssertNil(state.feedback.modal)
    }
}
