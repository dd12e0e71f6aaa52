import XCTest
import Frame
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

final class TimelineSettingsTests: XCTestCase {
    func testTimelineOpensAtNewestPinMonthWithDayMarkers() throws {
        let r = try UIFixtures.runner()
        r.char("2")
        let t = r.text
        // Newest fixture pin: Busan Tower, 2023-07-01 (a Saturday).
        XCTAssertTrue(t.contains("July 2023"), t)
        XCTAssertTrue(t.contains("  1•"), t)
        XCTAssertTrue(t.contains("2023-07-01: 1 pin"), t)
        XCTAssertTrue(t.contains("Busan Tower"))
        XCTAssertEqual(r.state.timeline.dayCounts, [1: 1])
    }

    func testTimelineMovesThroughMonthsAndEnterJumpsToTheMap() throws {
        let r = try UIFixtures.runner()
        r.char("2")
        r.key(.pageUp)  // June 2023
        XCTAssertTrue(r.text.contains("June 2023"))
        XCTAssertEqual(r.state.timeline.dayCounts, [22: 1])
        // Walk to the 22nd: from day 1 → +21 days.
        for _ in 0..<21 { r.key(.right) }
        XCTAssertTrue(r.text.contains("2023-06-22: 1 pin"), r.text)
        r.key(.enter)
        XCTAssertEqual(r.state.tab, .map)
        XCTAssertEqual(r.state.list.selectedPin?.title, "National Museum of Korea")
        XCTAssertTrue(r.line(28).contains("National Museum of Korea"))
    }

    func testClickingADaySelectsIt() throws {
        let r = try UIFixtures.runner()
        r.char("2")
        let g = TimelineView.gridOrigin(area: r.state.layout.timelineArea)
        // July 2023 starts on a Saturday (column 5); the 4th is Tuesday of week 2.
        r.mouse(.press, col: g.x + 1 * TimelineState.cellWidth + 2, row: g.y + 1)
        XCTAssertEqual(r.state.timeline.day, 4)
    }

    func testSettingsShowStoreAndChangeSensitivity() throws {
        let r = try UIFixtures.runner()
        r.char("4")
        var t = r.text
        XCTAssertTrue(t.contains("5 pins"), t)
        XCTAssertTrue(t.contains("Drag sensitivity  × 1"), t)
        r.key(.enter)
        t = r.text
        XCTAssertTrue(t.contains("Drag sensitivity  × 2"), t)
        XCTAssertEqual(try r.store.setting(SettingKey.sensitivity), "2.0")
        r.char("j"); r.key(.enter)
        XCTAssertTrue(r.state.sheet.reducedMotion == false)
        XCTAssertEqual(try r.store.setting(SettingKey.reducedMotion), "0")
        XCTAssertTrue(r.text.contains("Made with Natural Earth"))
    }
}
