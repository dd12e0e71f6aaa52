import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapRuntime
import PinmapTestSupport

/// The conflict pop-up keeps both versions in view however long their titles are: each title
/// is cut to its column (theirs, yours), where it parts from the other.
final class ConflictLongTitlesTests: XCTestCase {
    private let theirs = "다른 곳에서 바꾼 아주아주 긴 제목을 가진 핀입니다 한국어로 된 아주 긴 제목이 대화상자에"
    private let mine = "아주아주 긴 제목을 가진 핀입니다 한국어로 된 아주 긴 제목이 대화상자에 어떻게 보이는지!"

    /// Pin 1 opened in the edit form and retitled `mine` while another process retitles it `theirs`.
    private func conflict(cols: Int, rows: Int) throws -> AppRunner {
        let r = try UIFixtures.runner(cols: cols, rows: rows)
        r.selectListed("전쟁기념관")
        r.char("e")
        r.key(.ctrl("u")); r.type(mine)
        try r.store.update(id: 1, title: theirs)  // elsewhere, meanwhile
        r.key(.ctrl("s"))
        return r
    }

    func testBothKoreanTitlesKeepTheirColumnsAt80Columns() throws {
        Strings.language = .korean
        defer { Strings.language = .english }
        let f = try conflict(cols: 80, rows: 24).frame()
        XCTAssertEqual((17..<24).map { f.line($0) }, [
            "─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────",
            "  “다른 곳에서 바꾼 아주아주 긴 제목…”이(가) 연 뒤에 다른 곳에서 바뀌었습니다",
            "         다른 쪽                            내 것",
            "  제목   다른 곳에서 바꾼 아주아주 긴 제…   아주아주 긴 제목을 가진 핀입니다…",
            "",
            "                       [ 내 것 유지 ]   [ 다른 쪽 받기 ]",
            "    y 내 것 유지 · t 다른 쪽 받기 · Esc 수정으로 돌아가기 · ←→ Enter 고르기",
        ])
    }

    /// Two edits of the same long title that differ only at its end: each is shown from the
    /// word where they part, so the row says what differs (not "War Memorial of Korea, the lo…"
    /// twice).
    func testTitlesThatDifferAtTheEndShowTheirDifference() throws {
        let r = try UIFixtures.runner(cols: 80, rows: 24)
        r.selectListed("전쟁기념관")
        r.char("e")
        r.key(.ctrl("u")); r.type("War Memorial of Korea, the long title (edited here)")
        try r.store.update(id: 1, title: "War Memorial of Korea, the long title (edited elsewhere)")
        r.key(.ctrl("s"))
        let f = r.frame()
        XCTAssertEqual((17..<24).map { f.line($0) }, [
            "─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────",
            "  “War Memorial of Korea, the long tit…” changed elsewhere since you opened it",
            "                theirs                          yours",
            "  title         …title (edited elsewhere)       …title (edited here)",
            "",
            "                        [ Keep mine ]   [ Take theirs ]",
            "    y keeps mine · t takes theirs · Esc back to your edit · ←→ Enter choose",
        ])
    }
}
