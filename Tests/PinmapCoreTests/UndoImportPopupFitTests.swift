import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// The undo-import pop-up's sentence fits 80 columns whole in Korean, up to a million pins
/// (it read "… 핀이 있으면 지우지 않습니…" at 80×24 for the 45 sample pins).
final class UndoImportPopupFitTests: XCTestCase {
    private func popup(pins: Int, language: Language) -> String {
        var state = AppState(cols: 80, rows: 24, color: false, reducedMotion: true, environment: AppEnvironment(language: language))
        var info = StoreInfo()
        info.path = "/home/me/pins.sqlite"
        info.sizeBytes = 4_096
        info.pinCount = pins
        info.batches = [RecentImport(id: 1, file: "/data/a.csv", importedAt: "2026-12-07T03:50:00Z", imported: pins, pinsLeft: pins)]
        state.feed(.showTab(.settings))
        state.feed(.store(.infoLoaded(info)))
        state.press(.up)
        state.press(.enter)
        let frame = state.render()
        return (18...23).map { frame.line($0) }.joined(separator: "\n")
    }

    func testTheSentenceIsWholeInKoreanAndEnglish() {
        XCTAssertEqual(popup(pins: 45, language: .korean), """
            ─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────
                                   “a.csv” 가져오기(#1)를 되돌릴까요?
                    핀 45개가 지워집니다. 그 뒤에 고치거나 댓글을 단 핀은 남습니다.

                                        [ 되돌리기 ]   [ 취소 ]
                               y 되돌리기 · ←→ 고르기 · Enter · Esc 취소
            """)
        XCTAssertEqual(popup(pins: 1_000_000, language: .korean).components(separatedBy: "\n")[2],
                       "      핀 1000000개가 지워집니다. 그 뒤에 고치거나 댓글을 단 핀은 남습니다.")
        XCTAssertEqual(popup(pins: 1_000_000, language: .english).components(separatedBy: "\n")[2],
                       "        Its 1000000 pins go, unless some were edited or commented since.")
    }
}
