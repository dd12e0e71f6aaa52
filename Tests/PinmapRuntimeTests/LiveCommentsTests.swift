import XCTest
import Foundation
import Frame
import PinModel
import PinModelTesting
import PinStore
import PinStorePostgres
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport
@testable import PinmapCLI
import PostgresTesting

/// Live: a comment another connection adds to, or deletes from, the pin whose detail page is
/// open shows on the page without a key, and the page's footer (which covers the status
/// line) says what came and went, on either store. The page once kept "Comments (0)" until
/// it was closed and opened again.
final class LiveCommentsTests: XCTestCase {
    private var folder: TempFolder!

    override func setUpWithError() throws { folder = try makeTempFolder() }

    /// A check of the UI's `store` and `other` connection to it: two connections to one file.
    private typealias Check = (_ store: any PinRepository, _ uri: String?, _ other: any PinRepository, _ line: UInt) throws -> Void

    private func inAFile(_ check: Check, line: UInt = #line) throws {
        let path = folder.path + "/pins.sqlite"
        let clock = ManualClock("2026-01-01T00:00:00Z")
        try check(try Store(path: path, clock: clock.clock), nil, try Store(path: path, clock: clock.clock), line)
    }

    /// The same on a fresh server store (skipped without one).
    private func onAServer(_ check: Check, line: UInt = #line) throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        let uri = try TestServer.freshStoreURI()
        addTeardownBlock { TestServer.dropDatabase(uri) }
        let clock = ManualClock("2026-01-01T00:00:00Z")
        try check(try PostgresStore(uri: uri, clock: clock.clock), uri, try PostgresStore(uri: uri, clock: clock.clock), line)
    }

    func testAFilesCommentsElsewhereReachTheOpenPage() throws { try inAFile(checkLive) }

    func testAServersCommentsElsewhereReachTheOpenPage() throws { try onAServer(checkLive) }

    /// A pin deleted elsewhere with its 3 comments, then restored with them: the status line
    /// counts all 3 each time, on either store (it said "1 comment": PostgreSQL folds alike
    /// announcements of one transaction into one, and the file did not count a cascade).
    func testAFilesPinDeletedWithItsCommentsCountsThemAll() throws { try inAFile(checkCascade) }

    func testAServersPinDeletedWithItsCommentsCountsThemAll() throws { try onAServer(checkCascade) }

    private func checkCascade(store: any PinRepository, uri: String?, other: any PinRepository, line: UInt = #line) throws {
        for p in UIFixtures.seoulPins { try store.insert(p) }
        for body in ["one", "two", "three"] { _ = try other.addComment(pinID: 1, body: body) }
        var deleted: DeletedPin?
        do {
            let r = try UIFixtures.liveRunner(over: store, uri: uri)
            defer { r.stopLive() }
            deleted = try other.deleteForUndo(id: 1, ifVersion: nil)
            // The pin by the title the list showed, its comments counted.
            let told = " medium · 4 of 4 pins in view · [list] · z1   “전쟁기념관” deleted, 3 comments deleted elsewhere"
            XCTAssertTrue(r.wait(upTo: 5) { r.line(r.state.layout.statusRow) == told }, line: line)
            XCTAssertEqual(r.line(r.state.layout.statusRow), told, line: line)
        }
        let r = try UIFixtures.liveRunner(over: store, uri: uri)
        defer { r.stopLive() }
        XCTAssertEqual(try other.restore(try XCTUnwrap(deleted, line: line)), 1, line: line)
        XCTAssertTrue(r.wait(upTo: 5) { r.state.list.totalCount == 5 && r.state.feedback.message != nil }, line: line)
        XCTAssertEqual(r.state.feedback.message, "1 pin added, 3 comments added elsewhere", line: line)
        XCTAssertEqual(try other.comments(pinID: 1).count, 3, line: line)
    }

    private func checkLive(store: any PinRepository, uri: String?, other: any PinRepository, line: UInt = #line) throws {
        for p in UIFixtures.seoulPins { try store.insert(p) }
        let first = try other.addComment(pinID: 1, body: "first visit")
        let r = try UIFixtures.liveRunner(over: store, uri: uri)
        defer { r.stopLive() }
        r.selectListed("전쟁기념관")
        r.press(.enter)
        XCTAssertEqual(r.text, Self.page + """


              Comments (1)  c add · x delete · j/k move
              ▸ 2026-01-01  first visit









              e edit · d delete pin · c comment · x delete comment · Esc closes
            """, line: line)

        _ = try other.addComment(pinID: 1, body: "live comment")
        let added = Self.page + """


              Comments (2)  c add · x delete · j/k move
              ▸ 2026-01-01  first visit
                2026-01-01  live comment








              1 comment added elsewhere
            """
        XCTAssertTrue(r.wait(upTo: 5) { r.text == added }, "the page stays on the selected comment, says what came", line: line)
        XCTAssertEqual(r.text, added, line: line)

        XCTAssertEqual(try other.deleteComment(id: first)?.id, first, line: line)
        let deleted = Self.page + """


              Comments (1)  c add · x delete · j/k move
              ▸ 2026-01-01  live comment









              1 comment deleted elsewhere
            """
        XCTAssertTrue(r.wait(upTo: 5) { r.text == deleted }, line: line)
        XCTAssertEqual(r.text, deleted, line: line)
        r.press(.escape)
        XCTAssertEqual(r.line(r.state.layout.statusRow), " medium · 5 of 5 pins in view · [list] · z1   1 comment added, 1 comment deleted elsewhere",
                       "the status line, under the page", line: line)
    }

    /// The UI over `store` (the Seoul pins) on the page of pin 1, 전쟁기념관, to which `other` added a comment.
    private func pageWithAComment(_ store: any PinRepository, uri: String?, other: any PinRepository) throws -> AppRunner {
        for p in UIFixtures.seoulPins { try store.insert(p) }
        _ = try other.addComment(pinID: 1, body: "first visit")
        let r = try UIFixtures.liveRunner(over: store, uri: uri)
        r.selectListed("전쟁기념관")
        r.press(.enter)
        return r
    }

    func testAPinDeletedInAnotherFileConnectionIsSaidSoOnItsPage() throws { try inAFile(checkDeleted) }

    func testAPinDeletedInAnotherServerConnectionIsSaidSoOnItsPage() throws { try onAServer(checkDeleted) }

    /// The open page's pin deleted by another connection (`pinmap delete 1`): the page says
    /// so and offers no write key; `c` opens no comment field (it once failed "no pin with id 1").
    private func checkDeleted(store: any PinRepository, uri: String?, other: any PinRepository, line: UInt = #line) throws {
        let r = try pageWithAComment(store, uri: uri, other: other)
        defer { r.stopLive() }
        _ = try other.delete(id: 1)
        let gone = Self.page + """


              Comments (1)
              ▸ 2026-01-01  first visit









              This pin was deleted elsewhere · Esc closes
            """
        XCTAssertTrue(r.wait(upTo: 5) { r.text.contains("deleted elsewhere") }, line: line)
        XCTAssertEqual(r.text, gone, line: line)
        r.press(.char("c"))
        XCTAssertEqual(r.text, gone, "no comment field for a pin that is gone", line: line)
    }

    func testAPinRestoredInAnotherFileConnectionComesBackOnItsPage() throws { try inAFile(checkRestored) }

    func testAPinRestoredInAnotherServerConnectionComesBackOnItsPage() throws { try onAServer(checkRestored) }

    /// The open page's pin deleted by another user, whose `u` then brings it back with its id:
    /// the page that said "deleted elsewhere" is the pin's page again, its comments and write
    /// keys back (it stayed "deleted", taking no key but Esc, over a pin that was there).
    private func checkRestored(store: any PinRepository, uri: String?, other: any PinRepository, line: UInt = #line) throws {
        let r = try pageWithAComment(store, uri: uri, other: other)
        defer { r.stopLive() }
        let deleted = try XCTUnwrap(try other.deleteForUndo(id: 1, ifVersion: nil), line: line)
        XCTAssertTrue(r.wait(upTo: 5) { r.text.contains("deleted elsewhere") }, line: line)
        XCTAssertEqual(try other.restore(deleted), 1, line: line)
        let back = Self.page + """


              Comments (1)  c add · x delete · j/k move
              ▸ 2026-01-01  first visit









              This pin was brought back elsewhere (its delete undone)
            """
        XCTAssertTrue(r.wait(upTo: 5) { r.text.contains("brought back") }, r.text, line: line)
        XCTAssertEqual(r.text, back, line: line)
        r.press(.char("c"))
        var writing = back.components(separatedBy: "\n")
        writing[writing.count - 1] = "  New comment:" + String(repeating: " ", count: 61) + "Enter adds · Esc cancels"
        XCTAssertEqual(r.text, writing.joined(separator: "\n"), "a comment can be written again", line: line)
    }

    /// The page down to the comments (its pin written at the test clock's time).
    private static let page = """
                      0E               60E              120E            180E             120W
                      ⠈                ⠁                ⠁               ⠈                ⠁                ⠁
        ───────────────────────────────────────────── ━━━━━━━━ ─────────────────────────────────────────────
          전쟁기념관  ·  museum                                                              #1  Esc closes
          37.5365, 126.9772  ·  37°32′11.4″N 126°58′37.9″E  ·  near Seoul, KR
          Created 2023-05-05 13:20 +09:00  ·  Updated 2026-01-01 09:00 +09:00

          야외 전시 비행기 구경                                    ╭─ 5.6° across ────────────────────────╮
                                                                   │     ⣀⠔⠊⠉⠁                 ⡨⢣         │
                                                                   │   ⢀⡸             ⢀⠔⠒⠒⠒⠒⠒⠒⠒⠁ ⠱⡀       │
                                                                   │   ⠴⠍⠩⣝⣁  ⡔⢄⣀ ⣀⡀⢠⠔⠁           ⠘⢄      │
                                                                   │        ⠓⠉   ⠋⠈⢿⢯  · Seoul      ⠑⢄    │
                                                                   │                ⠘⢢ ◉             ⠈⢆   │
                                                                   │              ⢀⣀⠤⣑⣄                ⢣  │
                                                                   │             ⢔⣁⣀ ⠈⠊⠁               ⢸  │
                                                                   │              ⠸⠎⡆  South Korea     ⣸  │
                                                                   ╰──────────────────────────────────────╯
        """
}
