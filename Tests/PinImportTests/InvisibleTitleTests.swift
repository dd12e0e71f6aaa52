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
