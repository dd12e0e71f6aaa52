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
        XCTAssertEqual(issues, [RowIssue(line: 7, field: "Breite", value: "35.09x",
                                         reason: "latitude '35.09x' is not a number", rule: .notANumber)])
        XCTAssertEqual(issues[0].description, "line 7: latitude '35.09x' is not a number")
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
