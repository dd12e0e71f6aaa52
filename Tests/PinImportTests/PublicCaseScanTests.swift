import Foundation
import XCTest
@testable import PinImport
import PinModel

/// The issue-5 public cases (copied into Fixtures/public with expected.json), scanned without a
/// store: accepted rows, rejected rows and checked values must match expected.json. None of
/// these cases has duplicates, so accepted rows are exactly what an import adds.
final class PublicCaseScanTests: XCTestCase {
    func testEveryPublicCase() throws {
        let expected = try PublicCases.load()
        XCTAssertEqual(expected.count, 16)
        for (name, exp) in expected.sorted(by: { $0.key < $1.key }) {
            let path = Fixture.path("public/\(name)")
            if exp.file_error {
                XCTAssertThrowsError(try scan(path), name)
                continue
            }
            let result = try scan(path)
            XCTAssertEqual(result.pins.count, exp.imported, "\(name) imported")
            XCTAssertEqual(result.rejected.count, exp.rejected, "\(name) rejected: \(result.rejected)")
            for c in exp.checks {
                guard let pin = result.pin(c.title) else { XCTFail("\(name): no pin \(c.title)"); continue }
                if let lat = c.latitude { XCTAssertEqual(pin.latitude, lat, accuracy: 1e-6, "\(name) \(c.title)") }
                if let lon = c.longitude { XCTAssertEqual(pin.longitude, lon, accuracy: 1e-6, "\(name) \(c.title)") }
            }
        }
    }

    /// The MANIFEST's "expected behaviour for bad rows": lines and rules of rejections.
    func testRejectedLinesAndRules() throws {
        let cases: [(String, [Int], [ImportRule], UInt)] = [
            ("02-semicolon-decimal-comma.csv", [5], [.twoDecimalSeparators], #line),
            ("11-dms-coordinates.csv", [10, 11, 12], [.minutesOutOfRange, .wrongAxisHemisphere, .outOfRange], #line),
            ("13-wkt-point-mymaps.csv", [6, 7, 8, 9], [.outOfRange, .notAPoint, .emptyPoint, .pointArity], #line),
            ("14-quoted-commas-quotes-newlines.csv", [7, 10], [.notANumber, .unterminatedQuote], #line),
            ("20-out-of-range.csv", [3, 4, 5, 6, 7, 8], [.outOfRange, .outOfRange, .outOfRange, .outOfRange, .outOfRange, .outOfRange], #line),
            ("22-non-numeric-coords.csv", [3, 4, 5, 6, 7, 8, 9, 10],
             [.notANumber, .emptyCoordinate, .notANumber, .twoDecimalSeparators, .notFinite, .notFinite, .hexadecimal, .notANumber], #line),
        ]
        for (name, lines, rules, line) in cases {
            let r = try scan(Fixture.path("public/\(name)"))
            XCTAssertEqual(r.rejectedLines, lines, name, line: line)
            XCTAssertEqual(r.rejectedRules, rules, name, line: line)
        }
    }

    func testSpecificValuesAndMessages() throws {
        let wkt = try scan(Fixture.path("public/13-wkt-point-mymaps.csv"))
        XCTAssertEqual(wkt.pin("Plaza Stone")?.latitude, 37.5665)
        XCTAssertEqual(wkt.columns["geometry"], "WKT")

        let quoted = try scan(Fixture.path("public/14-quoted-commas-quotes-newlines.csv"))
        XCTAssertEqual(quoted.pin("Tide Pool Steps")?.description, "Line one of note\nline two of note\nline three")
        XCTAssertEqual(quoted.pin("Harbor View, North Deck")?.description, "Wide deck, benches, and a \"sunset\" sign")
        XCTAssertEqual(quoted.pin("Quote \"Inside\" Name")?.description, "")
        XCTAssertEqual(quoted.pin("Semicolon; Inside")?.description, "a;b;c")
        XCTAssertEqual(quoted.rejected.last?.first?.reason,
                       "unterminated quoted field starting at line 10; the rest of the file cannot be read")

        let swapped = try scan(Fixture.path("public/20-out-of-range.csv"))
        XCTAssertNil(swapped.pin("Swapped Values"))
        XCTAssertEqual(swapped.rejected[5].first?.reason,
                       "latitude 126.9780 outside [-90, 90]; the latitude and longitude look swapped")

        let poles = try scan(Fixture.path("public/31-antimeridian-poles.csv"))
        XCTAssertEqual(poles.pin("Date Line East")?.longitude.sign, .plus)
        XCTAssertEqual(poles.pin("Date Line West")?.longitude, -180)

        let excel = try scan(Fixture.path("public/36-excel-utf8-export.csv"))
        XCTAssertEqual(excel.pins.map(\.title), ["Glasshouse Cafe", "Clyde Steps", "Rail Arch Market"])
        XCTAssertEqual(excel.pin("Glasshouse Cafe")?.description, "Opens 8am\nClosed Mondays")
        XCTAssertEqual(excel.encoding, "UTF-8 with BOM")

        let korean = try scan(Fixture.path("public/09-alias-korean.csv"))
        XCTAssertEqual(korean.pin("하늘정원 카페")?.description, "루프탑 카페")
        XCTAssertEqual(korean.columns, ["name": "이름", "latitude": "위도", "longitude": "경도", "description": "설명"])

        let noCoords = try? scan(Fixture.path("public/27-no-latlon-columns.csv"))
        XCTAssertNil(noCoords)
        XCTAssertThrowsError(try scan(Fixture.path("public/27-no-latlon-columns.csv"))) { error in
            XCTAssertEqual(error as? ImportError, .columns(path: Fixture.path("public/27-no-latlon-columns.csv"),
                                                           .noCoordinateColumns(headersFound: ["name", "address", "city"])))
        }
    }
}
