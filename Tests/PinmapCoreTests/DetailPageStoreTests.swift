import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// The detail page covers the status line, so what the status line would say of the store
/// the page says on its footer: the outage and the reconnection, a pin deleted by another
/// process (its write keys withdrawn), and a comment whose add failed (kept in its field
/// under the failure). From the pure core: the reads' answers are fed as events.
final class DetailPageStoreTests: XCTestCase {
    private let pin = Pin(id: 1, title: "Gimpo International Airport", category: "airport", latitude: 37.558311,
                          longitude: 126.794694, createdAt: "2025-03-01T09:00:00+09:00",
                          updatedAt: "2025-03-01T09:00:00+09:00", version: 1)
    private let comment = Comment(id: 4, pinID: 1, body: "Long queue at gate 3", createdAt: "2025-03-03T00:00:00Z")
    /// What a lane fails with while the server does not answer.
    private let hung = StoreError("the PostgreSQL server did not answer within 2 s", kind: .notAnswering(seconds: 2))

    /// The pin's detail page at 80×24 with its one comment read, in `language`.
    private func opened(language: Language = .english) -> AppState {
        var s = AppState(cols: 80, rows: 24, detent: .large, color: false, reducedMotion: true,
                         environment: AppEnvironment(language: language))
        s.receiveView(total: 1, inView: 1, listed: [pin])
        s.press(.enter, now: 1)
        s.feed(.pins(.commentsLoaded(pinID: 1, .success([comment]), after: .none)), now: 1)
        return s
    }

    /// An idle page when the server stops answering (the watch's `unreachable`): the footer
    /// tells the outage as the status line does, then "Reconnected" once the store is back.
    func testAnIdlePageTellsTheOutageAndTheReconnection() {
        var s = opened()
        s.feed(.store(.unreachable(hung)), now: 2)
        let outage = """
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

          Comments (1)  c add · x delete · j/k move
          ▸ 2025-03-03  Long queue at gate 3






          ⚠ reconnecting…
        """
        XCTAssertEqual(s.render().text(), outage)
        s.feed(.store(.changedElsewhere(StoreChange(counted: false))), now: 9)
        // The same page, its footer told the store is back.
        XCTAssertEqual(s.render().text(), outage.replacingOccurrences(of: "⚠ reconnecting…", with: "Reconnected to the store"))
    }

    /// A pin deleted by another process while its page is open: the change is read again,
    /// the read finds no pin, and the page says so; `c`, `x`, `e`, `d` write nothing, Esc closes.
    func testAPinDeletedElsewhereSaysSoAndTakesNoWriteKeys() {
        var s = opened()
        let fx = s.update(.store(.changedElsewhere(StoreChange(deleted: 1))), now: 2)
        XCTAssertEqual(fx.filter { if case .reloadComments = $0 { true } else { false } }, [.reloadComments(pinID: 1)])
        s.feed(.pins(.commentsLoaded(pinID: 1, .failure(StoreError.pinGone(1)), after: .elsewhere)), now: 2)
        let gone = s.render().text()
        XCTAssertEqual(gone, """
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

          Comments (1)
          ▸ 2025-03-03  Long queue at gate 3






          This pin was deleted elsewhere · Esc closes
        """)
        for key: Key in [.char("c"), .char("x"), .char("e"), .char("d")] {
            XCTAssertEqual(s.update(.input(.key(key)), now: 3), [], "\(key) writes nothing")
            XCTAssertEqual(s.render().text(), gone, "\(key) leaves the page as it was")
        }
        s.press(.escape, now: 4)
        XCTAssertFalse(s.render().text().contains("#1  Esc closes"), "Esc closes the page")
    }

    /// The same in Korean, through the strings tables.
    func testAPinDeletedElsewhereInKorean() {
        var s = opened(language: .korean)
        _ = s.update(.store(.changedElsewhere(StoreChange(deleted: 1))), now: 2)
        s.feed(.pins(.commentsLoaded(pinID: 1, .failure(StoreError.pinGone(1)), after: .elsewhere)), now: 2)
        XCTAssertEqual(s.render().text(), """
        180W         120W         60W           0E           60E          120E

        ─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────
          Gimpo International Airport  ·  airport                          #1  Esc 닫기
          37.558311, 126.794694  ·  37°33′29.9″N 126°47′40.9″E  ·  Bucheon-si 근처, KR
          만든 때 2025-03-01 09:00 +09:00  ·  고친 때 2025-03-01 09:00 +09:00

          (설명 없음)                                  ╭─ 폭 5.6° ────────────────────╮
                                                       │   ⢀⡰⠁         ⢀⠤⠔⠒⠒⠢⠔⠊⠈⢆     │
                                                       │   ⠲⠋⠽⠭⡄⣀⠖⠤⣄⢤⣀⡔⠁         ⠣⣀   │
                                                       │       ⠉   ⠁⠘⠚⡆◉           ⠱⡀ │
                                                       │             Seoul          ⠱⡀│
                                                       │           ⢰⣊⡁⠉⠋             ⡇│
                                                       ╰──────────────────────────────╯

          댓글 (1)
          ▸ 2025-03-03  Long queue at gate 3






          이 핀은 다른 곳에서 삭제되었습니다 · Esc 닫기
        """)
    }

    /// A comment whose add failed (the store busy behind another writer's lock): the field
    /// comes back with the text typed under the failure, and Enter sends it again.
    func testAFailedCommentComesBackInItsFieldAndEnterTriesAgain() {
        var s = opened()
        s.press(.char("c"), now: 2)
        s.type("Closed for works", now: 2)
        XCTAssertEqual(s.update(.input(.key(.enter)), now: 2).filter { if case .addComment = $0 { true } else { false } },
                       [.addComment(pinID: 1, body: "Closed for works")])
        let busy = StoreError("database is locked", kind: .busy(holder: nil, pid: nil, seconds: 5))
        s.feed(.pins(.commentsLoaded(pinID: 1, .success([comment]), after: .addFailed(busy))), now: 8)
        XCTAssertEqual(s.render().text(), """
        180W         120W         60W           0E           60E          120E

        ─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────
          Gimpo International Airport  ·  airport                        #1  Esc closes
          37.558311, 126.794694  ·  37°33′29.9″N 126°47′40.9″E  ·  near Bucheon-si, KR
          Created 2025-03-01 09:00 +09:00  ·  Updated 2025-03-01 09:00 +09:00

          (no description)                             ╭─ 5.6° across ────────────────╮
                                                       │   ⣐⡮⢤⠤  ⣀    ⢀⠔⠉⠉  ⠉⠉  ⠑⡄    │
                                                       │   ⠈ ⠉⠉⠧⠒⠁⠉⠗⢹⣲⡃· Seoul   ⠈⠒⢄  │
                                                       │              ⢣◉           ⠈⢆ │
                                                       │           ⢀⡠⠖⠬⡦            ⠈⡆│
                                                       ╰──────────────────────────────╯

          Comments (1)  c add · x delete · j/k move
          ▸ 2025-03-03  Long queue at gate 3





          Adding the comment failed: the store is busy: another process is writing to
          it; waited 5 s; try again when it finishes
          New comment: Closed for works                        Enter adds · Esc cancels
        """)
        XCTAssertEqual(s.update(.input(.key(.enter)), now: 9).filter { if case .addComment = $0 { true } else { false } },
                       [.addComment(pinID: 1, body: "Closed for works")], "Enter tries the same text again")
    }
}
