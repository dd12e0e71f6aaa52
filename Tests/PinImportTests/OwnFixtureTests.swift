import Foundation
import XCTest
@testable import PinImport
import PinModel

/// Scans Pinmap's own fixtures (Fixtures/own, written by make_fixtures.py) without a store.
final class OwnFixtureTests: XCTestCase {
    /// (fixture, accepted titles in order, rejected (line, rule) in order)
    private let cases: [(String, [String], [(Int, ImportRule)], UInt)] = [
        ("own/lines-mixed-endings.csv", ["LF Row", "CRLF Row", "CR Row", "Multi\nLine", "No Newline"],
         [(9, .notANumber)], #line),
        ("own/quoting-rfc4180.csv", ["Comma, Inside", "Raw 5'10\" Mark", "ClosedEarly", "Empty Quoted", "Line\nBreak"], [], #line),
        ("own/quoting-unterminated.csv", ["Good"], [(3, .unterminatedQuote)], #line),
        ("own/delim-pipe.csv", ["Pipe One", "Pipe Two"], [], #line),
        ("own/delim-semicolon-quoted.csv", ["Quai; Nord", "Rue, Sud"], [], #line),
        ("own/delim-comma-with-semicolons.csv", ["Alpha", "Beta", "Gamma"], [], #line),
        ("own/delim-tab-decimal-comma.csv", ["Tab One", "Tab Two"], [], #line),
        ("own/coords-decimal.csv", ["Plus Sign", "Spaces Around", "Exponent", "Decimal Comma", "Leading Dot",
                                    "Negative Zero", "Many Digits"], [], #line),
        // Parts without marks are degrees and minutes (`37 30`, `12 34`), as QGIS reads them.
        ("own/coords-dms.csv", ["Seoul Station", "Sugar Loaf", "Colon Parts", "Decimal Hemisphere", "Lower Case Hemisphere",
                                "Spaces No Marks"],
         [(7, .secondsOutOfRange), (8, .signWithHemisphere), (9, .signWithHemisphere), (10, .notANumber),
          (11, .notANumber), (13, .wrongAxisHemisphere), (14, .outOfRange)], #line),
        ("own/coords-invalid.csv", ["Inner Space", "Still Fine"],
         [(2, .notFinite), (3, .notFinite), (4, .hexadecimal), (5, .twoDecimalSeparators), (6, .twoDecimalSeparators),
          (7, .notANumber), (8, .notANumber), (10, .emptyCoordinate), (11, .emptyCoordinate)], #line),
        ("own/coords-range.csv", ["East Edge", "West Edge", "North Pole", "South Pole"],
         [(2, .outOfRange), (3, .outOfRange), (8, .outOfRange), (9, .outOfRange)], #line),
        ("own/wkt-own.csv", ["Tight", "Mixed Case", "Ewkt Lower", "With Z"],
         [(6, .unsupportedSRID), (7, .notAPoint), (8, .pointArity), (9, .malformedWKT), (10, .outOfRange),
          (11, .outOfRange), (12, .emptyPoint), (13, .emptyCoordinate)], #line),
        ("own/rows-rules.csv", ["Full Row", "Missing Trailing", "Extra Empty", "Last"],
         [(7, .blankTitle), (8, .extraFields)], #line),
        ("own/rows-duplicates.csv", ["Alpha", "Beta", "Alpha", "Beta", "Multi\nline", "Beta", "Alpha"], [], #line),
        ("own/aliases-mixed-case.csv", ["Case Insensitive"], [], #line),
        ("own/aliases-japanese.csv", ["東京タワー"], [], #line),
        ("own/aliases-xy.csv", ["Grid Point"], [], #line),
        ("own/header-only-crlf.csv", [], [], #line),
        ("own/enc-windows1252.csv", ["Café Crème", "Straße"], [], #line),
        ("own/enc-utf8-bom-semicolon.csv", ["Brandenburger Tor", "Kölner Dom"], [], #line),
        // Feature 5 has no name: titled by its position. Feature 6 has "geometry": null:
        // skipped and counted in the notes, not rejected.
        ("own/points.geojson", ["Seoul City Hall", "Big Ben", "2, 1"],
         [(3, .notAPoint), (4, .outOfRange)], #line),
    ]

    func testAcceptedAndRejectedRows() throws {
        for (name, titles, rejections, line) in cases {
            let r = try scan(Fixture.path(name))
            XCTAssertEqual(r.pins.map(\.title), titles, name, line: line)
            XCTAssertEqual(r.rejectedLines, rejections.map(\.0), name, line: line)
            XCTAssertEqual(r.rejectedRules, rejections.map(\.1), "\(name): \(r.rejected)", line: line)
        }
    }

    /// (fixture, title, latitude, longitude)
    private let values: [(String, String, Double, Double, UInt)] = [
        ("own/lines-mixed-endings.csv", "No Newline", 11, 12, #line),
        ("own/coords-decimal.csv", "Plus Sign", 37.5, 127.25, #line),
        ("own/coords-decimal.csv", "Spaces Around", 37.5, 127.25, #line),
        ("own/coords-decimal.csv", "Exponent", 12.7, -0.15, #line),
        ("own/coords-decimal.csv", "Decimal Comma", 37.5665, 126.978, #line),
        ("own/coords-decimal.csv", "Leading Dot", 0.5, -0.25, #line),
        ("own/coords-decimal.csv", "Many Digits", 37.5665, 126.978, #line),
        ("own/coords-dms.csv", "Seoul Station", 37.555277778, 126.972222222, #line),
        ("own/coords-dms.csv", "Sugar Loaf", -22.948383333, -43.156116667, #line),
        ("own/coords-dms.csv", "Colon Parts", 37.5, 127, #line),
        ("own/coords-dms.csv", "Decimal Hemisphere", 37.25, 127.5, #line),
        ("own/coords-dms.csv", "Lower Case Hemisphere", 37.25, 127.5, #line),
        ("own/coords-dms.csv", "Spaces No Marks", 37.5, 127, #line),
        ("own/coords-invalid.csv", "Inner Space", 12.566666667, 1, #line),
        ("own/coords-range.csv", "West Edge", 0, -180, #line),
        ("own/wkt-own.csv", "Mixed Case", 4.5, -3.5, #line),
        ("own/wkt-own.csv", "With Z", 8, 7, #line),
        ("own/delim-tab-decimal-comma.csv", "Tab Two", 13.75, -4.5, #line),
        ("own/delim-semicolon-quoted.csv", "Quai; Nord", 45.75, 4.85, #line),
        ("own/enc-utf8-bom-semicolon.csv", "Kölner Dom", 50.9413, 6.9583, #line),
        ("own/aliases-xy.csv", "Grid Point", 37, 127, #line),
        ("own/points.geojson", "Big Ben", 51.5007, -0.1246, #line),
    ]

    func testCoordinateValues() throws {
        for (name, title, lat, lon, line) in values {
            let pin = try scan(Fixture.path(name)).pin(title)
            assertDegrees(pin?.latitude, lat, "\(name) \(title)", line: line)
            assertDegrees(pin?.longitude, lon, "\(name) \(title)", line: line)
        }
    }

    func testFieldsAndMultiLineValues() throws {
        let mixed = try scan(Fixture.path("own/lines-mixed-endings.csv"))
        XCTAssertEqual(mixed.pin("Multi\nLine")?.description, "a\nb\nc")
        XCTAssertEqual(mixed.pin("CRLF Row")?.description, "crlf")
        XCTAssertEqual(mixed.pin("No Newline")?.description, "end")

        let quoting = try scan(Fixture.path("own/quoting-rfc4180.csv"))
        XCTAssertEqual(quoting.pin("Comma, Inside")?.description, "say \"hi\"")
        XCTAssertEqual(quoting.pin("Line\nBreak")?.description, "two\n\nblank inside")

        let rows = try scan(Fixture.path("own/rows-rules.csv"))
        XCTAssertEqual(rows.pin("Missing Trailing")?.description, "")
        XCTAssertEqual(rows.pin("Missing Trailing")?.category, "")
        XCTAssertEqual(rows.pin("Full Row")?.category, "c")
        XCTAssertEqual(rows.rejected[1].first?.value, "surplus")

        let aliases = try scan(Fixture.path("own/aliases-mixed-case.csv"))
        let pin = aliases.pin("Case Insensitive")
        XCTAssertEqual(pin?.description, "spaces around headers")
        XCTAssertEqual(pin?.category, "park")
        XCTAssertEqual(pin?.createdAt, "2024-05-01")
        XCTAssertEqual(pin?.latitude, 12.5)

        let geo = try scan(Fixture.path("own/points.geojson"))
        XCTAssertEqual(geo.pin("Big Ben")?.category, "landmark")
        XCTAssertEqual(geo.pin("Big Ben")?.createdAt, "2024-01-02T03:04:05Z")
        XCTAssertEqual(geo.delimiter, "")

        let win = try scan(Fixture.path("own/enc-windows1252.csv"))
        XCTAssertEqual(win.pin("Straße")?.description, "grüße")
    }

    func testOverridesPickTheNamedColumns() throws {
        let r = try scan(Fixture.path("own/columns-override.csv"),
                         overrides: ColumnOverrides(latitude: "lat_fixed", longitude: "lon_fixed", title: "label"))
        XCTAssertEqual(r.pins.first?.latitude, 37.25)
        XCTAssertEqual(r.pins.first?.longitude, 127.5)
        XCTAssertEqual(r.columns["latitude"], "lat_fixed")
        let plain = try scan(Fixture.path("own/columns-override.csv"))
        XCTAssertEqual(plain.pins.first?.latitude, 0)
    }

    func testDelimiterOverride() throws {
        // Forcing ',' on a semicolon file leaves one column: no coordinates.
        XCTAssertThrowsError(try scan(Fixture.path("own/delim-pipe.csv"), delimiter: 0x2C)) { error in
            guard case .columns(_, .noCoordinateColumns) = error as? ImportError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try scan(Fixture.path("own/delim-pipe.csv"), delimiter: 0x7C).pins.count, 2)
    }

    func testGeoJSONIsRecognisedByContentNotName() throws {
        let json = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("own/points.geojson")))
        let named = try temporaryFile([0xEF, 0xBB, 0xBF] + Array(json), suffix: ".csv")
        let r = try scan(named)
        XCTAssertEqual(r.pins.map(\.title), ["Seoul City Hall", "Big Ben", "2, 1"])
        XCTAssertEqual(r.encoding, "UTF-8 with BOM")
        // And a CSV named .geojson is still CSV.
        let csv = try temporaryFile(Array("name,lat,lon\nA,1,2\n".utf8), suffix: ".geojson")
        XCTAssertEqual(try scan(csv).pins.map(\.title), ["A"])
    }

    func testFileLevelColumnErrors() {
        let cases: [(String, (ImportError) -> Bool, UInt)] = [
            ("own/columns-none.csv", { if case .columns(_, .noCoordinateColumns(["title", "platform", "long_name", "address"])) = $0 { return true }; return false }, #line),
            ("own/columns-lat-only.csv", { if case .columns(_, .missingCoordinateColumn("lat", .longitude, _)) = $0 { return true }; return false }, #line),
            ("own/columns-no-name.csv", { if case .columns(_, .noTitleColumn) = $0 { return true }; return false }, #line),
            ("own/blank-lines-only.csv", { if case .noHeader = $0 { return true }; return false }, #line),
            ("own/not-a-collection.geojson", { if case .invalidGeoJSON = $0 { return true }; return false }, #line),
        ]
        for (name, matches, line) in cases {
            XCTAssertThrowsError(try scan(Fixture.path(name)), name, line: line) { error in
                guard let e = error as? ImportError else { return XCTFail("\(error)", line: line) }
                XCTAssertTrue(matches(e), "\(name): \(e)", line: line)
            }
        }
    }
}
