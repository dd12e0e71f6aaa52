import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// The keys under a pop-up's buttons drop whole items to fit a narrow card, as every other
/// hint does: at 40 columns the delete pop-up's read "y deletes · ←→ choose · Enter · Esc canc".
final class ConfirmHintFitTests: XCTestCase {
    private func popupRows(cols: Int, rows: Int, language: Language) -> [String] {
        var state = AppState(cols: cols, rows: rows, detent: .medium, color: false, reducedMotion: true, environment: AppEnvironment(language: language))
        state.receiveView(total: 1, inView: 1, listed: [Pin(id: 7, title: "T", latitude: 1, longitude: 2, createdAt: "", updatedAt: "")])
        state.press(.char("d"))
        let frame = state.render()
        return (rows - 8..<rows).map { frame.line($0) }
    }

    func testANarrowCardDropsWholeHintItems() {
        XCTAssertEqual(popupRows(cols: 40, rows: 16, language: .english), [
            "─────────────── ━━━━━━━━ ───────────────",
            "              Delete “T”?",
            "     The pin and its comments go; u",
            "   brings the last deleted pin back.",
            "",
            "        [ Delete ]   [ Cancel ]",
            "     y deletes · ←→ choose · Enter",
            "",
        ])
        XCTAssertEqual(popupRows(cols: 34, rows: 16, language: .korean)[6], "    y 삭제 · ←→ 고르기 · Enter")
    }

    func testAWideCardKeepsTheWholeHint() {
        XCTAssertEqual(popupRows(cols: 80, rows: 24, language: .english)[7],
                       "                  y deletes · ←→ choose · Enter · Esc cancels")
    }
}
