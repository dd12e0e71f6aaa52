import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// The filter sheet scrolls when its categories do not fit.
final class FilterSheetScrollTests: XCTestCase {
    func testTheFilterSheetScrollsWhenItsCategoriesDoNotFit() {
        var state = AppState(cols: 40, rows: 12, color: false, reducedMotion: true)
        state.receiveView(total: 45, categories: (1...9).map { ("cat\($0)", $0) }, inView: 45)
        _ = state.update(.input(.key(.char("f"))), now: 0)
        for _ in 0..<8 { _ = state.update(.input(.key(.char("j"))), now: 0) }
        let text = state.render().text()
        XCTAssertTrue(text.contains("cat9  (9)"), "the ninth category shows once the cursor reaches it:\n\(text)")
        XCTAssertFalse(text.contains("cat1  (1)"), text)
    }
}
