import XCTest
import Foundation
import Frame
import PinModel
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

final class PinDetailTests: XCTestCase {
    func testDegreesMinutesSeconds() {
        XCTAssertEqual(CoordinateText.dms(latitude: 37.5365, longitude: 126.9772), "37°32′11.4″N 126°58′37.9″E")
        XCTAssertEqual(CoordinateText.dms(latitude: -33.8568, longitude: -70.6483), "33°51′24.5″S 70°38′53.9″W")
        // 0.99999° is 59′59.964″: rounds up into the next degree, never 60″.
        XCTAssertEqual(CoordinateText.dms(latitude: 0.99999), "1°00′00.0″N")
        XCTAssertEqual(CoordinateText.dms(longitude: 0), "0°00′00.0″E")
        XCTAssertEqual(CoordinateText.dms(longitude: 180), "180°00′00.0″E")
        XCTAssertEqual(CoordinateText.decimal(37.53650049), "37.5365")
        XCTAssertEqual(CoordinateText.decimal(-0.0000004), "0")
        XCTAssertEqual(CoordinateText.decimal(-122.4194), "-122.4194")
        XCTAssertEqual(CoordinateText.editable(1e-7), "0.0000001")
        XCTAssertEqual(CoordinateText.editable(127), "127")
    }

    /// Enter on the selected pin: a full-height page (rows 2…29 of 30).
    func testDetailPageShowsEverything() throws {
        let r = try UIFixtures.runner()
        r.selectListed("전쟁기념관")
        r.key(.enter)
        guard case .detail(let d)? = r.state.feedback.modal?.content else { return XCTFail("no detail: \(r.text)") }
        XCTAssertTrue(d.commentsLoaded, "the runner loaded the comments")
        let pin = d.pin
        XCTAssertEqual(r.card, Rect(x: 0, y: 2, width: 100, height: 28))
        let f = r.frame()
        XCTAssertEqual(f.line(2), Expect.grabberRow(width: 100))
        XCTAssertEqual(f.line(3), Expect.spread("  전쟁기념관  ·  museum", "#1  Esc closes", rightAt: 85))
        XCTAssertEqual(f.line(4), "  37.5365, 126.9772  ·  37°32′11.4″N 126°58′37.9″E  ·  near Seoul, KR")
        // One format, in the pin's own offset: the update time (stored in UTC) moved into +09:00.
        XCTAssertEqual(f.line(5), "  Created 2023-05-05 13:20 +09:00  ·  Updated \(DateText.text(pin.updatedAt, in: 9 * 3600))")
        XCTAssertTrue(DateText.text(pin.updatedAt, in: 9 * 3600).hasSuffix(" +09:00"))
        XCTAssertEqual(f.line(6), "")
        // Description left of the map (which starts at column 59).
        XCTAssertEqual(r.cells(row: 7, 0..<59), "  야외 전시 비행기 구경")
        for row in 8..<17 { XCTAssertEqual(r.cells(row: row, 0..<59), "", "row \(row)") }
        // The small map: a 40 × 10 frame, the pin at the centre of its 38 × 8 inside.
        XCTAssertEqual(r.cells(row: 7, 59..<100), "╭─ 5.6° across ────────────────────────╮")
        XCTAssertEqual(r.cells(row: 16, 59..<100), "╰" + String(repeating: "─", count: 38) + "╯")
        XCTAssertEqual(f[79, 12].text, "◉")
        XCTAssertEqual(f.line(17), "")
        XCTAssertEqual(f.line(18), "  Comments (0)  c add · x delete · j/k move")
        XCTAssertEqual(f.line(19), "    No comments yet: press c to add one")
        for row in 20..<29 { XCTAssertEqual(f.line(row), "", "row \(row)") }
        XCTAssertEqual(f.line(29), "  e edit · d delete pin · c comment · x delete comment · Esc closes")
        XCTAssertTrue(f[0, 0].style.dim, "the two rows above the page are dimmed")
        r.key(.escape)
        r.handle(.tick, now: 1)
        XCTAssertNil(r.state.feedback.modal)
    }

    /// Esc on a comment holding text asks first (the footer says so); a second Esc discards
    /// it, any other key takes the question back; an empty comment goes on the first Esc.
    func testEscOnATypedCommentAsksThenASecondDiscards() throws {
        let r = try UIFixtures.runner()
        r.selectListed("전쟁기념관")
        r.key(.enter)
        r.char("c"); r.type("half a thought")
        r.key(.escape)
        guard case .detail(let asked)? = r.state.feedback.modal?.content else { return XCTFail("no detail: \(r.text)") }
        XCTAssertEqual(asked.input?.text, "half a thought", "kept")
        let f = r.frame()
        XCTAssertEqual((28..<30).map { f.line($0) }, [
            "  Esc again throws away this comment · Enter adds it",
            "  New comment: half a thought                                              Enter adds · Esc cancels",
        ], f.text())
        r.type("!")
        guard case .detail(let typing)? = r.state.feedback.modal?.content else { return XCTFail("no detail") }
        XCTAssertEqual(typing.input?.text, "half a thought!")
        XCTAssertNil(typing.note, "a key takes the question back")
        r.key(.escape); r.key(.escape)
        guard case .detail(let gone)? = r.state.feedback.modal?.content else { return XCTFail("the page closed") }
        XCTAssertNil(gone.input)
        XCTAssertEqual(try r.store.comments(pinID: 1), [])
        r.char("c"); r.key(.escape)
        guard case .detail(let empty)? = r.state.feedback.modal?.content else { return XCTFail("the page closed") }
        XCTAssertNil(empty.input, "an empty comment goes on the first Esc")
    }

    func testASecondClickOnTheSelectedRowOpensTheDetail() throws {
        let r = try UIFixtures.runner()
        let top = 28 - r.state.sheet.height
        let row = top + SheetView.headerRows + 2  // third pin: 전쟁기념관
        r.mouse(.press, col: 20, row: row); r.mouse(.release, col: 20, row: row)
        XCTAssertEqual(r.state.list.selectedID, 1)
        XCTAssertNil(r.state.feedback.modal, "the first click selects")
        r.mouse(.press, col: 20, row: row); r.mouse(.release, col: 20, row: row)
        guard case .detail(let d)? = r.state.feedback.modal?.content else { return XCTFail("no detail") }
        XCTAssertEqual(d.pin.id, 1)
        XCTAssertTrue(d.commentsLoaded, "mouse paths load comments too")
    }

    func testCommentsAreAddedAndDeletedThroughThePopUp() throws {
        let r = try UIFixtures.runner()
        try r.store.addComment(pinID: 1, body: "first visit")
        r.selectListed("전쟁기념관")
        r.key(.enter)
        XCTAssertTrue(r.line(19).hasPrefix("  ▸ 20"), r.line(19))
        XCTAssertTrue(r.line(19).hasSuffix("  first visit"))
        r.char("c")
        XCTAssertEqual(r.line(29).hasPrefix("  New comment: "), true)
        r.type("q 다시 가고 싶다")  // q is text here
        XCTAssertTrue(r.line(29).contains("q 다시 가고 싶다"))
        r.key(.enter)
        XCTAssertFalse(r.state.quit)
        let comments = try r.store.comments(pinID: 1)
        XCTAssertEqual(comments.map(\.body), ["first visit", "q 다시 가고 싶다"])
        guard case .detail(let d)? = r.state.feedback.modal?.content else { return XCTFail("detail closed") }
        XCTAssertEqual(d.comments, comments)
        XCTAssertEqual(d.cursor, 1, "the new comment is selected")
        XCTAssertEqual(r.line(18), "  Comments (2)  c add · x delete · j/k move")
        // The comment's day in the pin's offset (+09:00 here): from 15:00 UTC on, tomorrow's.
        XCTAssertEqual(DateText.offset(of: d.pin.createdAt), 9 * 3600)
        let stored = try XCTUnwrap(ISO8601DateFormatter().date(from: comments[1].createdAt), comments[1].createdAt)
        let seoul = ISO8601DateFormatter()
        seoul.formatOptions = [.withFullDate]
        seoul.timeZone = TimeZone(secondsFromGMT: 9 * 3600)
        XCTAssertEqual(r.line(20), "  ▸ \(seoul.string(from: stored))  q 다시 가고 싶다")
        XCTAssertEqual(r.line(29), "  Comment added")
        // x asks first; Enter on the default (Cancel) keeps it.
        r.char("k")
        r.char("x")
        XCTAssertEqual(r.line(25), Expect.centered("Delete this comment?", width: 100))
        XCTAssertEqual(r.line(26), Expect.centered("“first visit”", width: 100))
        XCTAssertTrue(r.frame()[2, 3].style.dim, "the page dims behind the pop-up")
        r.key(.enter)
        XCTAssertEqual(try r.store.comments(pinID: 1).count, 2)
        r.key(.delete); r.key(.left); r.key(.enter)
        XCTAssertEqual(try r.store.comments(pinID: 1).map(\.body), ["q 다시 가고 싶다"])
        XCTAssertEqual(r.line(29), "  Comment deleted")
        XCTAssertEqual(r.line(18), "  Comments (1)  c add · x delete · j/k move")
        guard case .detail? = r.state.feedback.modal?.content else { return XCTFail("the page stays") }
    }

    /// A delete cancelled on the page says so on the page (the status line is hidden under
    /// it), as the map says it: by Esc, by the Cancel button, and by a key the pop-up has no
    /// use for (`j`, which then acts on the page). Nothing else on the page changes.
    func testACancelledDeleteOnThePageSaysNothingDeleted() throws {
        for cancel in [[Key.escape], [.right, .enter], [.char("j")]] {
            let r = try UIFixtures.runner()
            r.selectListed("전쟁기념관")
            r.key(.enter)
            let before = r.frame().text().components(separatedBy: "\n")
            r.char("d")
            for key in cancel { r.key(key) }
            XCTAssertNotNil(try r.store.pin(id: 1))
            let after = r.frame().text().components(separatedBy: "\n")
            XCTAssertEqual(after[29], "  Nothing deleted", "\(cancel)")
            var expected = before
            expected[29] = after[29]
            XCTAssertEqual(after, expected, "\(cancel)")
        }
    }

    func testDeletingThePinFromTheDetailClosesIt() throws {
        let r = try UIFixtures.runner()
        r.selectListed("Busan Tower")
        r.key(.enter); r.char("d")
        // Click the Delete button of the pop-up raised from the page.
        r.mouse(.press, col: 40, row: 28)
        XCTAssertNil(try r.store.pin(id: 5))
        guard case .notice(let title, _, _, _)? = r.state.feedback.modal?.content else { return XCTFail("no notice") }
        XCTAssertEqual(title, "Pin deleted")
    }

    func testEscapeSequencesRenderAsPlaceholdersInTheDetail() throws {
        let evil = NewPin(title: "Evil\u{1B}[2J\u{07}Title", description: "ok\u{1B}]0;pwned\u{07}\nnext line\u{9B}31m",
                          category: "x\u{1B}[5m", latitude: 37.5, longitude: 127.0, createdAt: "2023-01-01T00:00:00Z\u{1B}")
        let r = try UIFixtures.runner(pins: [evil])
        try r.store.addComment(pinID: 1, body: "bad\u{1B}[31mred\u{0D}\u{0A}more")
        r.selectListed(evil.title)
        r.key(.enter)
        let f = r.frame()
        XCTAssertTrue(f.line(3).hasPrefix("  Evil␛[2J␇Title  ·  x␛[5m"), f.line(3))
        XCTAssertTrue(f.line(5).hasPrefix("  Created 2023-01-01T00:00:00Z␛  ·  Updated "), f.line(5))
        XCTAssertEqual(r.cells(row: 7, 0..<59), "  ok␛]0;pwned␇")
        XCTAssertEqual(r.cells(row: 8, 0..<59), "  next line�31m")
        // The selected comment is wrapped whole: its CR LF starts a row.
        XCTAssertTrue(f.line(19).hasSuffix("  bad␛[31mred"), f.line(19))
        XCTAssertEqual(f.line(20), "                more")
        XCTAssertFalse(f.cells.contains { $0.text.unicodeScalars.contains { SafeText.isUnsafe($0) } },
                       "no control character reaches a cell")
    }

    func testWrapByDisplayWidth() {
        let text = "전쟁기념관 야외 전시장에는 비행기와 탱크가 있다 and a very long English sentence"
        let lines = TextWrap.lines(text, width: 20, ascii: false)
        XCTAssertEqual(lines, ["전쟁기념관 야외", "전시장에는 비행기와", "탱크가 있다 and a", "very long English", "sentence"])
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 20 })
        XCTAssertEqual(TextWrap.lines("가나다라마바사", width: 6, ascii: false), ["가나다", "라마바", "사"])
        XCTAssertEqual(TextWrap.lines("a\u{1B}b\nc", width: 10, ascii: true), ["a^[b", "c"])
    }
}
