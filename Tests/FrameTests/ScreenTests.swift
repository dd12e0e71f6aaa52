import XCTest
@testable import Frame

final class ScreenTests: XCTestCase {
    func testKoreanTitleOccupiesTwoCellsPerSyllable() {
        var s = Screen(width: 12, height: 1)
        let end = s.put("전쟁기념관", col: 0, row: 0)
        XCTAssertEqual(end, 10)
        XCTAssertEqual(s.line(0), "전쟁기념관")
        XCTAssertTrue(s[1, 0].isContinuation)
        XCTAssertEqual(DisplayWidth.of("전쟁기념관"), 10)
    }

    func testWideCharacterThatWouldStraddleTheEdgeBecomesSpace() {
        var s = Screen(width: 5, height: 1)
        s.put("ab전쟁", col: 0, row: 0)
        XCTAssertEqual(s.line(0, trim: false), "ab전 ")
    }

    func testOverwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var s = Screen(width: 4, height: 1)
        s.put("전쟁", col: 0, row: 0)
        s.put("x", col: 1, row: 0)
        XCTAssertEqual(s.line(0, trim: false), " x쟁")
    }

    func testTruncateByDisplayWidth() {
        XCTAssertEqual(DisplayWidth.truncate("Noodle Nook 🍜", to: 14), "Noodle Nook 🍜")
        XCTAssertEqual(DisplayWidth.truncate("Noodle Nook 🍜", to: 13), "Noodle Nook …")
        XCTAssertEqual(DisplayWidth.truncate("전쟁기념관", to: 5), "전쟁…")
        XCTAssertEqual(DisplayWidth.of(DisplayWidth.pad("전쟁기념관", to: 7)), 7)
        XCTAssertEqual(DisplayWidth.pad("Noodle Nook 🍜", to: 8), "Noodle …")
        XCTAssertEqual(DisplayWidth.pad("Noodle Nook 🍜", to: 8, ascii: true), "Noodle ~", "cut marked ~ in ASCII, as truncate marks it")
        XCTAssertEqual(DisplayWidth.pad("cafe", to: 6, ascii: true), "cafe  ")
    }

    func testEscapeSequencesAreShownAsPlaceholders() {
        XCTAssertEqual(SafeText.sanitize("a\u{1B}[31mb"), "a␛[31mb")
        XCTAssertEqual(SafeText.sanitize("a\u{1B}[31mb", ascii: true), "a^[[31mb")
        var s = Screen(width: 20, height: 1)
        s.put("x\u{1B}]0;pwn\u{07}", col: 0, row: 0)
        XCTAssertFalse(s.text().unicodeScalars.contains { $0.value < 0x20 })
        XCTAssertEqual(s.line(0), "x␛]0;pwn␇")
    }

    func testWritesOutsideTheGridAreClipped() {
        var s = Screen(width: 3, height: 2)
        s.put("hello", col: -2, row: 0)
        s.put("zz", col: 0, row: 5)
        s[10, 10] = Cell("q")
        XCTAssertEqual(s.text(), "llo\n")
    }

    // Overlays (help box, filter, confirm, notice, form) clear their rect with `fill` and draw
    // borders cell by cell: every write must leave no half of a wide character behind, or the
    // terminal draws the cut character over the border and shifts it a column.
    func testFillBlanksAWideCharacterCutByEitherEdge() {
        var s = Screen(width: 8, height: 1)
        s.put("가나다라", col: 0, row: 0)  // 가 0-1, 나 2-3, 다 4-5, 라 6-7
        s.fill(Rect(x: 3, y: 0, width: 2, height: 1), with: Cell("#"))
        XCTAssertEqual(s.line(0, trim: false), "가 ## 라")
        XCTAssertFalse(s[5, 0].isContinuation)
    }

    func testCellWrittenOverEitherHalfOfAWideCharacterBlanksTheOtherHalf() {
        var s = Screen(width: 8, height: 1)
        s.put("가나다라", col: 0, row: 0)
        s[3, 0] = Cell("│")  // the right half of 나
        s[4, 0] = Cell("│")  // the left half of 다
        XCTAssertEqual(s.line(0, trim: false), "가 ││ 라")
        XCTAssertFalse(s[5, 0].isContinuation)
    }

    func testRestylingAWideCharacterInPlaceKeepsItWhole() {
        var s = Screen(width: 4, height: 1)
        s.put("가나", col: 0, row: 0)
        var c = s[2, 0]
        c.style.reverse = true
        s[2, 0] = c
        XCTAssertEqual(s.line(0, trim: false), "가나")
        XCTAssertTrue(s[3, 0].isContinuation)
    }

    func testBoxOverWideTextKeepsItsBordersInTheirColumns() {
        var s = Screen(width: 10, height: 3)
        for row in 0..<3 { s.put("가나다라마", col: 0, row: row) }
        let box = Rect(x: 3, y: 0, width: 4, height: 3)
        s.fill(box, with: Cell(" "))
        for y in 0..<3 { s[3, y] = Cell("│"); s[6, y] = Cell("│") }
        XCTAssertEqual(s.text(), ["가 │  │ 마", "가 │  │ 마", "가 │  │ 마"].joined(separator: "\n"))
    }

    /// Printable ASCII takes `put`'s byte-per-cell path; a leading zero-width space (its own
    /// grapheme, no cell) sends the same text down the grapheme path, which must agree
    /// cell for cell (over wide characters, clipped at either edge).
    func testASCIIPathWritesWhatTheGraphemePathWrites() {
        let style = Style(fg: .red, bold: true)
        for text in ["", " ", "abc", "Seoul cafe street   ", String(repeating: " ", count: 40), "~!@#$%^&*()_+{}|:<>?"] {
            for (col, maxWidth) in [(0, nil), (3, 5), (-2, 6), (10, 30), (18, 4), (1, 0)] as [(Int, Int?)] {
                var fast = Screen(width: 20, height: 1)
                fast.put("가나다라마바사아자차", col: 0, row: 0)
                var slow = fast
                let a = fast.put(text, col: col, row: 0, style: style, maxWidth: maxWidth)
                let b = slow.put("\u{200B}" + text, col: col, row: 0, style: style, maxWidth: maxWidth)
                XCTAssertEqual(fast.cells, slow.cells, "\(text) at \(col), max \(String(describing: maxWidth))")
                XCTAssertEqual(a, b, "\(text) at \(col), max \(String(describing: maxWidth))")
            }
        }
        XCTAssertEqual(DisplayWidth.of("Seoul cafe street"), 17)
        XCTAssertTrue(DisplayWidth.isPrintableASCII("a ~"))
        XCTAssertFalse(DisplayWidth.isPrintableASCII("a\u{7F}"))
        XCTAssertFalse(DisplayWidth.isPrintableASCII("e\u{301}"))
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
    }

    /// Mixed text: `put` writes ASCII bytes followed by ASCII without grapheme breaking; it
    /// must write what writing grapheme by grapheme writes (combining marks after ASCII,
    /// Korean, emoji, controls; clipped at either edge and at a limit).
    func testMixedTextWritesWhatWritingGraphemeByGraphemeWrites() {
        func reference(_ s: inout Screen, _ text: String, col: Int, style: Style, maxWidth: Int?) -> Int {
            let limit = maxWidth.map { min(s.width, col + $0) } ?? s.width
            var x = col
            for ch in SafeText.sanitize(text) {
                let w = DisplayWidth.of(ch)
                if w == 0 { continue }
                if x + w > limit {
                    for c in max(x, 0)..<max(max(x, 0), limit) { s[c, 0] = Cell(" ", style) }
                    return limit
                }
                for cell in DisplayWidth.cells(of: ch) {
                    if x >= 0 {
                        s[x, 0] = Cell(cell.text, style)
                        if cell.width == 2 { s[x + 1, 0] = Cell("", style) }
                    }
                    x += cell.width
                }
            }
            return x
        }
        let style = Style(fg: .cyan)
        let texts = ["종묘 Jongmyo", "cafe\u{301} au lait", "e\u{301}\u{302}x", "a\u{200D}b", "👨\u{200D}👩\u{200D}👧 ok",
                     "tab\there", "ab\u{7F}cd", "x\r\ny", "🇰🇷🇯🇵 flags", "가a나b다c" + String(repeating: " ", count: 30),
                     "\u{200B}zero", "a\u{0308}", "Z"]
        for text in texts {
            for (col, maxWidth) in [(0, nil), (3, 5), (-2, 6), (10, 30), (18, 4), (1, 0), (-7, nil)] as [(Int, Int?)] {
                var fast = Screen(width: 20, height: 1)
                fast.put("가나다라마바사아자차", col: 0, row: 0)
                var slow = fast
                let a = fast.put(text, col: col, row: 0, style: style, maxWidth: maxWidth)
                let b = reference(&slow, text, col: col, style: style, maxWidth: maxWidth)
                XCTAssertEqual(fast.cells, slow.cells, "\(text) at \(col), max \(String(describing: maxWidth))")
                XCTAssertEqual(a, b, "\(text) at \(col), max \(String(describing: maxWidth))")
            }
        }
        var s = Screen(width: 6, height: 1)
        s.put("ae\u{301}가", col: 0, row: 0)
        XCTAssertEqual(s.cells.map(\.text), ["a", "e\u{301}", "가", "", " ", " "])
    }
}
