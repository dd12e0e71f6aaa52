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
    }

    func testEscapeSequencesAreShownAsPlaceholders() {
        XCTAssertEqual(SafeText.sanitize("a\u{1B}[31mb"), "a␛[31mb")
        XCTAssertEqual(SafeText.sanitize("a\u{1B}[31mb", ascii: true), "a^[[31mb")
        var s = Screen(width: 20, height: 1)
        s.put("x\u{1B}]0;pwn\u{07}", col: 0, row: 0)
        XCTAssertFalse(s.text().unicodeScalars.contains { $0.value < 0x20 })
        XCTAssertEqual(s.line(0), "x␛]0;pwn␇")
    }

    func testJoinedEmojiIsDrawnAsItsFirstEmojiInTwoCells() {
        var s = Screen(width: 6, height: 1)
        let end = s.put("👨‍👩‍👧ab", col: 0, row: 0)
        XCTAssertEqual(end, 4)
        XCTAssertEqual(s[0, 0].text, "👨")
        XCTAssertEqual(s.line(0), "👨ab")
    }

    func testWritesOutsideTheGridAreClipped() {
        var s = Screen(width: 3, height: 2)
        s.put("hello", col: -2, row: 0)
        s.put("zz", col: 0, row: 5)
        s[10, 10] = Cell("q")
        XCTAssertEqual(s.text(), "llo\n")
    }
}
