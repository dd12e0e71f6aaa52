import XCTest
@testable import PinImport
import PinModel

final class RowValidatorTests: XCTestCase {
    private func validator(_ headers: [String]) throws -> RowValidator {
        RowValidator(mapping: try ColumnMapper.map(headers: headers))
    }

    private enum Expect: Equatable { case blank, accepted(String, Double, Double), rejected([ImportRule]) }

    /// (fields, expected) under the header name,lat,lon,desc
    private let cases: [([String], Expect, UInt)] = [
        (["A", "1", "2", "d"], .accepted("A", 1, 2), #line),
        (["  Padded  ", "1", "2"], .accepted("Padded", 1, 2), #line),
        ([""], .blank, #line),
        (["   "], .blank, #line),
        (["", "", "", ""], .blank, #line),
        ([" ", "\t", "", " "], .blank, #line),
        (["", "1", "2", "d"], .rejected([.blankTitle]), #line),
        (["\u{A0}", "1", "2"], .rejected([.blankTitle]), #line),
        (["A", "1", "2", "d", "extra"], .rejected([.extraFields]), #line),
        (["A", "1", "2", "d", "", " "], .accepted("A", 1, 2), #line),
        (["A", "1"], .rejected([.emptyCoordinate]), #line),
        (["", "x", "200"], .rejected([.blankTitle, .notANumber]), #line),
        (["A", "95", "200"], .rejected([.outOfRange, .outOfRange]), #line),
        (["A", "abc", "inf"], .rejected([.notANumber, .notFinite]), #line),
    ]

    func testTable() throws {
        let v = try validator(["name", "lat", "lon", "desc"])
        for (fields, expected, line) in cases {
            let got: Expect
            switch v.validate(CSVRecord(line: 42, fields: fields)) {
            case .blank: got = .blank
            case .accepted(let p): got = .accepted(p.title, p.latitude, p.longitude)
            case .rejected(let issues):
                got = .rejected(issues.map(\.rule))
                XCTAssertTrue(issues.allSatisfy { $0.line == 42 }, "every issue carries the row's line", line: line)
            }
            XCTAssertEqual(got, expected, "\(fields)", line: line)
        }
    }

    func testIssuesCarryFieldValueAndRule() throws {
        let v = try validator(["Name", "Breite", "lng"])
        guard case let .rejected(issues) = v.validate(CSVRecord(line: 7, fields: ["X", "35.09x", "129"])) else {
            return XCTFail("expected a rejection")
        }
        XCTAssertEqual(issues, [RowIssue(line: 7, field: .column("Breite"), value: "35.09x",
                                         reason: "latitude '35.09x' is not a number", rule: .notANumber)])
        XCTAssertEqual(issues[0].description, "line 7: latitude '35.09x' is not a number")
    }

    /// Decimal commas in a comma-separated file (`A,37,5665,126,978`) are named, with what to
    /// do; the row said its longitude 5665 looked like projected metres and to use --crs.
    /// A row with a real extra field keeps its coordinate checks.
    func testDecimalCommasSplitByTheDelimiterAreNamed() throws {
        let v = try validator(["name", "lat", "lon"])
        guard case let .rejected(issues) = v.validate(CSVRecord(line: 2, fields: ["A", "37", "5665", "126", "978"])) else {
            return XCTFail("expected a rejection")
        }
        XCTAssertEqual(issues.map(\.description), [
            "line 2: row has 2 non-empty fields beyond the header's 3 columns; its coordinates look written with decimal commas "
                + "(37,5665) in a comma-separated file: quote them (\"37,5665\") or save the file with ; as the delimiter"])
        guard case let .rejected(other) = v.validate(CSVRecord(line: 3, fields: ["B", "37.5", "x", "note"])) else {
            return XCTFail("expected a rejection")
        }
        XCTAssertEqual(other.map(\.description), [
            "line 3: row has 1 non-empty field beyond the header's 3 columns", "line 3: longitude 'x' is not a number"])
    }

    func testGeometryColumnRows() throws {
        let v = try validator(["WKT", "name"])
        guard case let .accepted(p) = v.validate(CSVRecord(line: 2, fields: ["POINT (126.978 37.5665)", "Plaza"])) else {
            return XCTFail("expected acceptance")
        }
        XCTAssertEqual(p.latitude, 37.5665)
        XCTAssertEqual(p.longitude, 126.978)
    }
}
