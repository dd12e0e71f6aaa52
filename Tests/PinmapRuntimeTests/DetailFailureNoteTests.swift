import XCTest
import Frame
import PinModel
import PinModelTesting
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// A failed comment write on the detail page is wrapped whole on the page's last rows, as
/// the add form and the delete notice wrap it: it once ran off the right edge at 100×30,
/// "…(permission denied for t", the advice lost.
final class DetailFailureNoteTests: XCTestCase {
    private func commentRefused(language: Language, cols: Int = 100, rows: Int = 30) throws -> AppRunner {
        let store = InMemoryPinRepository()
        store.clock = ManualClock("2026-01-01T00:00:00Z").clock  // the page shows when the pin was written
        for pin in UIFixtures.seoulPins { try store.insert(pin) }
        let r = try UIFixtures.runner(over: store, cols: cols, rows: rows, environment: AppEnvironment(language: language))
        r.selectListed("전쟁기념관")
        r.key(.enter)
        r.char("c")
        r.type("great planes")
        store.failingWrites = KoreanStoreErrorTests.readOnlyRole
        r.key(.enter)
        return r
    }

    func testARefusedCommentIsWrappedWhole() throws {
        XCTAssertEqual(try commentRefused(language: .english).text, """
                          0E               60E              120E            180E             120W
                          ⠈                ⠁                ⠁               ⠈                ⠁                ⠁
            ───────────────────────────────────────────── ━━━━━━━━ ─────────────────────────────────────────────
              전쟁기념관  ·  museum                                                              #1  Esc closes
              37.5365, 126.9772  ·  37°32′11.4″N 126°58′37.9″E  ·  near Seoul, KR
              Created 2023-05-05 13:20 +09:00  ·  Updated 2026-01-01 09:00 +09:00

              야외 전시 비행기 구경                                    ╭─ 5.6° across ────────────────────────╮
                                                                       │    ⢠⠒⠁            ⢀⣀⣀⣀⣀⣀⣀⣀⠎⠉⢆        │
                                                                       │   ⢐⠮⠤⢤⠄  ⢀      ⢀⠔⠁         ⠈⢢       │
                                                                       │   ⠉⠁⠈⠓⠒⣄⠤⠃⠑⠒⡤⠲⣦⡼Seoul         ⠑⢄     │
                                                                       │               ⠙⢹⡀ ◉             ⠱⡀   │
                                                                       │                 ⢜                ⠑⡄  │
                                                                       │             ⢀⠔⠒⠉⠲⡳⠄               ⢸  │
                                                                       │             ⠑⢲⡲⡀                  ⢸  │
                                                                       ╰──────────────────────────────────────╯

              Comments (0)  c add · x delete · j/k move
                No comments yet: press c to add one








              Adding the comment failed: this PostgreSQL role may not make this write (permission denied for
              table pins); ask the server's owner for the rights it needs
              New comment: great planes                                                Enter adds · Esc cancels
            """)
    }

    func testARefusedCommentIsWrappedWholeInKorean() throws {
        XCTAssertEqual(try commentRefused(language: .korean).text, """
                          0E               60E              120E            180E             120W
                          ⠈                ⠁                ⠁               ⠈                ⠁                ⠁
            ───────────────────────────────────────────── ━━━━━━━━ ─────────────────────────────────────────────
              전쟁기념관  ·  museum                                                                #1  Esc 닫기
              37.5365, 126.9772  ·  37°32′11.4″N 126°58′37.9″E  ·  Seoul 근처, KR
              만든 때 2023-05-05 13:20 +09:00  ·  고친 때 2026-01-01 09:00 +09:00

              야외 전시 비행기 구경                                    ╭─ 폭 5.6° ────────────────────────────╮
                                                                       │    ⢠⠒⠁            ⢀⣀⣀⣀⣀⣀⣀⣀⠎⠉⢆        │
                                                                       │   ⢐⠮⠤⢤⠄  ⢀      ⢀⠔⠁         ⠈⢢       │
                                                                       │   ⠉⠁⠈⠓⠒⣄⠤⠃⠑⠒⡤⠲⣦⡼Seoul         ⠑⢄     │
                                                                       │               ⠙⢹⡀ ◉             ⠱⡀   │
                                                                       │                 ⢜                ⠑⡄  │
                                                                       │             ⢀⠔⠒⠉⠲⡳⠄               ⢸  │
                                                                       │             ⠑⢲⡲⡀                  ⢸  │
                                                                       ╰──────────────────────────────────────╯

              댓글 (0)  c 추가 · x 삭제 · j/k 이동
                아직 댓글이 없습니다: c로 추가








              댓글 추가에 실패했습니다: 이 PostgreSQL 역할에는 이 쓰기 권한이 없습니다 (permission denied for
              table pins). 서버 소유자에게 필요한 권한을 요청하세요
              새 댓글: great planes                                                       Enter 추가 · Esc 취소
            """)
    }

    /// On a small page the note takes at most a third of its rows, its last cut with "…".
    func testOnASmallPageTheNoteTakesAThirdOfItsRows() throws {
        XCTAssertEqual(try commentRefused(language: .english, cols: 40, rows: 14).text, """
            ⢀⣀⣀⣀ 0E     60E    120E  180E   120W ⣀⣀⡀
            ⡍⣀⣩⣿⡉⠈ ⣛⣿⣤⣈⣹⣶⢶⡴⠒⠛⠛⠲⠶⠦⠶⠶⠤⢤⢤⣄⣠⡤⠤⣤⠤⢶⣿⣿⣿⣿⣿⣟⣻
            ─────────────── ━━━━━━━━ ───────────────
              전쟁기념관  ·  museum  #1  Esc closes
              37.5365, 126.9772  ·  37°32′11.4″N 126
              Created 2023-05-05 13:20 +09:00  ·  Up

              야외 전시 비행기 구경

              Comments (0)  c add · x delete · j/k m
              Adding the comment failed: this
              PostgreSQL role may not make this
              write (permission denied for table …
              New comment:  planes   Enter adds · Es
            """)
    }
}
