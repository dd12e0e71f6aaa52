import XCTest
import Frame
import PinmapCore
import PinmapRuntime
import PinmapTestSupport

/// Enter on the Timeline shows the pin on the map even when a kept search or the category
/// filter would hide it (the Timeline lists every pin): before, the map centred on a pin it
/// did not draw ("0 of 45 pins in view", the list empty).
final class TimelineRevealTests: XCTestCase {
    func testAKeptSearchThatHidesThePinIsCleared() throws {
        let runner = try FrameGolden.runner(cols: 100, rows: 30, places: .english, in: self)
        runner.char("/")
        runner.type("종묘")
        runner.key(.enter)
        XCTAssertEqual(runner.state.search.text, "종묘")
        runner.char("2")
        runner.key(.enter)  // the newest day's pin: Seongsu-dong cafe street, no match for 종묘
        XCTAssertEqual(runner.state.search.text, "")
        XCTAssertEqual(runner.state.list.selectedPin?.title, "Seongsu-dong cafe street")
        FrameGolden.check(runner.frame(), "timeline-reveal")
    }

    func testTheFilterLetsThePinsCategoryThrough() throws {
        let runner = try FrameGolden.runner(cols: 100, rows: 30, places: .english, in: self)
        runner.char("f")
        runner.char("n")  // none
        runner.key(.escape)
        XCTAssertEqual(runner.state.map.categoryFilter, [])
        runner.char("2")
        runner.key(.enter)
        XCTAssertEqual(runner.state.map.categoryFilter, ["cafe"], "the other categories stay hidden")
        XCTAssertEqual(runner.state.list.selectedPin?.title, "Seongsu-dong cafe street")
        XCTAssertEqual(runner.state.list.inViewCount, 4, "the 4 cafés are drawn")
    }
}
