import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// A save that waits (a lock held elsewhere: up to the server's `lock_timeout`, 5 s) says so:
/// once a pin or comment write has been on its way `SavesInFlight.shownAfter` (0.3 s), the
/// status line says "Saving…" (the detail page, which covers it, in its footer) until the
/// write's outcome comes. From the pure core: the write's effect is left unanswered, the clock
/// moves by ticks, and the outcome is fed as the runtime would feed it.
final class SavingStatusTests: XCTestCase {
    private let pins = [
        Pin(id: 1, title: "Gimpo International Airport", category: "airport", latitude: 37.558311, longitude: 126.794694,
            createdAt: "2025-03-01T09:00:00+09:00", updatedAt: "2025-03-01T09:00:00+09:00", version: 1),
        Pin(id: 2, title: "Seoul Station", category: "station", latitude: 37.5547, longitude: 126.9707,
            createdAt: "2025-03-02T09:00:00+09:00", updatedAt: "2025-03-02T09:00:00+09:00", version: 1),
    ]

    /// Two Seoul pins listed on the large sheet (the world behind it), the first selected.
    private func listed(cols: Int = 80, rows: Int = 24, language: Language = .english) -> AppState {
        var s = AppState(cols: cols, rows: rows, detent: .large, color: false, reducedMotion: true,
                         environment: AppEnvironment(language: language))
        s.receiveView(total: 2, inView: 2, listed: pins)
        return s
    }

    /// `d` `y` at 10 s: the selected pin's delete leaves (and is left unanswered).
    private func deleteAsked(_ s: inout AppState) {
        s.press(.char("d"), now: 10)
        XCTAssertEqual(s.update(.input(.key(.char("y"))), now: 10).filter(\.isPinWrite), [.deletePin(id: 1, ifVersion: 1)])
    }

    func testADeleteThatWaitsSaysSavingFromAThirdOfASecondUntilItsOutcome() {
        var s = listed()
        deleteAsked(&s)
        let asked = s.render().text()
        XCTAssertTrue(s.needsTicks, "time alone will show it: the loop ticks")
        s.feed(.tick, now: 10.29)
        XCTAssertEqual(s.render().text(), asked, "a quick save shows nothing")
        s.feed(.tick, now: 10.3)
        XCTAssertEqual(s.render().text(), """
        180W         120W         60W           0E           60E          120E


        ⠁            ⠁       ⢀⣀⣀⣀⡀⠈   ⣀⣀⣀⣀⡀     ⠁            ⠁            ⠈
        ─ large ─────────────────────────── ━━━━━━━━ ──────────────────────────[Filter]─
        ▸ Pins in view: 2 · newest first
         ◉ Gimpo International Airport near Bucheon-si, KR      airport      2025-03-01
         • Seoul Station               near Seoul, KR           station      2025-03-02














         large · 2 of 2 pins in view · [list] · centre open sea · 90N 0E · z1   Saving…
               1 Map             2 Timeline           3 Import           4 Settings
        """)
        XCTAssertFalse(s.needsTicks, "shown: nothing more for time to do")

        s.feed(.pins(.written(.deleted(DeletedPin(pin: pins[0])))), now: 12)
        XCTAssertEqual(s.loads.saves.count, 0)
        XCTAssertEqual(s.render().text(), """
        180W         120W         60W           0E           60E          120E


        ⠁            ⠁       ⢀⣀⣀⣀⡀⠈   ⣀⣀⣀⣀⡀     ⠁            ⠁            ⠈
        ─ large ─────────────────────────── ━━━━━━━━ ──────────────────────────[Filter]─
        ▸ Pins in view: 2 · newest first
         • Gimpo International Airport near Bucheon-si, KR      airport      2025-03-01
         • Seoul Station               near Seoul, KR           station      2025-03-02









        ─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────
                                          Pin deleted
                    “Gimpo International Airport” is gone · u brings it back
                                    any key or click closes

         large · 2 of 2 pins in view · [list] · centre open sea · 90N 0E · z1    ? help
               1 Map             2 Timeline           3 Import           4 Settings
        """, "the notice, and \"Saving…\" gone with the wait")
    }

    /// In Korean at 100×30, with a message standing (`s`: the list's order) after it.
    func testInKoreanAfterAMessage() {
        var s = listed(cols: 100, rows: 30, language: .korean)
        deleteAsked(&s)
        s.press(.char("s"), now: 10.1)
        s.feed(.tick, now: 10.4)
        XCTAssertEqual(s.render().text(), """
        180W            120W             60W              0E              60E              120E




        ⠁               ⠈⢀⣀⣀⢀⣀⣀⣴⣲⣶⡶⠏⣉⣭⣭⣿⠒⠒⠒⠒⠒⠚⠉⠉⠉⠛⠛⠲⢶⠶⠒   ⠁Norway⠤    ⠤⠤⠄ ⠈        ⠤⣔⣤⣀⡀   ⠁
        ─ 크게 ────────────────────────────────────── ━━━━━━━━ ──────────────────────────────────────[필터]─
        ▸ 보이는 핀: 2 · 제목순
         ◉ Gimpo International Airport                     Bucheon-si 근처, KR      airport      2025-03-01
         • Seoul Station                                   Seoul 근처, KR           station      2025-03-02


















         크게 · 보이는 핀 2/2개 · [목록] · 중심 바다 · 90N 0E · z1   저장하는 중… · 정렬: 제목순
                 1 지도                 2 타임라인               3 가져오기                 4 설정
        """)
    }

    /// A comment added on the detail page, which covers the status line: its footer says it.
    func testACommentThatWaitsSaysSavingInTheDetailPagesFooter() {
        var s = listed()
        s.press(.enter, now: 1)
        s.feed(.pins(.commentsLoaded(pinID: 1, .success([]), after: .none)), now: 1)
        s.press(.char("c"), now: 2)
        s.type("Long queue at gate 3", now: 2)
        XCTAssertEqual(s.update(.input(.key(.enter)), now: 20).filter(\.isPinWrite),
                       [.addComment(pinID: 1, body: "Long queue at gate 3")])
        s.feed(.tick, now: 20.5)
        XCTAssertEqual(s.render().text(), """
        180W         120W         60W           0E           60E          120E

        ─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────
          Gimpo International Airport  ·  airport                        #1  Esc closes
          37.558311, 126.794694  ·  37°33′29.9″N 126°47′40.9″E  ·  near Bucheon-si, KR
          Created 2025-03-01 09:00 +09:00  ·  Updated 2025-03-01 09:00 +09:00

          (no description)                             ╭─ 5.6° across ────────────────╮
                                                       │   ⢀⡰⠁         ⢀⠤⠔⠒⠒⠢⠔⠊⠈⢆     │
                                                       │   ⠲⠋⠽⠭⡄⣀⠖⠤⣄⢤⣀⡔⠁         ⠣⣀   │
                                                       │       ⠉   ⠁⠘⠚⡆◉           ⠱⡀ │
                                                       │             Seoul          ⠱⡀│
                                                       │           ⢰⣊⡁⠉⠋             ⡇│
                                                       ╰──────────────────────────────╯

          Comments (0)  c add · x delete · j/k move
            No comments yet: press c to add one






          Saving…
        """)
        let comment = Comment(id: 9, pinID: 1, body: "Long queue at gate 3", createdAt: "2025-03-03T00:00:00Z")
        s.feed(.pins(.commentsLoaded(pinID: 1, .success([comment]), after: .added)), now: 24)
        XCTAssertEqual(s.render().text().components(separatedBy: "\n").suffix(2), ["", "  Comment added"],
                       "the footer says how the write ended")
    }

    /// Writes in a row wait on one lane: the second's wait counts from the first's answer, and
    /// "Saving…" stays until the last is answered.
    func testWritesInARowCountFromTheAnswerBefore() {
        var s = listed()
        deleteAsked(&s)
        s.press(.char("j"), now: 10.1)
        s.press(.char("d"), now: 10.1)
        XCTAssertEqual(s.update(.input(.key(.char("y"))), now: 10.1).filter(\.isPinWrite), [.deletePin(id: 2, ifVersion: 1)])
        s.feed(.tick, now: 10.3)
        XCTAssertEqual(statusLine(s), " large · 2 of 2 pins in view · [list] · centre near Seoul, KR · z1   Saving…")
        s.feed(.pins(.written(.deleted(DeletedPin(pin: pins[0])))), now: 10.5)
        XCTAssertEqual(statusLine(s), " large · 2 of 2 pins in view · [list] · centre near Seoul, KR · z1 · Seoul Stat…")
        s.feed(.tick, now: 10.79)
        XCTAssertEqual(statusLine(s), " large · 2 of 2 pins in view · [list] · centre near Seoul, KR · z1 · Seoul Stat…")
        s.feed(.tick, now: 10.8)
        XCTAssertEqual(statusLine(s), " large · 2 of 2 pins in view · [list] · centre near Seoul, KR · z1   Saving…")
        s.feed(.pins(.written(.deleted(DeletedPin(pin: pins[1])))), now: 11)
        XCTAssertEqual(statusLine(s), " large · 2 of 2 pins in view · [list] · centre near Seoul, KR · z1       ? help")
    }

    private func statusLine(_ s: AppState) -> String { s.render().line(s.layout.statusRow) }
}

extension Effect {
    /// A pin or comment write.
    fileprivate var isPinWrite: Bool {
        switch self {
        case .addPin, .updatePin, .deletePin, .restorePin, .addComment, .deleteComment: return true
        default: return false
        }
    }
}
