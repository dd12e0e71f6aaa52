import XCTest
import Frame
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// Rows without a category (imported airports and cities) give the category column no
/// cells: it kept 12 blank cells at 100 columns and cut "near Winnipeg, CA" to "near Winnipeg…".
final class UncategorizedListColumnsTests: XCTestCase {
    func testNoCategoryShownTakesNoCells() {
        let plain = ListColumns(width: 100, titleWidth: 60, placeWidth: 17, hasCategory: false)
        XCTAssertEqual([plain.title, plain.place, plain.note, plain.category, plain.last], [60, 23, 0, 0, 10])
        let categorized = ListColumns(width: 100, titleWidth: 60, placeWidth: 17)
        XCTAssertEqual([categorized.title, categorized.place, categorized.category], [60, 11, 12])
    }

    func testTheListShowsThePlaceWholeWhereNoRowHasACategory() throws {
        let pins = [NewPin(title: "Winnipeg James Armstrong Richardson International Airport", latitude: 49.9100, longitude: -97.2399,
                           createdAt: "2026-12-07T20:18:00Z")]
        let r = try UIFixtures.runner(pins: pins, environment: AppEnvironment(language: .english))
        let top = r.state.layout.sheetRect(height: r.state.sheet.height).y + SheetView.headerRows
        XCTAssertEqual(r.line(top), " ◉ Winnipeg James Armstrong Richardson International Airport   near Winnipeg, CA         2026-12-07")
    }
}
