import XCTest
@testable import PinImport
import PinModel

/// `RowValidator.validate(_:encodingTo:)`, the bulk load's shortcut from a record's bytes,
/// gives exactly the pins and rejections of `validate`.
final class EncodedRowTests: XCTestCase {
    private static let headers = ["name", "lat", "lon", "desc", "category", "created", "note"]

    /// (field bytes under `headers`, whether the shortcut takes the row)
    private let cases: [([[UInt8]], Bool, UInt)] = [
        (row("Plain", "37.5", "127", "a description", "cafe", "2017-03-09T22:18:44Z"), true, #line),
        (row("카동 고기집", "1.276321", "103.847773", "웨이팅 30분", "food", ""), true, #line),
        (row("힣", "-90", "180", "", "", ""), true, #line),  // U+D7A3: an ED lead byte
        (row("Meeting point 8", "0", "0", " padded description ", "park", "x"), true, #line),
        (row("  Padded  ", "1", "2", "", "", ""), false, #line),
        (row("Title\u{A0}", "1", "2", "", "", ""), false, #line),
        (row("\u{FEFF}BOM title", "1", "2", "", "", ""), false, #line),
        (row("Café", "1", "2", "", " cafe", ""), false, #line),
        (row("Café", "1", "2", "", "cafe", "2020 "), false, #line),
        (row("\u{200B}", "1", "2", "", "", ""), false, #line),       // invisible: blank title
        (row("\u{0}NUL", "1", "2", "", "", ""), false, #line),
        (row("", "1", "2", "", "", ""), false, #line),
        (row("A", "91", "2", "", "", ""), false, #line),
        (row("A", "37°34'N", "2", "", "", ""), false, #line),
        (row("A", " 1", "2", "", "", ""), true, #line),        // `DecimalNumber` skips the space
        (row("A", "1", "2", "", "", "", "kept"), true, #line),       // a property
        (row("A", "1", "2", "", "", "", " 값 \"q\" "), true, #line),
        (row("A", "1", "2", "", "", "", "", "extra"), false, #line),
        ([Array("Bad".utf8) + [0xE9], Array("1".utf8), Array("2".utf8)], false, #line),        // Latin-1 é
        ([Array("A".utf8), Array("1".utf8), Array("2".utf8), [0xED, 0xA0, 0x80]], false, #line),  // a surrogate
        ([Array("A".utf8), Array("1".utf8), Array("2".utf8), [0x61, 0xEA, 0xB0]], false, #line),  // cut at the end
        ([Array("A".utf8), Array("1".utf8), Array("2".utf8), [], [], [0xC3]], false, #line),
    ]

    private static func row(_ fields: String...) -> [[UInt8]] { fields.map { Array($0.utf8) } }

    func testShortcutMatchesValidate() throws {
        let mapping = try ColumnMapper.map(headers: Self.headers)
        XCTAssertEqual(mapping.propertyColumns, [6])
        let v = RowValidator(mapping: mapping)
        for (fields, shortcut, line) in cases {
            var bytes: [UInt8] = [], ends: [Int] = []
            for f in fields { bytes += f; ends.append(bytes.count) }
            let record = CSVRecord(line: 9, bytes: bytes, ends: ends)
            var text: [UInt8] = [1, 2, 3]  // rows before it
            let got = v.validate(record, encodingTo: &text)
            var expected: [UInt8] = [1, 2, 3]
            switch (got, v.validate(record)) {
            case let (.encoded(row), .accepted(pin)):
                XCTAssertTrue(shortcut, "\(fields)", line: line)
                let want = EncodedPinRow.append(
                    title: pin.title, description: pin.description, category: pin.category, createdAt: pin.createdAt,
                    properties: pin.properties, latitude: pin.latitude, longitude: pin.longitude, to: &expected)
                XCTAssertEqual(text, expected, "\(fields)", line: line)
                XCTAssertEqual([row.start, row.ends.0, row.ends.1, row.ends.2, row.ends.3, row.ends.4],
                               [want.start, want.ends.0, want.ends.1, want.ends.2, want.ends.3, want.ends.4], line: line)
                XCTAssertEqual([row.latitude, row.longitude], [pin.latitude, pin.longitude], line: line)
            case let (.outcome(outcome), slow):
                XCTAssertFalse(shortcut, "\(fields)", line: line)
                XCTAssertEqual(outcome, slow, line: line)
                XCTAssertEqual(text, expected, "nothing appended", line: line)
            default:
                XCTFail("\(got) for \(fields)", line: line)
            }
        }
    }

    /// Title, description and category side by side (as most files have them) and missing
    /// trailing fields: the same texts at the same offsets.
    func testNeighbouringAndMissingFields() throws {
        let v = RowValidator(mapping: try ColumnMapper.map(headers: ["name", "desc", "category", "lat", "lon", "created"]))
        for fields in [["카동 고기집", "웨이팅 30분", "food", "1.5", "2.5", "2023-02-10T10:59:47Z"],
                       ["Brick Pub", "", "bar", "1", "2", ""], ["Brick Pub", "Open late", "", "1", "2"], ["A", "", "", "1", "2"]] {
            let record = CSVRecord(line: 3, fields: fields)
            var text: [UInt8] = [9]
            guard case let .encoded(row) = v.validate(record, encodingTo: &text, wellFormed: true),
                  case let .accepted(pin) = v.validate(record) else { return XCTFail("\(fields)") }
            var expected: [UInt8] = [9]
            let want = EncodedPinRow.append(
                title: pin.title, description: pin.description, category: pin.category, createdAt: pin.createdAt,
                properties: pin.properties, latitude: pin.latitude, longitude: pin.longitude, to: &expected)
            XCTAssertEqual(text, expected, "\(fields)")
            XCTAssertEqual([row.start, row.ends.0, row.ends.1, row.ends.2, row.ends.3, row.ends.4],
                           [want.start, want.ends.0, want.ends.1, want.ends.2, want.ends.3, want.ends.4], "\(fields)")
        }
    }

    func testIsTrimmedAgreesWithTrimmedText() {
        let texts = ["", "a", " a", "a ", "\ta", "a\n", "한", " 한", "한\u{3000}", "\u{A0}x", "x\u{A0}", "\u{FEFF}",
                     "x\u{FEFF}", "\u{2028}y", "é", "🙂", "🙂 ", "\u{85}", "\u{7F}", "\u{0}", "a\u{200B}", "\u{1680}z"]
        for t in texts {
            let got = Array(t.utf8).withUnsafeBufferPointer { isTrimmed(utf8: $0) }
            XCTAssertEqual(got, trimmedText(t) == t, "\(t.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
