import XCTest
import Frame
@testable import Terminal

final class InputDecoderTests: XCTestCase {
    func testSGRPressDragReleaseAreZeroBased() {
        XCTAssertEqual(decode("\u{1B}[<0;10;5M"), [.mouse(MouseEvent(.press, .left, col: 9, row: 4))])
        XCTAssertEqual(decode("\u{1B}[<32;12;6M"), [.mouse(MouseEvent(.drag, .left, col: 11, row: 5))])
        XCTAssertEqual(decode("\u{1B}[<0;14;7m"), [.mouse(MouseEvent(.release, .left, col: 13, row: 6))])
        XCTAssertEqual(decode("\u{1B}[<64;3;3M"), [.mouse(MouseEvent(.press, .wheelUp, col: 2, row: 2))])
        XCTAssertEqual(decode("\u{1B}[<65;3;3M"), [.mouse(MouseEvent(.press, .wheelDown, col: 2, row: 2))])
        XCTAssertEqual(decode("\u{1B}[<2;1;1M"), [.mouse(MouseEvent(.press, .right, col: 0, row: 0))])
        XCTAssertEqual(decode("\u{1B}[<35;40;9M"), [.mouse(MouseEvent(.move, .none, col: 39, row: 8))])
    }

    func testABurstOfReportsDecodesEveryEventInOrder() {
        let burst = "\u{1B}[<0;50;26M\u{1B}[<32;50;20M\u{1B}[<32;50;12M\u{1B}[<32;50;7M\u{1B}[<0;50;7m"
        XCTAssertEqual(decode(burst), [
            .mouse(MouseEvent(.press, .left, col: 49, row: 25)),
            .mouse(MouseEvent(.drag, .left, col: 49, row: 19)),
            .mouse(MouseEvent(.drag, .left, col: 49, row: 11)),
            .mouse(MouseEvent(.drag, .left, col: 49, row: 6)),
            .mouse(MouseEvent(.release, .left, col: 49, row: 6)),
        ])
    }

    func testColumnsBeyond223() {
        XCTAssertEqual(decode("\u{1B}[<0;290;99M"), [.mouse(MouseEvent(.press, .left, col: 289, row: 98))])
    }

    func testLegacyX10Report() {
        let s = "\u{1B}[M" + String(UnicodeScalar(32 + 0)!) + String(UnicodeScalar(32 + 10)!) + String(UnicodeScalar(32 + 5)!)
        XCTAssertEqual(decode(s), [.mouse(MouseEvent(.press, .left, col: 9, row: 4))])
        let r = "\u{1B}[M" + String(UnicodeScalar(32 + 3)!) + String(UnicodeScalar(32 + 10)!) + String(UnicodeScalar(32 + 5)!)
        XCTAssertEqual(decode(r), [.mouse(MouseEvent(.release, .none, col: 9, row: 4))])
    }

    func testLoneEscapeIsEscapeOnlyAfterFlush() {
        var d = InputDecoder()
        XCTAssertEqual(d.feed(char: 0x1B), [])
        XCTAssertTrue(d.isPending)
        XCTAssertEqual(d.flush(), [.key(.escape)])
        XCTAssertEqual(decode("\u{1B}x"), [.key(.escape), .key(.char("x"))])
    }

    func testPlainKeysAndControls() {
        XCTAssertEqual(decode("q"), [.key(.char("q"))])
        XCTAssertEqual(decode("\u{03}"), [.key(.ctrl("c"))])
        XCTAssertEqual(decode("\r"), [.key(.enter)])
        XCTAssertEqual(decode("\t"), [.key(.tab)])
        XCTAssertEqual(decode("\u{7F}"), [.key(.backspace)])
        XCTAssertEqual(decode("전"), [.key(.char("전"))])
    }

    func testGarbageNeverCrashesAndDoesNotLeakDigitsAsKeys() {
        // A broken SGR report is dropped rather than typed as "0;10;5M".
        XCTAssertEqual(decode("\u{1B}[<0;x"), [])
        XCTAssertEqual(decode("\u{1B}[<;;M"), [])
        XCTAssertEqual(decode("\u{1B}[<999999999999999999999;1;1M"), [])
        // A report with a byte no report holds is dropped whole, to its final byte: not cut
        // there with its rest typed ("3M" switched tabs and typed M).
        XCTAssertEqual(decode("\u{1B}[<32;100;-3Ma"), [.key(.char("a"))])
        XCTAssertEqual(decode("\u{1B}[<0;10;5.5M\u{1B}[<0;10;5:1mb"), [.key(.char("b"))])
        XCTAssertEqual(decode("\u{1B}[<0;10;5xc"), [.key(.char("c"))])
    }

    func testASequenceLongerThanTheLimitIsDroppedToItsFinalByte() {
        // 40 digits: the first 32 characters were dropped and '3333…;3M' typed: Import tab, M.
        let digits = String(repeating: "3", count: 40)
        XCTAssertEqual(decode("\u{1B}[<0;\(digits);3Mx"), [.key(.char("x"))])
        XCTAssertEqual(decode("\u{1B}[\(digits)~x"), [.key(.char("x"))])
        XCTAssertEqual(decode("\u{1B}[1;\(digits)Ay"), [.key(.char("y"))])
        // The next report after one is read as it should be.
        XCTAssertEqual(decode("\u{1B}[<0;\(digits);3M\u{1B}[<0;10;5M"), [.mouse(MouseEvent(.press, .left, col: 9, row: 4))])
        // Quiet input ends the skipping: a key typed later is a key.
        var d = InputDecoder()
        for u in "\u{1B}[<0;\(digits)".unicodeScalars { XCTAssertEqual(d.feed(char: u.value), []) }
        XCTAssertTrue(d.isPending)
        XCTAssertEqual(d.flush(), [])
        XCTAssertEqual(d.feed(char: 0x6A), [.key(.char("j"))])
    }

    func testAnEscapeInsideACutSequenceBeginsTheNextOne() {
        // A CSI cut off and followed by Delete: '[3~' was typed ('3': the Import tab).
        XCTAssertEqual(decode("\u{1B}[1;5\u{1B}[3~"), [.key(.delete)])
        XCTAssertEqual(decode("\u{1B}[<0;10\u{1B}[<0;10;5M"), [.mouse(MouseEvent(.press, .left, col: 9, row: 4))])
        XCTAssertEqual(decode("\u{1B}[2\u{1B}x"), [.key(.escape), .key(.char("x"))])
        // After ESC O too: '[A' was typed.
        XCTAssertEqual(decode("\u{1B}O\u{1B}[A"), [.key(.up)])
    }
}
