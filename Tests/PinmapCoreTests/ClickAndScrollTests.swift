import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// Settings clicks, the filter sheet's scroll.
final class ClickAndScrollTests: XCTestCase {
    func testAClickOnASettingsRowChangesIt() {
        var state = AppState(cols: 100, rows: 30, color: false, reducedMotion: true)
        state.feed(.showTab(.settings))
        let first = SettingsView.firstSettingRow(state, area: Rect(x: 0, y: 0, width: 100, height: 28))
        XCTAssertTrue(state.render().line(first + 1).contains("Reduced motion"), state.render().line(first + 1))
        let effects = state.update(.input(.mouse(MouseEvent(.press, .left, col: 10, row: first + 1))), now: 0)
        // Persisted, and the tab's store facts read again (as after every event on Settings).
        XCTAssertEqual(effects, [.persist(key: SettingKey.reducedMotion, value: "0"), .loadStoreInfo])
        XCTAssertEqual(state.settingsTab.cursor, 1)
        XCTAssertFalse(state.sheet.reducedMotion)
    }

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
