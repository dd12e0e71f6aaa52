import XCTest
import Frame
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// A detail page whose comments could not be read (the server stopped answering) reads them
/// again when the store is back (the change watch's reconnection, `changedElsewhere` after
/// `unreachable`), and the footer's failure goes with it. Only then: a failure is not read
/// again on every other change. From the pure core: the reads' answers are fed as events.
final class DetailCommentsRetryTests: XCTestCase {
    private let pin = Pin(id: 1, title: "Gimpo International Airport", category: "airport", latitude: 37.558311,
                          longitude: 126.794694, createdAt: "2025-03-01T09:00:00+09:00",
                          updatedAt: "2025-03-01T09:00:00+09:00", version: 1)
    private let comment = Comment(id: 4, pinID: 1, body: "Long queue at gate 3", createdAt: "2025-03-03T00:00:00Z")
    /// What the lanes fail with while the server does not answer.
    private let hung = StoreError("the PostgreSQL server did not answer within 2 s", kind: .notAnswering(seconds: 2))

    /// The pin's detail page at 80×24, opened (Enter) while the server does not answer: its
    /// comments' read failed.
    private func openedWhileAway() -> AppState {
        var s = AppState(cols: 80, rows: 24, detent: .large, color: false, reducedMotion: true)
        s.receiveView(total: 1, inView: 1, listed: [pin])
        s.feed(.store(.unreachable(hung)), now: 1)
        XCTAssertEqual(s.update(.input(.key(.enter)), now: 2).filter(\.readsComments), [.loadComments(pinID: 1)])
        s.feed(.pins(.commentsLoaded(pinID: 1, .failure(hung), after: .none)), now: 2)
        return s
    }

    /// The page's rows from its comments' header down.
    private func comments(_ s: AppState) -> [String] {
        Array(s.render().text().components(separatedBy: "\n").drop { !$0.hasPrefix("  Comments (") })
    }

    func testCommentsThatFailedAreReadAgainOnceReconnected() {
        var s = openedWhileAway()
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

          Comments (…)  c add · x delete · j/k move






          ⚠ reconnecting…
          Could not load the comments: the PostgreSQL server did not answer within 2 s
          (stopped or cut off); read again once it answers
        """)
        let back = s.update(.store(.changedElsewhere(StoreChange(counted: false))), now: 8)
        XCTAssertEqual(back.filter(\.readsComments), [.loadComments(pinID: 1)], "the comments and the properties, read again")
        s.feed(.pins(.propertiesLoaded(pinID: 1, [PinProperty(key: "icao", value: "RKSS")])), now: 8)
        s.feed(.pins(.commentsLoaded(pinID: 1, .success([comment]), after: .none)), now: 8)
        XCTAssertEqual(s.render().text(), """
        180W         120W         60W           0E           60E          120E

        ─────────────────────────────────── ━━━━━━━━ ───────────────────────────────────
          Gimpo International Airport  ·  airport                        #1  Esc closes
          37.558311, 126.794694  ·  37°33′29.9″N 126°47′40.9″E  ·  near Bucheon-si, KR
          Created 2025-03-01 09:00 +09:00  ·  Updated 2025-03-01 09:00 +09:00

          (no description)                             ╭─ 5.6° across ────────────────╮
                                                       │   ⢀⡰⠁         ⢀⠤⠔⠒⠒⠢⠔⠊⠈⢆     │
          icao: RKSS                                   │   ⠲⠋⠽⠭⡄⣀⠖⠤⣄⢤⣀⡔⠁         ⠣⣀   │
                                                       │       ⠉   ⠁⠘⠚⡆◉           ⠱⡀ │
                                                       │             Seoul          ⠱⡀│
                                                       │           ⢰⣊⡁⠉⠋             ⡇│
                                                       ╰──────────────────────────────╯

          Comments (1)  c add · x delete · j/k move
          ▸ 2025-03-03  Long queue at gate 3






          Reconnected to the store
        """)
    }

    /// Another change while the server answers (a pin added elsewhere) does not read a failed
    /// page again: only the reconnection does, so a read that keeps failing is not repeated
    /// with every write elsewhere.
    func testACountedChangeDoesNotReadAFailedPageAgain() {
        var s = openedWhileAway()
        _ = s.update(.store(.changedElsewhere(StoreChange(counted: false))), now: 8)
        s.feed(.pins(.commentsLoaded(pinID: 1, .failure(hung), after: .none)), now: 8)  // failed again
        XCTAssertEqual(s.update(.store(.changedElsewhere(StoreChange(added: 1))), now: 9).filter(\.readsComments), [])
        XCTAssertEqual(comments(s).suffix(2), [
            "  Could not load the comments: the PostgreSQL server did not answer within 2 s",
            "  (stopped or cut off); read again once it answers",
        ], "a read's failure: it never says nothing was written")
    }

    /// Comments read before, then a comment that could not be added while the server was
    /// away: the footer tells the outage and the add's failure over the comment typed (kept for
    /// Enter); the reconnection reads them again and the failure's note goes.
    func testALoadedPageWhoseReadFailedIsReadAgainAndTheNoteGoes() {
        var s = AppState(cols: 80, rows: 24, detent: .large, color: false, reducedMotion: true)
        s.receiveView(total: 1, inView: 1, listed: [pin])
        s.press(.enter, now: 1)
        s.feed(.pins(.commentsLoaded(pinID: 1, .success([comment]), after: .none)), now: 1)
        s.feed(.store(.unreachable(hung)), now: 2)
        s.press(.char("c"), now: 3)
        s.type("Closed", now: 3)
        s.press(.enter, now: 3)
        s.feed(.pins(.commentsLoaded(pinID: 1, .failure(hung), after: .addFailed(hung))), now: 3)
        XCTAssertEqual(comments(s), [
            "  Comments (1)  c add · x delete · j/k move",
            "  ▸ 2025-03-03  Long queue at gate 3",
            "", "", "", "",
            "  ⚠ reconnecting…",
            "  Adding the comment failed: the PostgreSQL server did not answer within 2 s",
            "  (stopped or cut off); nothing was written (try again when it answers)",
            "  New comment: Closed                                  Enter adds · Esc cancels",
        ], "the add's own failure (a write: nothing was written), not the read's after it; the text typed kept")
        let back = s.update(.store(.changedElsewhere(StoreChange(counted: false))), now: 8)
        XCTAssertEqual(back.filter(\.readsComments), [.reloadComments(pinID: 1)])
        s.feed(.pins(.commentsLoaded(pinID: 1, .success([comment]), after: .elsewhere)), now: 8)
        XCTAssertEqual(comments(s), [
            "  Comments (1)  c add · x delete · j/k move",
            "  ▸ 2025-03-03  Long queue at gate 3",
            "", "", "", "", "",
            "  Reconnected to the store",
            "  New comment: Closed                                  Enter adds · Esc cancels",
        ], "the comments as the store has them, the failure gone for the reconnection, the comment still typed for Enter")
    }
}

extension Effect {
    /// A read of a pin's comments.
    fileprivate var readsComments: Bool {
        switch self {
        case .loadComments, .reloadComments: return true
        default: return false
        }
    }
}
