import Foundation
import XCTest
@testable import PinImport
import PinStore

/// What `XMLInputGuard` finds before FoundationXML parses, and that every stage before and
/// inside the parse stays linear on hostile XML ("never hang").
final class XMLInputGuardTests: XCTestCase {
    private static let nul = "a NUL character, which XML does not allow (a file encoded twice, or UTF-16 inside another encoding?); save it as UTF-8"
    private static let doubleHyphen = "'--' inside a comment (XML allows it only in the closing '-->'); remove it or close the comment"

    /// Scans `text` as a GPX file, to the end.
    private func read(_ text: String, encoding: String.Encoding = .utf8) throws -> [ParsedPin] {
        let path = try temporaryFile(Array(text.data(using: encoding)!), suffix: ".gpx")
        return try scan(path).pins
    }

    /// The refusal `read` throws, as (line, column, reason).
    private func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            _ = try read(text)
            XCTFail("read, not refused", file: file, line: line)
        } catch let ImportError.malformedXML(_, l, c, reason) {
            return ["\(l)", "\(c)", reason.sentence]
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
            XCTAssertEqual(reason.sentence, Self.doubleHyphen)
        }
    }

    /// Fuzz seed 73, case 23558: UTF-16 inside UTF-16. Transcoded once it still held the
    /// instructions in UTF-16 (`<\0?\0foo…`), which libxml2 detected and FoundationXML trapped
    /// on (SIGSEGV). A NUL is refused at its place; so is one in a UTF-8 file.
    func testANulByteIsRefusedBeforeLibxml2GuessesAnotherEncoding() {
        XCTAssertThrowsError(try scan(Fixture.path("formats-own/gpx-utf16-inside-utf16.gpx"))) { error in
            guard case let .malformedXML(_, line, column, reason)? = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertEqual([line, column], [1, 2])
            XCTAssertEqual(reason.sentence, Self.nul)
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

    // MARK: Attributes, entities, names and notations in bulk

    /// An element with 200,000 attributes took libxml2 14 s (it compares each attribute with
    /// every one before it): more than 1,000 are refused at the element, before it parses.
    func testAnElementWithTooManyAttributesIsRefusedAtIt() throws {
        func gpx(_ attributes: Int) -> String {
            let extra = (0..<attributes - 2).map { "a\($0)=\"1\"" }.joined(separator: " ")
            return "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">\n <wpt lat=\"1\" lon=\"2\" \(extra)><name>w</name></wpt>\n</gpx>\n"
        }
        XCTAssertEqual(try read(gpx(1_000)).map(\.title), ["w"])
        XCTAssertEqual(refusal(gpx(1_001)), ["3", "2", "an element with more than 1,000 attributes (GPX and KML elements have a few); the file is damaged or not a pin file"])
        // Namespace declarations are attributes too; a `>` or `=` inside a quoted value is not.
        let declarations = (0..<1_001).map { "xmlns:p\($0)=\"u\"" }.joined(separator: " ")
        XCTAssertEqual(refusal("<gpx \(declarations)></gpx>").last, "an element with more than 1,000 attributes (GPX and KML elements have a few); the file is damaged or not a pin file")
        XCTAssertEqual(try read("<gpx><wpt lat=\"1\" lon=\"2\" x=\"\(String(repeating: "=>", count: 2_000))\"><name>q</name></wpt></gpx>").map(\.title), ["q"])
    }

    /// A document that declares entities may refer to them 100,000 times (each reference
    /// costs FoundationXML microseconds); XML's own five and character references, and a
    /// document that declares none (an HTML description full of `&nbsp;` in CDATA), are free.
    func testReferencesToDeclaredEntitiesAreBounded() throws {
        func gpx(_ references: Int, declare: Bool) -> String {
            (declare ? "<!DOCTYPE gpx [<!ENTITY e \"v\">]>\n" : "")
                + "<gpx><wpt lat=\"1\" lon=\"2\"><name>w" + String(repeating: "&amp;&#65;", count: 1_000)
                + "</name><desc><![CDATA[" + String(repeating: "&nbsp;", count: declare ? 0 : 100_001) + "]]>"
                + String(repeating: "&e;", count: declare ? references : 0) + "</desc></wpt></gpx>\n"
        }
        XCTAssertEqual(try read(gpx(100_000, declare: true)).map(\.title.count), [2_001])
        XCTAssertEqual(try read(gpx(0, declare: false)).map(\.title.count), [2_001])
        XCTAssertEqual(refusal(gpx(100_001, declare: true)), ["2", "310059", "more than 100,000 references to the document's own entities; the file is damaged or not a pin file"])
        let declarations = (0...1_000).map { "<!ENTITY e\($0) \"v\">" }.joined()
        XCTAssertEqual(refusal("<!DOCTYPE gpx [\(declarations)]><gpx/>").last, "more than 1,000 entity and element declarations (GPX and KML need none); the file is damaged or not a pin file")
        let elements = (0...1_000).map { "<!ELEMENT e\($0) ANY>" }.joined()
        XCTAssertEqual(refusal("<!DOCTYPE gpx [\(elements)]><gpx/>").last, "more than 1,000 entity and element declarations (GPX and KML need none); the file is damaged or not a pin file")
    }

    /// libxml2 2.9's name dictionary stops growing at 16,384 buckets: distinct names cost
    /// quadratic time (`<x0/><x1/>…`, 10 MB: 20 s). More than 10,000 different element,
    /// attribute and namespace names are refused; values (coordinates) are not names.
    func testDistinctNamesAreBoundedButValuesAreNot() throws {
        func gpx(_ body: String) -> String { "<gpx>\(body)<wpt lat=\"1\" lon=\"2\"><name>last</name></wpt></gpx>\n" }
        let waypoints = (0..<20_000).map { "<wpt lat=\"\(Double($0) / 1000)\" lon=\"\($0 % 180)\"><name>w\($0)</name></wpt>" }.joined()
        XCTAssertEqual(try read(gpx(waypoints)).count, 20_001)
        let reason = "more than 10,000 different element and attribute names (GPX and KML use a few dozen); the file is damaged or not a pin file"
        XCTAssertEqual(refusal(gpx((0..<10_001).map { "<x\($0)/>" }.joined())).last, reason)
        XCTAssertEqual(refusal(gpx((0..<10_001).map { "<wpt lat=\"1\" lon=\"2\" a\($0)=\"1\"/>" }.joined())).last, reason)
        XCTAssertEqual(refusal(gpx((0..<10_001).map { "<p:x xmlns:p=\"u\($0)\"/>" }.joined())).last, reason)
        XCTAssertEqual(try read(gpx((0..<9_990).map { "<x\($0)/>" }.joined())).count, 1)
    }

    /// A notation declaration crashed FoundationXML (SIGSEGV, even one); they are blanked.
    /// Parameter entity references re-declaring entities are bounded (1.7 million took 4 s).
    func testNotationsAreIgnoredAndParameterReferencesBounded() throws {
        let notation = "<!DOCTYPE gpx [<!NOTATION n PUBLIC \"p\"><!NOTATION m SYSTEM 'a>b'>]>\n<gpx><wpt lat=\"1\" lon=\"2\"><name>w</name></wpt></gpx>\n"
        XCTAssertEqual(try read(notation).map(\.title), ["w"])
        func parameters(_ n: Int) -> String {
            "<!DOCTYPE gpx [<!ENTITY % p \"<!ENTITY e 'v'>\">" + String(repeating: "%p;", count: n) + "]>\n<gpx><wpt lat=\"1\" lon=\"2\"><name>w</name></wpt></gpx>\n"
        }
        // Up to the limit libxml2 parses them (and, without a loaded DTD, refuses the first).
        XCTAssertEqual(refusal(parameters(1_000)), ["1", "50", "an undefined or malformed entity (a bare '&'?)"])
        XCTAssertEqual(refusal(parameters(1_001)), ["1", "3047", "more than 1,000 parameter entity references (%name;) in the document type; the file is damaged or not a pin file"])
    }

    /// Attribute defaults declared in the document type are not applied (a default on every
    /// element multiplied the attributes of each).
    func testAttributeListDeclarationsAreIgnored() throws {
        let text = "<!DOCTYPE gpx [<!ATTLIST wpt lat CDATA \"5\" lon CDATA \"6\" x CDATA 'a>b'>]>\n<gpx><wpt lat=\"1\" lon=\"2\"><name>w</name></wpt><wpt><name>v</name></wpt></gpx>\n"
        let path = try temporaryFile(Array(text.utf8), suffix: ".gpx")
        let summary = try scan(path)
        XCTAssertEqual(summary.pins.map(\.title), ["w"])
        XCTAssertEqual(summary.rejected.count, 1, "the second waypoint has no coordinates of its own")
    }

    /// The finding's file: an external entity used in a placemark's name before its `<Point>`.
    /// The placemark is read without the entity (nothing of /etc/passwd), and a note says so.
    func testAnExternalEntityIsLeftOutAndThePlacemarkKept() throws {
        let kml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]>
        <kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>A&x;B</name><Point><coordinates>126.9,37.5</coordinates></Point></Placemark>
        <Placemark><name>C&x;</name><description>d&x;</description><Point><coordinates>127,37.6</coordinates></Point></Placemark></Document></kml>
        """
        let path = try temporaryFile(Array(kml.utf8), suffix: ".kml")
        let report = try Importer.run(path: path, store: try Store.inMemory())
        XCTAssertEqual(report.imported, 2)
        XCTAssertEqual(report.rejected, 0)
        XCTAssertEqual(report.notes.map(\.description), ["the external entity &x; names a file outside this one, never read: its references were left out"])
        let pins = try scan(path).pins
        XCTAssertEqual(pins.map(\.title), ["AB", "C"])
        XCTAssertEqual(pins.map(\.latitude), [37.5, 37.6])
        XCTAssertEqual(pins.map(\.description), ["", "d"])
        XCTAssertFalse(pins.contains { $0.title.contains("root") || $0.description.contains("root") })
    }

    /// An external parameter entity and its reference in the document type: never read (no
    /// text of /etc/hostname in a pin), named in a note, and the placemark kept. Before, the
    /// reference made libxml2 refuse the whole file ("an undefined or malformed entity").
    func testAnExternalParameterEntityIsLeftOutAndThePlacemarkKept() throws {
        let kml = """
        <!DOCTYPE kml [<!ENTITY % p SYSTEM "file:///etc/hostname">%p;]>
        <kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>A</name><description>d</description><Point><coordinates>126.9,37.5</coordinates></Point></Placemark></kml>
        """
        let path = try temporaryFile(Array(kml.utf8), suffix: ".kml")
        let report = try Importer.run(path: path, store: try Store.inMemory())
        XCTAssertEqual(report.imported, 1)
        XCTAssertEqual(report.notes.map(\.description), ["the external entity %p; names a file outside this one, never read: its references were left out"])
        let pins = try scan(path).pins
        XCTAssertEqual(pins.map(\.title), ["A"])
        XCTAssertEqual(pins.map(\.description), ["d"])
        let hostname = try String(contentsOfFile: "/etc/hostname", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertFalse(hostname.isEmpty)
        XCTAssertFalse(pins.contains { $0.title.contains(hostname) || $0.description.contains(hostname) })
    }

    /// A `longname.gpx` with a 5 MB element name: libxml2 stops at it with error 110,
    /// which read "the XML is not well-formed (libxml2 error 110)"; it is said in words now,
    /// with the place. No libxml2 code is ever shown as a bare number.
    func testALongNameIsRefusedInWordsWithItsPlace() {
        let name = String(repeating: "n", count: 5_000_000)
        XCTAssertEqual(refusal("<gpx>\n<\(name)>x</\(name)></gpx>\n"), ["2", "2", "an element or attribute name is too long"])
        XCTAssertEqual(XMLErrorReason.text(code: 110), "an element or attribute name is too long")
        XCTAssertEqual(XMLErrorReason.text(code: 9_999), "the XML is not well-formed here")
        for code in 0..<1_000 {
            XCTAssertFalse(XMLErrorReason.text(code: code).contains("\(code)"), "code \(code)")
        }
    }

    /// The declaration is rewritten in place: lines and columns after it stay the file's own.
    func testAnExternalEntityDeclarationKeepsLinesAndColumns() {
        let text = "<!DOCTYPE gpx [<!ENTITY x\n  SYSTEM\n 'a>b'>\n<!ENTITY % p PUBLIC \"-//x\" \"y\">]>\n<gpx>&x;<wpt></gpx>\n"
        let scan = Array(text.utf8).withUnsafeBytes { XMLInputGuard.scan($0) }
        XCTAssertEqual(scan.externalEntities.map(\.reference), ["&x;", "%p;"])
        let out = try? XMLInputGuard.neutralized(Data(text.utf8))
        XCTAssertEqual(out.map { String(decoding: $0.data, as: UTF8.self) },
                       "<!DOCTYPE gpx [<!ENTITY x\n  \" \"   \n      >\n<!ENTITY % p \" \"              >]>\n<gpx>&x;<wpt></gpx>\n")
        XCTAssertEqual(refusal(text), ["5", "20", "an end tag does not match its start tag (a tag left open?)"])
    }
}
