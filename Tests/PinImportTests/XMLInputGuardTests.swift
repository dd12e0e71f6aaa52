import Foundation
import XCTest
@testable import PinImport

/// What `XMLInputGuard` finds before FoundationXML parses, and that every stage before and
/// inside the parse stays linear on hostile XML (issue #15: "never hang").
final class XMLInputGuardTests: XCTestCase {
    private static let nul = "a NUL character, which XML does not allow (a file encoded twice, or UTF-16 inside another encoding?); save it as UTF-8"
    private static let doubleHyphen = "'--' inside a comment (XML allows it only in the closing '-->'); remove it or close the comment"

    /// Scans `text` as a GPX file, to the end.
    private func read(_ text: String, encoding: String.Encoding = .utf8) throws -> [ParsedPin] {
        let path = Fixture.temporary(Array(text.data(using: encoding)!), suffix: ".gpx")
        defer { unlink(path) }
        return try scan(path).pins
    }

    /// The refusal `read` throws, as (line, column, reason).
    private func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            _ = try read(text)
            XCTFail("read, not refused", file: file, line: line)
        } catch let ImportError.malformedXML(_, l, c, reason) {
            return ["\(l)", "\(c)", reason]
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        return []
    }

    func testOneScanFindsInstructionsAndTheFirstDoubleHyphenInAComment() {
        func scan(_ s: String) -> XMLInputGuard.Scan {
            Array(s.utf8).withUnsafeBytes { XMLInputGuard.scan($0) }
        }
        XCTAssertEqual(scan("<a><!-- - x - --><?p q?><![CDATA[ -- <?r?> ]]></a>"),
                       XMLInputGuard.Scan(instructions: [17..<24], doubleHyphen: nil))
        // The scan stops at the `--`: the instruction after it is not looked for.
        XCTAssertEqual(scan("<?x?><a><!-- b -- c --><?p?></a>"),
                       XMLInputGuard.Scan(instructions: [0..<5], doubleHyphen: 15))
        XCTAssertEqual(scan("<a><!-- b --->"), XMLInputGuard.Scan(instructions: [], doubleHyphen: 10))
        XCTAssertEqual(scan("<a><!-- left open - -"), XMLInputGuard.Scan(instructions: [], doubleHyphen: nil))
    }

    /// Fuzz seed 67, case 20793 (cut to 200 dashes): UTF-16, a comment left open and full of
    /// dashes. libxml2 2.9 copied the comment read so far into every "double hyphen" error:
    /// the 298,000-dash case took 28 s. It is refused at its first `--`, in its own words.
    func testACommentFullOfDashesIsRefusedAtItsFirstDoubleHyphen() throws {
        XCTAssertThrowsError(try scan(Fixture.path("formats-own/gpx-comment-dashes-utf16.gpx"))) { error in
            guard case let .malformedXML(_, line, column, reason)? = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertEqual([line, column], [2, 9])
            XCTAssertEqual(reason, Self.doubleHyphen)
        }
    }

    /// Fuzz seed 73, case 23558: UTF-16 inside UTF-16. Transcoded once it still held the
    /// instructions in UTF-16 (`<\0?\0foo…`), which libxml2 detected and FoundationXML trapped
    /// on (SIGSEGV). A NUL is refused at its place; so is one in a UTF-8 file.
    func testANulByteIsRefusedBeforeLibxml2GuessesAnotherEncoding() {
        XCTAssertThrowsError(try scan(Fixture.path("formats-own/gpx-utf16-inside-utf16.gpx"))) { error in
            guard case let .malformedXML(_, line, column, reason)? = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertEqual([line, column], [1, 2])
            XCTAssertEqual(reason, Self.nul)
        }
        XCTAssertEqual(refusal("<gpx>\n<wpt lat=\"1\" lon=\"2\"><name>a\0b</name></wpt></gpx>"), ["2", "29", Self.nul])
    }

    /// Two million dashes in a comment, closed or left open, then waypoints: refused at once
    /// (the old quadratic path needed hours here, not a failing assertion).
    func testTwoMillionDashesInACommentAreRefusedAtOnce() {
        let dashes = String(repeating: "-", count: 2_000_000)
        let closed = "<gpx>\n<wpt lat=\"1\" lon=\"2\"><name>a</name></wpt>\n  <!-- x \(dashes) -->\n<wpt lat=\"3\" lon=\"4\"/></gpx>\n"
        XCTAssertEqual(refusal(closed), ["3", "10", Self.doubleHyphen])
        XCTAssertEqual(refusal("<gpx><!--\(dashes)"), ["1", "10", Self.doubleHyphen])
    }

    /// What XML allows stays read: a comment of a million single dashes, a `<!--` in CDATA,
    /// a comment left open without `--` is refused by libxml2 as unclosed (all linear).
    func testLegalCommentsOfAnyLengthAreReadAndAnUnclosedOneIsRefused() throws {
        let singles = String(repeating: "- ", count: 1_000_000)
        let text = "<gpx><!--\(singles)--><wpt lat=\"1\" lon=\"2\"><name><![CDATA[a <!-- -- b]]></name></wpt></gpx>"
        XCTAssertEqual(try read(text).map(\.title), ["a <!-- -- b"])
        XCTAssertEqual(try read(text, encoding: .utf16).map(\.title), ["a <!-- -- b"])
        XCTAssertEqual(refusal("<gpx><wpt lat=\"1\" lon=\"2\"/><!-- \(singles)"),
                       ["1", "2000033", "a comment is left open (no closing '-->')"])
    }
}
