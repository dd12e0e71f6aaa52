import XCTest
import Frame
import GeoMap
import PinModel
import PinmapCore
import Sheet
import PinmapCoreTestSupport

/// Key hints that do not fit drop whole items from the end, never cut mid-word.
final class CutLineTests: XCTestCase {
    func testTheFilterHintDropsWholeItemsAt80Columns() {
        var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true)
        state.receiveView(total: 1, categories: [("cafe", 1)], inView: 1)
        _ = state.update(.input(.key(.char("f"))), now: 0)
        _ = state.update(.tick, now: 5)
        let lines = state.render().text().split(separator: "\n", omittingEmptySubsequences: false)
        let hint = lines.first { $0.contains("Space toggles") }.map { String($0).trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(hint, "Space toggles · a all · n none · Esc closes")
    }
}
