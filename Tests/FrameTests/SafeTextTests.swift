import XCTest
@testable import Frame

/// Line and paragraph separators never reach a terminal raw.
final class SafeTextTests: XCTestCase {
    func testLineAndParagraphSeparatorsAndNELArePlaceholders() {
        XCTAssertEqual(SafeText.sanitize("a\u{2028}b\u{2029}c\u{85}d"), "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
        XCTAssertEqual(SafeText.sanitize("a\u{2028}b", ascii: true), "a?b")
        XCTAssertEqual(SafeText.sanitize("\u{1B}]52;c;Zm9v\u{07}", keepNewlines: true), "␛]52;c;Zm9v␇")
    }

    func testScreenPutNeverStoresASeparator() {
        var s = Screen(width: 6, height: 1)
        s.put("x\u{2028}y", col: 0, row: 0)
        XCTAssertEqual(s.text(), "x\u{FFFD}y")
    }
}
