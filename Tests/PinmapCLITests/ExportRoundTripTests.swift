import XCTest
import PinImport
import PinStore
@testable import PinmapCLI

/// Export → import gives the same pins: text fields equal, coordinates equal
/// bit for bit, in the same order.
final class ExportRoundTripTests: XCTestCase {
    /// The fields a round trip keeps (ids and updated_at are new on import).
    private struct Kept: Equatable, CustomStringConvertible {
        var title, text, category, createdAt: String
        var latitude, longitude: UInt64
        /// The properties as key=value, by key (GeoJSON's reader may change the key order).
        var properties: [String]
        init(_ p: Pin) {
            title = p.title; text = p.description; category = p.category; createdAt = p.createdAt
            latitude = p.latitude.bitPattern; longitude = p.longitude.bitPattern
            properties = PinProperties.entries(p.properties).map { "\($0.key)=\($0.value)" }.sorted()
        }
        var description: String { "\(title) \(Double(bitPattern: latitude)),\(Double(bitPattern: longitude)) \(createdAt) \(properties)" }
    }

    private func pins(_ s: CLITestStore) throws -> [Kept] {
        let cursor = try s.open().pinCursor()
        var out: [Kept] = []
        while let p = try cursor.next() { out.append(Kept(p)) }
        return out
    }

    private func importFile(_ path: String, into s: CLITestStore) throws -> ImportReport {
        try Importer.run(path: path, store: try s.open())
    }

    /// Imports `source`, exports it as `format`, imports the export into a
    /// fresh store and compares. - Returns: how many pins went round.
    private func roundTrip(_ source: String, format: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let first = CLITestStore(self)
        let report = try importFile(source, into: first)
        XCTAssertGreaterThan(report.imported, 0, file: file, line: line)
        let exported = first.file("export.\(format)")
        let r = first.run("export", "--format", format, "-o", exported)
        XCTAssertEqual(r.code, 0, r.stderr, file: file, line: line)
        let second = CLITestStore(self)
        let back = try importFile(exported, into: second)
        XCTAssertEqual(back.rejected, 0, "\(back.errors.prefix(3))", file: file, line: line)
        XCTAssertEqual(back.duplicates, 0, file: file, line: line)
        let a = try pins(first), b = try pins(second)
        XCTAssertEqual(a.count, report.imported, file: file, line: line)
        XCTAssertEqual(b.count, a.count, file: file, line: line)
        for (x, y) in zip(a, b) where x != y {
            XCTFail("differs after \(format) round trip: \(x) vs \(y)", file: file, line: line)
            break
        }
        return a.count
    }

    func testSeoulSamplePinsSurviveACSVRoundTrip() throws {
        XCTAssertEqual(try roundTrip(RepoFiles.seoulPins, format: "csv"), 45)
    }

    func testSeoulSamplePinsSurviveAGeoJSONRoundTrip() throws {
        XCTAssertEqual(try roundTrip(RepoFiles.seoulPins, format: "geojson"), 45)
    }

    func testAirportsSurviveACSVRoundTrip() throws {
        let n = try roundTrip(RepoFiles.airports, format: "csv")
        XCTAssertGreaterThan(n, 2300)
    }

    /// The airports' extra columns (icao, iata, city, …) are kept as properties and come back.
    func testAirportsKeepTheirExtraColumnsAsProperties() throws {
        let s = CLITestStore(self)
        _ = try importFile(RepoFiles.airports, into: s)
        let pin = try XCTUnwrap(try s.open().pins(matching: PinQuery(search: "00AA")).first)
        XCTAssertEqual(pin.properties, #"{"icao":"00AA","city":"Leoti","subd":"Kansas","country":"US","elevation":"3435","tz":"America/Chicago","lid":"00AA"}"#)
    }

    func testAirportsSurviveAGeoJSONRoundTrip() throws {
        let n = try roundTrip(RepoFiles.airports, format: "geojson")
        XCTAssertGreaterThan(n, 2300)
    }

    func testSeoulPinsKeepTheirValuesFromTheFile() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(try importFile(RepoFiles.seoulPins, into: s).imported, 45)
        let store = try s.open()
        let leeum = try XCTUnwrap(store.pins(matching: PinQuery(search: "Leeum")).first)
        XCTAssertEqual(leeum.latitude, 37.5383)
        XCTAssertEqual(leeum.longitude, 126.9990)
        XCTAssertEqual(leeum.description, #"Booked online. The "Maman" spider is right by the entrance"#)
        let csv = s.run("export").stdout
        XCTAssertTrue(csv.contains("Leeum Museum of Art,\"Booked online. The \"\"Maman\"\" spider is right by the entrance\",museum,37.5383,126.999,2024-03-09T14:00:00+09:00\r\n"))
        XCTAssertTrue(csv.contains("\"Hongdae, busking street\",Street performers on weekend evenings,landmark,37.5556,126.923,2023-04-29T21:00:00+09:00\r\n"))
    }

    private func edgeStore() throws -> CLITestStore {
        let s = CLITestStore(self)
        let store = try s.open()
        let values: [(Double, Double)] = [(-90, 0), (90, 180), (0, -180), (1e-7, -0.30000000000000004),
                                          (37.53650000000001, 126.97719999999998), (-0.0, 5e-324)]
        for (i, v) in values.enumerated() {
            try store.insert(NewPin(title: "edge \(i)", latitude: v.0, longitude: v.1, createdAt: "2024-01-0\(i + 1)"))
        }
        return s
    }

    private func reimport(_ s: CLITestStore, format: String) throws -> [Kept] {
        let path = s.file("edges.\(format)")
        XCTAssertEqual(s.run("export", "--format", format, "-o", path).code, 0)
        let back = CLITestStore(self)
        let report = try importFile(path, into: back)
        XCTAssertEqual(report.imported, 6, "\(format): \(report.errors)")
        return try pins(back)
    }

    func testEdgeCoordinatesSurviveCSV() throws {
        let s = try edgeStore()
        XCTAssertEqual(try reimport(s, format: "csv"), try pins(s))
    }

    /// Needs the GeoJSON importer to read numbers exactly: on Linux
    /// `JSONSerialization` turns -0.30000000000000004 into -0.3000000000000001
    /// (`JSONDecoder` reads it exactly).
    func testEdgeCoordinatesSurviveGeoJSON() throws {
        let s = try edgeStore()
        XCTAssertEqual(try reimport(s, format: "geojson"), try pins(s))
    }
}
