import Foundation
import XCTest
@testable import PinImport
import PinModel
import PinmapTestSupport

/// Takeout is decided once per file and strictly (`TakeoutFeature.isTakeoutDocument`): a
/// GeoJSON file whose features carry Takeout-like keys stays GeoJSON.
final class TakeoutDetectionTests: XCTestCase {
    private func scan(_ json: String) throws -> (format: PinFileScanner.Format, pins: [ParsedPin]) {
        let path = try makeTempFolder().path + "/takeout.json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var scanner = try PinFileScanner.open(path: path)
        var pins: [ParsedPin] = []
        while let event = try scanner.next() {
            if case .pin(let p) = event { pins.append(p) }
        }
        return (scanner.format, pins)
    }

    /// What `pinmap export --format geojson` writes for a pin imported from Takeout.
    func testPinmapExportOfATakeoutPinIsGeoJSON() throws {
        let r = try scan(#"""
        {"type":"FeatureCollection","generator":"pinmap","features":[{"type":"Feature","id":1,"geometry":{"type":"Point","coordinates":[-79.3716198,43.6486931]},
        "properties":{"title":"St. Lawrence Market","description":"93 Front St E, Toronto","category":"","created_at":"2024-03-02T15:04:11Z",
        "google_maps_url":"http://maps.google.com/?cid=1","location":{"country_code":"CA"}}}]}
        """#)
        XCTAssertEqual(r.format, .geoJSON)
        XCTAssertEqual(r.pins.map(\.title), ["St. Lawrence Market"])
        XCTAssertEqual([r.pins[0].description, r.pins[0].createdAt], ["93 Front St E, Toronto", "2024-03-02T15:04:11Z"])
        XCTAssertEqual(r.pins[0].properties, #"{"google_maps_url":"http://maps.google.com/?cid=1","location":{"country_code":"CA"}}"#)
    }

    func testOneFeatureWithAGoogleMapsURLPropertyLeavesTheFileGeoJSON() throws {
        let r = try scan(#"""
        {"type":"FeatureCollection","features":[
        {"type":"Feature","geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":{"name":"Paris","description":"capital"}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[127,37.5]},"properties":{"name":"Seoul","description":"also","Google Maps URL":"https://maps.google.com/?q=37.5,127"}}]}
        """#)
        XCTAssertEqual(r.format, .geoJSON)
        XCTAssertEqual(r.pins.map(\.title), ["Paris", "Seoul"])
        XCTAssertEqual(r.pins.map(\.description), ["capital", "also"])
        XCTAssertEqual(r.pins[1].properties, #"{"Google Maps URL":"https://maps.google.com/?q=37.5,127"}"#)
    }

    /// Takeout-like keys without the Takeout shape (no `location` object) are GeoJSON properties.
    func testUntitledFeaturesWithOnlyAMapsURLAreGeoJSON() throws {
        let r = try scan(#"""
        {"type":"FeatureCollection","features":[
        {"type":"Feature","geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":{"google_maps_url":"https://maps.google.com/?q=48.85,2.35","created_at":"2024-01-01T00:00:00Z"}}]}
        """#)
        XCTAssertEqual(r.format, .geoJSON)
    }

    /// A Takeout place without `location` (a dropped pin) is still Takeout beside shaped places.
    func testTakeoutWithADroppedPinStaysTakeout() throws {
        let r = try scan(#"""
        {"type":"FeatureCollection","features":[
        {"type":"Feature","geometry":{"type":"Point","coordinates":[139.7454,35.6586]},"properties":{"date":"2024-01-01T00:00:00Z","google_maps_url":"http://maps.google.com/?cid=1","location":{"name":"Tokyo Tower","address":"Minato"}}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[-0.1246,51.5007]},"properties":{"date":"2024-01-02T00:00:00Z","google_maps_url":"http://maps.google.com/?q=51.5007,-0.1246"}}]}
        """#)
        XCTAssertEqual(r.format, .takeout)
        XCTAssertEqual(r.pins.map(\.title), ["Tokyo Tower", "Dropped pin"])
        XCTAssertEqual(r.pins.map(\.description), ["Minato", ""])
        XCTAssertEqual(r.pins.map(\.createdAt), ["2024-01-01T00:00:00Z", "2024-01-02T00:00:00Z"])
    }
}
