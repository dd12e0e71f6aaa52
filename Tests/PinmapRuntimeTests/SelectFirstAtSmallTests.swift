import XCTest
import Frame
import PinmapCore
import PinmapRuntime
import PinmapTestSupport

/// `e` or `d` with no pin selected at the small detent: the list takes no keys there (j/k pan
/// the map), so the hint names `K`, which raises it, not "j/k in the list".
final class SelectFirstAtSmallTests: XCTestCase {
    func testTheHintAtSmallNamesTheKeyThatRaisesTheList() throws {
        let runner = try FrameGolden.runner(cols: 100, rows: 30, places: .english, in: self)
        runner.char("S")
        runner.char("e")
        XCTAssertNil(runner.state.list.selectedID)
        FrameGolden.check(runner.frame(), "select-first-small")
    }

    func testTheKoreanHintAtSmallNamesTheKeyThatRaisesTheList() throws {
        Strings.language = .korean
        defer { Strings.language = .english }
        let runner = try FrameGolden.runner(cols: 100, rows: 30, places: .korean, in: self)
        runner.char("S")
        runner.char("d")
        FrameGolden.check(runner.frame(), "ko-select-first-small")
    }
}
