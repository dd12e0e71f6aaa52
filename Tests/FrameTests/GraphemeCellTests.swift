import XCTest
@testable import Frame

/// Each grapheme cluster takes the cells tmux 3.3 and xterm 379 give it (measured by
/// writing it into each and reading the cursor back; `DisplayWidth`'s comment): the
/// whole frame after `|`, the cluster and `|` are written, as text and cell by cell.
final class GraphemeCellTests: XCTestCase {
    /// Writes `|`, `text` and `|` into a 10 × 1 screen of dots (an older frame).
    private func frame(_ text: String) -> Screen {
        var s = Screen(width: 10, height: 1, fill: Cell("."))
        s.put("|" + text + "|", col: 0, row: 0)
        return s
    }

    private func check(_ text: String, width: Int, cells: [String], line: String,
                       file: StaticString = #filePath, lineNumber: UInt = #line) {
        XCTAssertEqual(DisplayWidth.of(text), width, "width", file: file, line: lineNumber)
        let s = frame(text)
        XCTAssertEqual(s.text(), line, file: file, line: lineNumber)
        XCTAssertEqual(s.cells.map(\.text), cells, file: file, line: lineNumber)
    }

    /// U+1F3D4 U+FE0F: the selector makes no cell wider in either terminal.
    func testEmojiPresentationSelectorKeepsANarrowBaseOneCell() {
        check("🏔\u{FE0F}", width: 1, cells: ["|", "🏔\u{FE0F}", "|", ".", ".", ".", ".", ".", ".", "."],
              line: "|🏔\u{FE0F}|.......")
        check("❤\u{FE0F}", width: 1, cells: ["|", "❤\u{FE0F}", "|", ".", ".", ".", ".", ".", ".", "."],
              line: "|❤\u{FE0F}|.......")
    }

    /// U+231A U+FE0E: the text selector does not make a wide emoji narrow.
    func testTextPresentationSelectorKeepsAWideBaseTwoCells() {
        check("⌚\u{FE0E}", width: 2, cells: ["|", "⌚\u{FE0E}", "", "|", ".", ".", ".", ".", ".", "."],
              line: "|⌚\u{FE0E}|......")
    }

    /// tmux joins a ZWJ sequence into two cells, xterm draws its parts side by side: sent
    /// without the joiner, both draw the parts, four cells, nothing cut.
    func testZeroWidthJoinerSequenceIsDrawnAsItsPartsWithoutTheJoiner() {
        check("🧑\u{200D}🍳", width: 4, cells: ["|", "🧑", "", "🍳", "", "|", ".", ".", ".", "."], line: "|🧑🍳|....")
        check("👨\u{200D}👩\u{200D}👧", width: 6, cells: ["|", "👨", "", "👩", "", "👧", "", "|", ".", "."],
              line: "|👨👩👧|..")
        // A narrow part keeps its selector: 🏳️‍🌈 is 1 + 2 cells in both terminals.
        check("🏳\u{FE0F}\u{200D}🌈", width: 3, cells: ["|", "🏳\u{FE0F}", "🌈", "", "|", ".", ".", ".", ".", "."],
              line: "|🏳\u{FE0F}🌈|.....")
    }

    /// A flag's two regional indicators: a cell each (the terminals draw the flag over both).
    func testRegionalIndicatorFlagTakesTwoCells() {
        check("🇰🇷", width: 2, cells: ["|", "🇰", "🇷", "|", ".", ".", ".", ".", ".", "."], line: "|🇰🇷|......")
        check("🇰", width: 1, cells: ["|", "🇰", "|", ".", ".", ".", ".", ".", ".", "."], line: "|🇰|.......")
    }

    /// A skin tone modifier is a wide cell of its own in both terminals.
    func testSkinToneModifierIsACellOfItsOwn() {
        check("👍🏽", width: 4, cells: ["|", "👍", "", "🏽", "", "|", ".", ".", ".", "."], line: "|👍🏽|....")
    }

    /// Conjoining jamo L+V+T: one syllable, two cells, as the precomposed 각.
    func testHangulJamoSyllableIsTwoCells() {
        check("\u{1100}\u{1161}\u{11A8}", width: 2, cells: ["|", "\u{1100}\u{1161}\u{11A8}", "", "|", ".", ".", ".", ".", ".", "."],
              line: "|\u{1100}\u{1161}\u{11A8}|......")
        check("각", width: 2, cells: ["|", "각", "", "|", ".", ".", ".", ".", ".", "."], line: "|각|......")
    }

    /// Combining marks and a keycap ride in their base's cell.
    func testCombiningMarksRideInTheirBasesCell() {
        check("e\u{301}", width: 1, cells: ["|", "e\u{301}", "|", ".", ".", ".", ".", ".", ".", "."], line: "|e\u{301}|.......")
        check("1\u{FE0F}\u{20E3}", width: 1, cells: ["|", "1\u{FE0F}\u{20E3}", "|", ".", ".", ".", ".", ".", ".", "."],
              line: "|1\u{FE0F}\u{20E3}|.......")
    }

    /// Every cell's text is one scalar as wide as the cell, then zero-width ones: what
    /// ncurses measures (the width of a cell's first character) is what the screen holds,
    /// so a diff repaint leaves no cell of an older frame behind.
    func testEveryCellStartsWithOneScalarAsWideAsTheCell() {
        let texts = ["🏔\u{FE0F} Summit Marker", "🧑\u{200D}🍳 Test Kitchen", "🇰🇷 Seoul", "👍🏽 ok", "\u{1100}\u{1161}\u{11A8}",
                     "⌚\u{FE0E}", "1\u{FE0F}\u{20E3}", "a\u{200D}b", "\u{0378}x", "e\u{301}\u{302}"]
        for text in texts {
            var s = Screen(width: 30, height: 1)
            s.put(text, col: 0, row: 0)
            var col = 0
            while col < s.width {
                let cell = s[col, 0]
                XCTAssertFalse(cell.isContinuation, "\(text): a continuation without its lead at \(col)")
                let scalars = Array(cell.text.unicodeScalars)
                let lead = DisplayWidth.of(Character(scalars[0]))
                XCTAssertTrue(lead == 1 || lead == 2, "\(text) at \(col): \(cell.text)")
                for s in scalars.dropFirst() {
                    XCTAssertEqual(DisplayWidth.of(Character(s)), 0, "\(text) at \(col): \(cell.text)")
                }
                if lead == 2 { XCTAssertTrue(s[col + 1, 0].isContinuation, "\(text) at \(col)") }
                col += lead
            }
        }
    }

    /// A cluster that does not fit before the limit leaves spaces, not part of an older frame.
    func testClusterCutAtTheLimitLeavesSpaces() {
        var s = Screen(width: 10, height: 1, fill: Cell("."))
        s.put("ab🧑\u{200D}🍳", col: 0, row: 0, maxWidth: 5)
        XCTAssertEqual(s.text(), "ab   .....")
    }
}
