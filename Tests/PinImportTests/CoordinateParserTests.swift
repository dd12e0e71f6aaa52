import XCTest
@testable import PinImport
@testable import PinModel

final class CoordinateParserTests: XCTestCase {
    private enum Expect { case value(Double), rule(ImportRule) }

    /// (text, axis, expected). Values in decimal degrees.
    private let cases: [(String, CoordinateAxis, Expect, UInt)] = [
        // plain decimals
        ("37.5665", .latitude, .value(37.5665), #line),
        ("+126.978", .longitude, .value(126.978), #line),
        ("  -33.8568  ", .latitude, .value(-33.8568), #line),
        ("1.27E1", .longitude, .value(12.7), #line),
        ("1.27e+1", .longitude, .value(12.7), #line),
        ("-1.5e-1", .latitude, .value(-0.15), #line),
        (".5", .latitude, .value(0.5), #line),
        ("5.", .latitude, .value(5), #line),
        ("0", .latitude, .value(0), #line),
        ("37.566500000000000001", .latitude, .value(37.5665), #line),
        ("\u{A0}12.5\u{A0}", .latitude, .value(12.5), #line),
        // one decimal comma, never truncated
        ("37,5665", .latitude, .value(37.5665), #line),
        ("-0,1246", .longitude, .value(-0.1246), #line),
        ("2,3522", .longitude, .value(2.3522), #line),
        // DMS / DDM
        ("37°33'59.4\"N", .latitude, .value(37.5665), #line),
        ("126°58'40.8\"E", .longitude, .value(126.978), #line),
        ("33°51'35.9\"S", .latitude, .value(-33.859972222), #line),
        ("74°0'21.6\"W", .longitude, .value(-74.006), #line),
        ("35°09′31.3″N", .latitude, .value(35.158694444), #line),
        ("33 27 28.8 N", .latitude, .value(33.458), #line),
        ("N35°10.776'", .latitude, .value(35.1796), #line),
        ("E 129° 04.536'", .longitude, .value(129.0756), #line),
        ("37º33'06.0\"N", .latitude, .value(37.551666667), #line),
        ("02°15’39.6’’N", .latitude, .value(2.261), #line),
        ("59°12’7.7’’W", .longitude, .value(-59.202138889), #line),
        ("37:30:00N", .latitude, .value(37.5), #line),
        ("37.25N", .latitude, .value(37.25), #line),
        ("127.5 E", .longitude, .value(127.5), #line),
        // Lower case for the axis's own letters; a latitude's "e" stays a broken exponent.
        ("127.5e", .longitude, .value(127.5), #line),
        ("37.25n", .latitude, .value(37.25), #line),
        ("35.6762n", .latitude, .value(35.6762), #line),
        ("139.6503e", .longitude, .value(139.6503), #line),
        ("33.5s", .latitude, .value(-33.5), #line),
        ("70.25w", .longitude, .value(-70.25), #line),
        ("37.25e", .latitude, .rule(.notANumber), #line),
        ("-37°30'", .latitude, .value(-37.5), #line),
        ("+37 N", .latitude, .value(37), #line),
        ("37°", .latitude, .value(37), #line),
        ("37° 33,5'", .latitude, .value(37.558333333), #line),
        // Parts without marks, as QGIS's delimited-text tests write them.
        ("35 51 20", .latitude, .value(35.855555556), #line),
        ("12ß", .latitude, .rule(.notANumber), #line),  // "SS" when upper-cased: no hemisphere, no trap
        ("ŉ12", .longitude, .rule(.notANumber), #line),
        ("-035 51 20", .longitude, .value(-35.855555556), #line),
        ("4 55.03", .latitude, .value(4.917166667), #line),
        ("N 4 55.03", .latitude, .value(4.917166667), #line),
        ("4 55.03 S", .latitude, .value(-4.917166667), #line),
        ("W 035 51 20", .longitude, .value(-35.855555556), #line),
        ("035 51 20W", .longitude, .value(-35.855555556), #line),
        ("35 51 60", .latitude, .rule(.secondsOutOfRange), #line),
        ("35 60", .latitude, .rule(.minutesOutOfRange), #line),
        ("35.5 20", .latitude, .rule(.notANumber), #line),
        ("1 2 3 4", .latitude, .rule(.notANumber), #line),
        // hemisphere rules
        ("37°33'59.4\"E", .latitude, .rule(.wrongAxisHemisphere), #line),
        ("126°58'40.8\"N", .longitude, .rule(.wrongAxisHemisphere), #line),
        ("-37°30'S", .latitude, .rule(.signWithHemisphere), #line),
        ("+74 W", .longitude, .rule(.signWithHemisphere), #line),
        ("-37.5N", .latitude, .rule(.signWithHemisphere), #line),
        ("N37.5S", .latitude, .rule(.notANumber), #line),
        // minutes and seconds below 60
        ("37°75'00\"N", .latitude, .rule(.minutesOutOfRange), #line),
        ("37°60'N", .latitude, .rule(.minutesOutOfRange), #line),
        ("37°10'60\"N", .latitude, .rule(.secondsOutOfRange), #line),
        ("37°59'59.999\"N", .latitude, .value(37.999999722), #line),
        ("37.5°30'N", .latitude, .rule(.notANumber), #line),
        ("37'30°N", .latitude, .rule(.notANumber), #line),
        // not numbers
        ("", .latitude, .rule(.emptyCoordinate), #line),
        ("   ", .longitude, .rule(.emptyCoordinate), #line),
        ("abc", .latitude, .rule(.notANumber), #line),
        ("N/A", .latitude, .rule(.notANumber), #line),
        ("36.4.5", .latitude, .rule(.twoDecimalSeparators), #line),
        ("48,85,66", .latitude, .rule(.twoDecimalSeparators), #line),
        ("1,000.5", .latitude, .rule(.twoDecimalSeparators), #line),
        ("36 .8", .latitude, .rule(.notANumber), #line),
        ("37 30", .latitude, .value(37.5), #line),
        ("1e", .latitude, .rule(.notANumber), #line),
        ("--5", .latitude, .rule(.notANumber), #line),
        ("—", .latitude, .rule(.notANumber), #line),
        ("NaN", .latitude, .rule(.notFinite), #line),
        ("-nan", .latitude, .rule(.notFinite), #line),
        ("inf", .longitude, .rule(.notFinite), #line),
        ("-Infinity", .longitude, .rule(.notFinite), #line),
        ("0x1A", .latitude, .rule(.hexadecimal), #line),
        ("0X10", .latitude, .rule(.hexadecimal), #line),
        ("-0x1p3", .latitude, .rule(.hexadecimal), #line),
        // Decimals too large for a Double: numbers far out of range (they were "not a number").
        ("1e309", .latitude, .rule(.outOfRange), #line),
        ("-1E400", .longitude, .rule(.outOfRange), #line),
        ("\u{2212}1e999", .longitude, .rule(.outOfRange), #line),
        ("e309", .latitude, .rule(.notANumber), #line),
        // U+2212 MINUS SIGN, as Wikipedia and typeset text write a negative number: a minus.
        // ('−33.8568' was "not a number".)
        ("\u{2212}33.8568", .latitude, .value(-33.8568), #line),
        (" \u{2212}70,25 ", .longitude, .value(-70.25), #line),
        ("\u{2212}37°30′", .latitude, .value(-37.5), #line),
        ("\u{2212}37°30′S", .latitude, .rule(.signWithHemisphere), #line),
        ("\u{2212}\u{2212}5", .latitude, .rule(.notANumber), #line),
        ("\u{2212}-5", .latitude, .rule(.notANumber), #line),
        ("5\u{2212}", .latitude, .rule(.notANumber), #line),
        ("\u{2212}inf", .longitude, .rule(.notFinite), #line),
        // Full-width forms, as CJK input methods type them into spreadsheets, and an EN DASH
        // for a minus (a word processor's): they were "not a number".
        ("３７．５６６５", .latitude, .value(37.5665), #line),
        ("－３３．８", .latitude, .value(-33.8), #line),
        ("\u{3000}１２６，９７８", .longitude, .value(126.978), #line),
        ("３７°３３′５８″Ｎ", .latitude, .value(37.56611111111111), #line),
        ("\u{2013}33.8688", .latitude, .value(-33.8688), #line),
        ("３７ａ", .latitude, .rule(.notANumber), #line),
        ("ＮａＮ", .latitude, .rule(.notANumber), #line),
        ("5\u{2013}", .latitude, .rule(.notANumber), #line),
        // Korean, Japanese and Chinese angle words (were "not a number").
        ("37도 30분 15초", .latitude, .value(37.50416666666667), #line),
        ("127도", .longitude, .value(127), #line),
        ("37度30分15秒", .latitude, .value(37.50416666666667), #line),
        ("북위 37.5", .latitude, .value(37.5), #line),
        ("남위 33도 52분", .latitude, .value(-33.86666666666667), #line),
        ("서경 74.006", .longitude, .value(-74.006), #line),
        ("東経139度45分", .longitude, .value(139.75), #line),
        ("北纬39.9", .latitude, .value(39.9), #line),
        ("동경 37.5", .latitude, .rule(.wrongAxisHemisphere), #line),
        ("37도 75분", .latitude, .rule(.minutesOutOfRange), #line),
        ("남위 -33", .latitude, .rule(.signWithHemisphere), #line),
        ("37도쯤", .latitude, .rule(.notANumber), #line),
    ]

    func testTable() {
        for (text, axis, expect, line) in cases {
            let got = CoordinateParser.parse(text, axis: axis, field: .column("col"))
            switch (expect, got) {
            case let (.value(v), .success(g)):
                XCTAssertEqual(g, v, accuracy: 1e-9, "'\(text)'", line: line)
            case let (.rule(r), .failure(issue)):
                XCTAssertEqual(issue.rule, r, "'\(text)': \(issue.reason)", line: line)
                XCTAssertEqual(issue.field, .column("col"), line: line)
                XCTAssertEqual(issue.value, text, line: line)
            default:
                XCTFail("'\(text)' on \(axis): expected \(expect), got \(got)", line: line)
            }
        }
    }

    /// A letter that upper-cases to two ("ß" → "SS") at either end trapped the importer
    /// (found by Scripts/fuzz_import.py): it is no hemisphere, the value is not a number.
    func testLettersThatUpperCaseToTwoAreNoHemisphere() {
        for text in ["ß5", "5ß", "ﬁ5"] {
            guard case .failure(let issue) = CoordinateParser.parse(text, axis: .latitude, field: .latitude(key: "lat")) else {
                return XCTFail("\(text) parsed")
            }
            XCTAssertEqual(issue.rule, .notANumber, text)
        }
    }

    func testByteAndStringPathsAgree() {
        for (text, axis, _, line) in cases {
            var copy = text
            let fromBytes = copy.withUTF8 { CoordinateParser.parse(bytes: $0, axis: axis, field: .column("col")) }
            let fromString = CoordinateParser.parse(text, axis: axis, field: .column("col"))
            switch (fromBytes, fromString) {
            case let (.success(a), .success(b)): XCTAssertEqual(a.bitPattern, b.bitPattern, line: line)
            case let (.failure(a), .failure(b)): XCTAssertEqual(a, b, line: line)
            default: XCTFail("'\(text)': paths disagree", line: line)
            }
        }
    }

    func testDecimalsRoundLikeStrtod() {
        // The fast path must agree bit for bit with Double(String) (correct rounding).
        let samples = ["37.5665", "126.978", "-33.859972", "0.1", "89.999999", "-179.999999", "1.27E1",
                       "123456789012345678901234", "0.000000000000000000000000123", "9007199254740993",
                       "37.12345678901234567", "1e22", "1e23", "4.9e-324"]
        for s in samples {
            XCTAssertEqual(DecimalNumber.parse(s)?.bitPattern, Double(s)?.bitPattern, s)
        }
    }

    /// (lat, lon, rules of the issues, whether the reason hints at swapped columns)
    private let ranges: [(Double, Double, [ImportRule], Bool, UInt)] = [
        (90, 180, [], false, #line),
        (-90, -180, [], false, #line),
        (0, 0, [], false, #line),
        (90.0000001, 0, [.outOfRange], false, #line),
        (-90.0001, 10, [.outOfRange], false, #line),
        (0, -180.0000001, [.outOfRange], false, #line),
        (95, 10, [.outOfRange], true, #line),
        (95, 100, [.outOfRange], false, #line),
        (126.978, 37.5665, [.outOfRange], true, #line),
        (4518900, 14134000, [.outOfRange, .outOfRange], false, #line),
        (10, 200, [.outOfRange], false, #line),
    ]

    /// Degrees, minutes and seconds are summed with one rounding: each result is the double
    /// nearest the exact value (126°58′40.8″ was 126.97800000000001, a unit in the last place
    /// off, as about a quarter of all angles were).
    func testAnglesAreCorrectlyRounded() {
        let cases: [(String, CoordinateAxis, Double)] = [
            (#"126°58'40.8"E"#, .longitude, 126.978), (#"37°33'59.4"N"#, .latitude, 37.5665),
            ("37 33 59.4 N", .latitude, 37.5665), ("N37°33.99'", .latitude, 37.5665), ("-035 51 20", .latitude, -35.855555555555554),
            (#"0°0'0.036"S"#, .latitude, -0.00001), ("45 30", .latitude, 45.5),
        ]
        XCTAssertEqual(cases.map { text, axis, _ -> Double? in try? CoordinateParser.parse(text, axis: axis, field: .column("c")).get() },
                       cases.map(\.2))
        XCTAssertEqual(AngleParser.exactSum(["126", "58", "40.8"]), 126.978)
        XCTAssertNil(AngleParser.exactSum(["126", "58", "40.1234567890"]), "more decimals than the fraction keeps exact")
    }

    func testInclusiveRangesNeverClampOrSwap() {
        for (lat, lon, rules, swapHint, line) in ranges {
            let issues = CoordinateParser.rangeIssues(latitude: lat, longitude: lon, latText: "\(lat)",
                                                      lonText: "\(lon)", latField: .column("lat"), lonField: .column("lon"))
            XCTAssertEqual(issues.map(\.rule), rules, line: line)
            XCTAssertEqual(issues.contains { $0.reason.contains("swapped") }, swapHint, line: line)
        }
    }

    func testSignOfAntimeridianAndPolesIsKept() throws {
        XCTAssertEqual(try CoordinateParser.parse("180", axis: .longitude, field: .longitude(key: "x")).get(), 180)
        XCTAssertEqual(try CoordinateParser.parse("-180", axis: .longitude, field: .longitude(key: "x")).get(), -180)
        XCTAssertEqual(try CoordinateParser.parse("-90.0", axis: .latitude, field: .latitude(key: "x")).get(), -90)
        XCTAssertEqual(try CoordinateParser.parse("180°W", axis: .longitude, field: .longitude(key: "x")).get(), -180)
    }

    func testReasonsNameTheAxisAndValue() {
        guard case let .failure(issue) = CoordinateParser.parse("48,85,66", axis: .latitude, field: .latitude(key: "Lat")) else {
            return XCTFail("expected a failure")
        }
        XCTAssertEqual(issue.reason, "latitude '48,85,66' is not a valid number (two decimal separators)")
        guard case let .failure(nan) = CoordinateParser.parse("NaN", axis: .latitude, field: .latitude(key: "Lat")) else {
            return XCTFail("expected a failure")
        }
        XCTAssertEqual(nan.reason, "latitude 'NaN' is not a finite number")
    }

    /// Fuzz seed 73, case 12094: a sign, 300,000 tabs, then the number. The angle parser
    /// trimmed one scalar at a time from the front of an array (quadratic: 4 s); a million
    /// tabs are now trimmed at once, and the value is still read.
    func testMillionsOfSpacesAfterASignAreTrimmedAtOnce() throws {
        let tabs = String(repeating: "\t", count: 1_000_000)
        XCTAssertEqual(try CoordinateParser.parse("-\(tabs)12°30'\(tabs)", axis: .latitude, field: .column("x")).get(), -12.5)
        XCTAssertEqual(try CoordinateParser.parse("\(tabs)+\(tabs)45°N", axis: .latitude, field: .column("x")).get(), 45)
        guard case let .failure(issue) = CoordinateParser.parse("-\(tabs)1.8806", axis: .longitude, field: .column("x")) else {
            return XCTFail("expected a failure")
        }
        XCTAssertEqual(issue.rule, .notANumber)
    }
}
