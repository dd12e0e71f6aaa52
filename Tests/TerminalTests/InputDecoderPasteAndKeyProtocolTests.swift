import XCTest
import Frame
@testable import Terminal

/// Bracketed paste, kitty's CSI u and xterm's modifyOtherKeys.
final class InputDecoderPasteAndKeyProtocolTests: XCTestCase {
    /// Home and End as tmux and VT220/rxvt terminals send them, when terminfo did not name them.
    func testHomeEndAndPagesAsCSISequences() {
        XCTAssertEqual(decode("\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}[5~\u{1B}[6~"),
                       [.key(.home), .key(.end), .key(.home), .key(.end), .key(.pageUp), .key(.pageDown)])
        XCTAssertEqual(decode("\u{1B}[H\u{1B}[F\u{1B}[1;5H"), [.key(.home), .key(.end), .key(.home)])
        XCTAssertEqual(decode("\u{1B}[2~\u{1B}[3~x"), [.key(.delete), .key(.char("x"))], "Insert is dropped, never typed")
    }

    /// Arrows, Home, End and F1 that ncurses left undecoded: the cursor mode terminfo does not
    /// name (`ESC[A`), or the keypad mode's `ESC O B` whose ESC came in an earlier read. Both
    /// were dropped whole (`ESC` then `[B` 10 ms later panned nothing), and `ESC O B` was an
    /// Escape (the sheet lowered), then `O` and `B` as typed keys.
    func testArrowsNcursesLeftUndecodedAreKeys() {
        XCTAssertEqual(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[1B"),
                       [.key(.up), .key(.down), .key(.right), .key(.left), .key(.down)])
        XCTAssertEqual(decode("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD\u{1B}OH\u{1B}OF\u{1B}OP"),
                       [.key(.up), .key(.down), .key(.right), .key(.left), .key(.home), .key(.end), .key(.f1)])
        XCTAssertEqual(decode("\u{1B}Oqx"), [.key(.char("x"))], "another SS3 final is dropped, never typed")
        XCTAssertEqual(decode("\u{1B}O"), [.key(.escape), .key(.char("O"))], "ESC O with nothing after it stays Escape, O")
        // Split as a slow link delivers it: the ESC, a flush-free pause, then the rest.
        var d = InputDecoder()
        XCTAssertEqual(d.feed(byte: 0x1B), [])
        XCTAssertEqual(d.feed(byte: UInt8(ascii: "O")), [])
        XCTAssertEqual(d.feed(byte: UInt8(ascii: "B")), [.key(.down)])
        XCTAssertFalse(d.isPending)
    }

    func testAPasteIsOneLiteralTextEvent() {
        XCTAssertEqual(decode("\u{1B}[200~Seoul q 서울\u{1B}[201~"), [.paste("Seoul q 서울")])
    }

    func testAPastedNewlineIsTextAndNeverEnter() {
        XCTAssertEqual(decode("\u{1B}[200~Seoul\r\nBusan\rJeju\u{1B}[201~x"), [.paste("Seoul\nBusan\nJeju"), .key(.char("x"))])
    }

    func testAPastedEscapeNeitherEndsThePasteNorReachesTheApp() {
        XCTAssertEqual(decode("\u{1B}[200~a\u{1B}b\u{1B}[31mc\u{1B}[201~"), [.paste("ab[31mc")])
    }

    func testAPasteSurvivesAPauseAndAFlush() {
        var d = InputDecoder()
        var out: [InputEvent] = []
        for u in "\u{1B}[200~abc".unicodeScalars { out += d.feed(char: u.value) }
        out += d.flush()  // the terminal paused mid-paste
        XCTAssertTrue(d.isPending)
        for u in "def\u{1B}[201~".unicodeScalars { out += d.feed(char: u.value) }
        XCTAssertEqual(out, [.paste("abcdef")])
    }

    func testCSIuKeysAreDecoded() {
        XCTAssertEqual(decode("\u{1B}[13u"), [.key(.enter)])
        XCTAssertEqual(decode("\u{1B}[27u"), [.key(.escape)])
        XCTAssertEqual(decode("\u{1B}[9;2u"), [.key(.backTab)])
        XCTAssertEqual(decode("\u{1B}[99;5u"), [.key(.ctrl("c"))])
        XCTAssertEqual(decode("\u{1B}[97;2u"), [.key(.char("A"))])
        XCTAssertEqual(decode("\u{1B}[51333u"), [.key(.char("종"))])
    }

    func testModifyOtherKeysIsDecoded() {
        XCTAssertEqual(decode("\u{1B}[27;5;99~"), [.key(.ctrl("c"))])
        XCTAssertEqual(decode("\u{1B}[27;2;13~"), [.key(.enter)])
        XCTAssertEqual(decode("\u{1B}[27;1;113~"), [.key(.char("q"))])
    }

    func testUnboundCombinationsAreDroppedNeverText() {
        XCTAssertEqual(decode("\u{1B}[97;3u"), [], "Alt-a is not bound")
        XCTAssertEqual(decode("\u{1B}[27;3;97~"), [])
        XCTAssertEqual(decode("\u{1B}[57441;2u"), [], "kitty's left shift (private use)")
        XCTAssertEqual(decode("\u{1B}[1;5A\u{1B}[?1u"), [], "other CSI sequences")
        XCTAssertEqual(decode("\u{1B}[27;5;"), [], "a cut sequence after a flush")
    }

    func testAKeyRightAfterAResizeActs() {
        // ncurses reports a resize as a key code between bytes; the decoder keeps no state
        // that a resize could leave half-read, so the next key decodes on its own.
        var d = InputDecoder()
        XCTAssertEqual(d.feed(char: UInt32(UInt8(ascii: "2"))), [.key(.char("2"))])
        XCTAssertFalse(d.isPending)
        XCTAssertEqual(decode("\u{1B}[<0;10;5M2"), [.mouse(MouseEvent(.press, .left, col: 9, row: 4)), .key(.char("2"))])
    }
}
