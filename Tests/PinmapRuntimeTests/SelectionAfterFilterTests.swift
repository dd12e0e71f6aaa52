import XCTest
import Frame
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// A filter that hides the selected pin: the list (focused, above small) selects its first row
/// left by itself, as it always does, once the filter sheet closes.
final class SelectionAfterFilterTests: XCTestCase {
    /// The pin the user chose, hidden by the filter, is not selected; the Esc closing the
    /// filter sheet is their next input, so the first row left is selected by itself (as the
    /// tick removing the sliding sheet did; with reduced motion nothing did until `j`).
    func testTheEscClosingTheFilterSelectsTheFirstRowLeft() throws {
        let r = try UIFixtures.runner()
        r.selectListed("Garosu-gil coffee")
        XCTAssertEqual([r.state.list.selectedPin?.title, r.state.focus.label], ["Garosu-gil coffee", "list"])
        r.filterCategories(keeping: ["landmark", "museum"])
        XCTAssertFalse(r.state.list.pins.contains { $0.title == "Garosu-gil coffee" })
        let newFirst = try XCTUnwrap(r.state.list.pins.first)
        XCTAssertEqual(r.state.list.selectedPin?.title, newFirst.title)
        r.key(.enter)
        guard case .detail(let d)? = r.state.feedback.modal?.content else { return XCTFail("Enter opens no pin: \(r.text)") }
        XCTAssertEqual(d.pin.title, newFirst.title)
    }

    /// The row the list selected by itself (the first run's) hidden by the filter gives way to
    /// the first row left: it stayed selected unseen, and Enter said "Select a pin first".
    func testAFilterHidingTheRowSelectedByItselfSelectsTheNewFirstRow() throws {
        let r = try UIFixtures.runner()
        let first = try XCTUnwrap(r.state.list.selectedPin, "the first row is selected by itself: \(r.text)")
        let categories = Set(r.state.map.categoryCounts.map(\.name)).subtracting([first.category])
        r.filterCategories(keeping: categories)
        XCTAssertFalse(r.state.list.pins.contains { $0.id == first.id }, "the filter hides \(first.title)")
        let newFirst = try XCTUnwrap(r.state.list.pins.first)
        XCTAssertEqual(r.state.list.selectedPin?.title, newFirst.title)
        XCTAssertEqual(r.frame().line(r.state.layout.sheetRect(height: r.state.sheet.height).y + SheetView.headerRows).prefix(3), " ◉ ")
        r.key(.enter)
        guard case .detail(let d)? = r.state.feedback.modal?.content else { return XCTFail("Enter opens no pin: \(r.text)") }
        XCTAssertEqual(d.pin.title, newFirst.title)
    }
}
