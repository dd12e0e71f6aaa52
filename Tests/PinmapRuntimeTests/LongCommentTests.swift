import XCTest
import Foundation
import Frame
import PinModel
import PinmapCore
import PinmapRuntime
import PinmapTestSupport

/// A long comment can be read on the detail page: the selected one is wrapped whole on as
/// many rows as it needs (the others stay one row each, cut with "…"). Before, every comment
/// was cut at its row's end, selected or not, so a comment longer than a row could not be
/// read anywhere in the UI.
final class LongCommentTests: XCTestCase {
    private let long = "Went back in spring: the aircraft outside were being repainted, so the north yard "
        + "was closed; the Korean War hall upstairs is the one to see, two hours at least. 다음엔 아침 일찍."

    /// Pin 1 (전쟁기념관, +09:00) with a short comment and `long` after it, its detail page open.
    private func page(cols: Int, rows: Int) throws -> (AppRunner, String) {
        let r = try UIFixtures.runner(cols: cols, rows: rows)
        try r.store.addComment(pinID: 1, body: "first visit")
        try r.store.addComment(pinID: 1, body: long)
        r.selectListed("전쟁기념관")
        r.key(.enter)
        let stored = try XCTUnwrap(ISO8601DateFormatter().date(from: try r.store.comments(pinID: 1)[1].createdAt))
        let seoul = ISO8601DateFormatter()
        seoul.formatOptions = [.withFullDate]
        seoul.timeZone = TimeZone(secondsFromGMT: 9 * 3600)
        return (r, seoul.string(from: stored))
    }

    func testTheSelectedCommentIsWrappedWholeAndTheOthersCut() throws {
        let (r, day) = try page(cols: 80, rows: 24)
        let f = r.frame()
        // The page opens on the first comment: the long one is cut on its row.
        XCTAssertEqual((15..<24).map { f.line($0) }, [
            "  Comments (2)  c add · x delete · j/k move",
            "  ▸ \(day)  first visit",
            "    \(day)  Went back in spring: the aircraft outside were being repainted…",
            "", "", "", "", "",
            "  e edit · d delete pin · c comment · x delete comment · Esc closes",
        ])
        r.char("j")
        let g = r.frame()
        XCTAssertEqual((15..<24).map { g.line($0) }, [
            "  Comments (2)  c add · x delete · j/k move",
            "    \(day)  first visit",
            "  ▸ \(day)  Went back in spring: the aircraft outside were being repainted,",
            "                so the north yard was closed; the Korean War hall upstairs is",
            "                the one to see, two hours at least. 다음엔 아침 일찍.",
            "", "", "",
            "  e edit · d delete pin · c comment · x delete comment · Esc closes",
        ])
    }

    /// With fewer rows than the comment needs, its last shown row ends with "…", and the
    /// comments above it give way first.
    func testACommentLongerThanTheListEndsWithAnEllipsis() throws {
        let (r, day) = try page(cols: 60, rows: 19)
        r.char("j")
        let f = r.frame()
        XCTAssertEqual((13..<19).map { f.line($0) }, [
            "  Comments (2)  c add · x delete · j/k move",
            "  ▸ \(day)  Went back in spring: the aircraft outside",
            "                were being repainted, so the north yard was",
            "                closed; the Korean War hall upstairs is the",
            "                one to see, two hours at least. 다음엔 아…",
            "  e edit · d delete pin · c comment · x delete comment · Esc",
        ])
        r.char("k")
        XCTAssertEqual(r.line(14), "  ▸ \(day)  first visit", "back on the first, the list scrolls back")
        XCTAssertEqual(r.line(15), "    \(day)  Went back in spring: the aircraft outside …")
    }

    func testAtAHeightForAllOfItTheWholeCommentShowsAndAClickSelectsByRow() throws {
        let (r, day) = try page(cols: 100, rows: 30)
        r.char("j")
        let f = r.frame()
        XCTAssertEqual((18..<24).map { f.line($0) }, [
            "  Comments (2)  c add · x delete · j/k move",
            "    \(day)  first visit",
            "  ▸ \(day)  Went back in spring: the aircraft outside were being repainted, so the north yard",
            "                was closed; the Korean War hall upstairs is the one to see, two hours at least.",
            "                다음엔 아침 일찍.",
            "",
        ])
        // A click on the first comment's row selects it; the long one goes back to one row.
        r.mouse(.press, col: 30, row: 19); r.mouse(.release, col: 30, row: 19)
        guard case .detail(let d)? = r.state.feedback.modal?.content else { return XCTFail("no detail") }
        XCTAssertEqual(d.cursor, 0)
        XCTAssertEqual(r.line(20), "    \(day)  Went back in spring: the aircraft outside were being repainted, so the north yard …")
        // A click on the wrapped comment's second row selects it, not a comment below.
        r.char("j")
        r.mouse(.press, col: 30, row: 21); r.mouse(.release, col: 30, row: 21)
        guard case .detail(let e)? = r.state.feedback.modal?.content else { return XCTFail("no detail") }
        XCTAssertEqual(e.cursor, 1)
    }
}
