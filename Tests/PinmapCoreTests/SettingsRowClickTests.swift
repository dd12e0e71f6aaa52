import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// A click on a Settings row changes it.
final class SettingsRowClickTests: XCTestCase {
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
}
