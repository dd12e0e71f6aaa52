import XCTest
import PinModel
import PinImport
import GeoMap
import PinmapCore
@testable import PinmapCLI

/// One rule decides a blank title (`PinTitle`): the importer, the store, the pin form and
/// `pinmap add`/`edit` agree on every title, including the edge cases they once split on
/// (a byte order mark the store did not count as space, a leading NUL only the importer refused).
final class BlankTitleRuleTests: XCTestCase {
    private let titles = ["", "   ", "\u{FEFF}", "\u{3000}\u{A0}\t", "\0abc", "  \0", " Café ", "a", "\u{FEFF}서울\n"]
    private let blank = [true, true, true, true, true, true, false, false, false]

    func testTheRuleItself() {
        XCTAssertEqual(titles.map(PinTitle.isBlank), blank)
        XCTAssertEqual(PinTitle.validated(" Café "), .success("Café"))
        XCTAssertEqual(PinTitle.validated("\u{FEFF}서울\n"), .success("서울"))
        XCTAssertEqual(PinTitle.validated("\t"), .failure(.empty))
        XCTAssertEqual(PinTitle.validated(" \0x"), .failure(.startsWithNUL))
        XCTAssertEqual(PinTitle.or("  ", "37.5, 126.9"), "37.5, 126.9")
        XCTAssertEqual(PinTitle.or(nil, "Dropped pin"), "Dropped pin")
    }

    func testTheImporterRefusesExactlyTheBlankTitles() throws {
        let mapping = try ColumnMapper.map(headers: ["name", "lat", "lon"])
        let validator = RowValidator(mapping: mapping)
        let refused = titles.map { title -> Bool in
            if case .rejected(let issues) = validator.validate(CSVRecord(line: 2, fields: [title, "37.5", "126.9"])) {
                return issues.map(\.rule) == [.blankTitle]
            }
            return false
        }
        XCTAssertEqual(refused, blank)
    }

    func testTheStoreRefusesExactlyTheBlankTitles() {
        let refused = titles.map { title -> Bool in
            do { try PinRules.check(title: title, latitude: 37.5, longitude: 126.9); return false } catch { return true }
        }
        XCTAssertEqual(refused, blank)
    }

    func testThePinFormRefusesExactlyTheBlankTitles() {
        let refused = titles.map { title -> Bool in
            var form = PinForm(adding: GeoPoint(latitude: 37.5, longitude: 126.9))
            form.fields[PinForm.Field.title.rawValue] = TextField(title)
            if case .failure(let refusal) = form.validated() { return refusal.field == .title }
            return false
        }
        XCTAssertEqual(refused, blank)
    }

    func testTheCommandLineRefusesExactlyTheBlankTitles() {
        let refused = titles.map { title -> Bool in
            var args = ParsedArguments()
            args.values["--title"] = title
            do { _ = try PinFields.parse(args, command: "add"); return false } catch { return true }
        }
        XCTAssertEqual(refused, blank)
    }
}
