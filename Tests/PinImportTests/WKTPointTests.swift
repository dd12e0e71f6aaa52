import XCTest
@testable import PinImport
import PinModel

final class WKTPointTests: XCTestCase {
    private enum Expect { case point(lat: Double, lon: Double), rule(ImportRule) }

    private let cases: [(String, Expect, UInt)] = [
        ("POINT (126.978 37.5665)", .point(lat: 37.5665, lon: 126.978), #line),
        ("POINT(2.2945 48.8584)", .point(lat: 48.8584, lon: 2.2945), #line),
        ("point (139.7454 35.6586)", .point(lat: 35.6586, lon: 139.7454), #line),
        ("SRID=4326;POINT(-74.0445 40.6892)", .point(lat: 40.6892, lon: -74.0445), #line),
        ("srid=4326; Point ( 151.2153  -33.8568 )", .point(lat: -33.8568, lon: 151.2153), #line),
        ("POINT Z (7 8 9)", .point(lat: 8, lon: 7), #line),
        ("POINT (7 8 9)", .point(lat: 8, lon: 7), #line),
        ("POINT ZM (1 2 3 4)", .point(lat: 2, lon: 1), #line),
        ("POINT(180 -90)", .point(lat: -90, lon: 180), #line),
        ("POINT(1e1 -2.5E0)", .point(lat: -2.5, lon: 10), #line),
        ("POINT (200 10)", .rule(.outOfRange), #line),
        ("POINT (0 -91)", .rule(.outOfRange), #line),
        ("LINESTRING (0 0, 1 1)", .rule(.notAPoint), #line),
        ("MULTIPOINT ((1 2))", .rule(.notAPoint), #line),
        ("POINT EMPTY", .rule(.emptyPoint), #line),
        ("POINT Z EMPTY", .rule(.emptyPoint), #line),
        ("POINT (126.9)", .rule(.pointArity), #line),
        ("POINT Z (1 2)", .rule(.pointArity), #line),
        ("POINT (1 2", .rule(.malformedWKT), #line),
        ("POINT (1,5 2)", .rule(.malformedWKT), #line),
        ("POINT (NaN 2)", .rule(.malformedWKT), #line),
        ("POINTS (1 2)", .rule(.malformedWKT), #line),
        ("(1 2)", .rule(.malformedWKT), #line),
        ("SRID=3857;POINT(100 200)", .rule(.unsupportedSRID), #line),
        ("SRID=4326 POINT(1 2)", .rule(.malformedWKT), #line),
        ("", .rule(.emptyCoordinate), #line),
    ]

    func testTable() {
        for (text, expect, line) in cases {
            let got = WKTPoint.parse(text, field: .column("WKT"))
            switch (expect, got) {
            case let (.point(lat, lon), .success(p)):
                XCTAssertEqual(p.latitude, lat, accuracy: 1e-12, text, line: line)
                XCTAssertEqual(p.longitude, lon, accuracy: 1e-12, text, line: line)
            case let (.rule(r), .failure(issue)):
                XCTAssertEqual(issue.rule, r, "\(text): \(issue.reason)", line: line)
                XCTAssertEqual(issue.field, .column("WKT"), line: line)
                XCTAssertEqual(issue.value, text, line: line)
            default:
                XCTFail("\(text): expected \(expect), got \(got)", line: line)
            }
        }
    }

    func testTheZValueIsTheElevationAsWritten() {
        let z = ["POINT Z (7 8 9.50)", "POINT (7 8 9)", "POINT ZM (1 2 3 4)", "POINT (1 2 3 4)", "POINT M (1 2 3)", "POINT (1 2)"].map { text -> String in
            if case let .success(p) = WKTPoint.parse(text, field: .column("WKT")) { return p.elevation ?? "none" }
            return "refused"
        }
        XCTAssertEqual(z, ["9.50", "9", "3", "3", "none", "none"])
    }

    /// Hexadecimal WKB and EWKB (PostGIS's and CARTO's CSV form of a geometry) are read as
    /// the same point in WKT would be; every such row was refused ("is not a WKT POINT").
    func testHexWKBIsAPoint() {
        func hex(_ order: UInt8, _ type: UInt32, srid: UInt32? = nil, _ values: [Double]) -> String {
            let little = order == 1
            var b: [UInt8] = [order]
            withUnsafeBytes(of: little ? type.littleEndian : type.bigEndian) { b += $0 }
            if let srid { withUnsafeBytes(of: little ? srid.littleEndian : srid.bigEndian) { b += $0 } }
            for v in values { withUnsafeBytes(of: little ? v.bitPattern.littleEndian : v.bitPattern.bigEndian) { b += $0 } }
            return b.map { String(format: "%02X", $0) }.joined()
        }
        let cases = [
            hex(1, 1, [126.978, 37.5665]), hex(0, 1, [127.1, 37.6]).lowercased(), hex(1, 0xA000_0001, srid: 4326, [126.9, 37.4, 12.5]),
            hex(1, 0x2000_0001, srid: 5186, [200000, 600000]), hex(1, 2, []) + "02000000" + String(repeating: "0", count: 64), hex(1, 1, [1, 2, 3]), hex(1, 1, [200, 10]),
        ]
        let got = cases.map { text -> String in
            switch WKTPoint.parse(text, field: .column("geom")) {
            case .success(let p): return "\(p.latitude) \(p.longitude) \(p.elevation ?? "-")"
            case .failure(let i): return "\(i.rule): \(i.reason)"
            }
        }
        XCTAssertEqual(got, [
            "37.5665 126.978 -", "37.6 127.1 -", "37.4 126.9 12.5",
            "unsupportedSRID: SRID 5186 is not WGS84 longitude/latitude (4326)",
            "notAPoint: LINESTRING is not a POINT",
            "malformedWKT: hexadecimal WKB that cannot be read: the WKB geometry has 8 bytes after its end",
            "outOfRange: POINT longitude 200.0 outside [-180, 180]"])
        XCTAssertNil(WKTPoint.hexBytes("12345678901234567890123456789012345678901"), "odd length")
        XCTAssertNil(WKTPoint.hexBytes("37.5665"), "a number")
    }

    func testRefusalsNameTheShapeAndTheValue() {
        let reasons = ["POINT (200 10)", "LINESTRING (0 0, 1 1)", "POINT EMPTY", "POINT (126.9)"].map { text -> String in
            if case let .failure(i) = WKTPoint.parse(text, field: .column("WKT")) { return i.reason }
            return "accepted"
        }
        XCTAssertEqual(reasons, [
            "POINT longitude 200 outside [-180, 180]",
            "LINESTRING is not a POINT",
            "POINT EMPTY has no coordinates",
            "POINT needs two numbers, found 1",
        ])
    }
}
