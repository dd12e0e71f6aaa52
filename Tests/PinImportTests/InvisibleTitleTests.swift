import XCTest
import PinModel
import PinImport

/// A title of only invisible characters (zero-width spaces, joiners, word joiners) is blank:
/// the importer, the store's rules and everything that asks `PinTitle` refuse it, as they refuse
/// "   " (before, `"\u{200B}\u{200B}"` was imported and listed as an empty row).
final class InvisibleTitleTests: XCTestCase {
    private let titles = ["\u{200B}\u{200B}\u{200B}", " \u{200D} ", "\u{2060}\u{FEFF}\u{200C}", "\u{200B}a", "🏔️", "e\u{301}"]
    private let blank = [true, true, true, false, false, false]

    func testTheRuleItself() {
        XCTAssertEqual(titles.map(PinTitle.isBlank), blank)
        XCTAssertEqual(PinTitle.validated("\u{200B}\u{200B}"), .failure(.empty))
        XCTAssertEqual(PinTitle.validated(" \u{200B}a "), .success("\u{200B}a"), "a visible letter keeps the title whole")
        XCTAssertEqual(PinTitle.or("\u{200B}", "37.5, 126.9"), "37.5, 126.9")
    }

    /// The check from bytes (a bulk load's) answers as the one from a `String`: every scalar
    /// below U+3000 and around the Hangul syllables as a title's first (alone, or before a
    /// letter), the titles above, NUL, whitespace first, and bytes that are not UTF-8 (a
    /// Hangul lead cut short, a surrogate), read as `String` repairs them.
    func testTheCheckFromBytesAnswersAsTheOneFromAString() {
        var cases: [[UInt8]] = titles.map { Array($0.utf8) }
        for v in Array(0..<0x3000) + Array(0xABF0..<0xAC10) + Array(0xD790..<0xD7B0) + Array(0xFE00..<0xFF00) {
            guard let scalar = Unicode.Scalar(UInt32(v)) else { continue }
            cases.append(Array(String(scalar).utf8))
            cases.append(Array((String(scalar) + "x").utf8))
        }
        cases += [[], [0x00, 0x61], [0x20, 0x61], [0xEA, 0xB0], [0xEA, 0xB0, 0x20], [0xED, 0xA0, 0x80], [0xEA, 0x41, 0x80, 0x41], [0xFF]]
        for bytes in cases {
            let fromBytes = bytes.withUnsafeBufferPointer { PinTitle.isBlank(utf8: $0) }
            XCTAssertEqual(fromBytes, PinTitle.isBlank(String(decoding: bytes, as: UTF8.self)), "\(bytes)")
        }
        XCTAssertFalse((0xAC00...0xD7A3).contains { Unicode.Scalar(UInt32($0))!.properties.isDefaultIgnorableCodePoint || Unicode.Scalar(UInt32($0))!.properties.isWhitespace },
                       "the fast paths take a Hangul syllable as visible")
        let refused = [" ", "a"].map { title in
            Array(title.utf8).withUnsafeBufferPointer { t -> Bool in
                do { try PinRules.check(titleUTF8: t, latitude: 37.5, longitude: 126.9); return false } catch { return true }
            }
        }
        XCTAssertEqual(refused, [true, false])
        XCTAssertThrowsError(try Array("a".utf8).withUnsafeBufferPointer { t throws(StoreError) in try PinRules.check(titleUTF8: t, latitude: 95, longitude: 0) })
    }

    func testTheStoreRulesRefuseThem() {
        let refused = titles.map { title -> Bool in
            do { try PinRules.check(title: title, latitude: 37.5, longitude: 126.9); return false } catch { return true }
        }
        XCTAssertEqual(refused, blank)
    }

    func testTheImporterRejectsTheirRowsAsBlankTitles() throws {
        let validator = RowValidator(mapping: try ColumnMapper.map(headers: ["name", "lat", "lon"]))
        let refused = titles.map { title -> Bool in
            if case .rejected(let issues) = validator.validate(CSVRecord(line: 2, fields: [title, "37.5", "126.9"])) {
                return issues.map(\.rule) == [.blankTitle]
            }
            return false
        }
        XCTAssertEqual(refused, blank)
    }
}
