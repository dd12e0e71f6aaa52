import Foundation
import XCTest
import PinImport
import PinStore
@testable import PinmapCLI

/// Export → `pinmap import` round trips for GPX, KML, GeoJSON, GeoPackage and CSV: title, description, category,
/// created_at, coordinates (1e-7°) and properties come back exactly.
///
/// A `.gpx` or `.kml` file read as anything but its own format (as CSV) fails the test.
/// They rely on the documented export shapes: standard elements for the pin
/// fields and for properties named as the formats' own parts (`ele`, `sym`, `Snippet`, the
/// icon colour…), the other properties as `<pinmap:KEY>` extension leaves (or
/// `<pinmap:property name=…>`) in GPX and as `ExtendedData/Data` in KML, and the exact `created_at` in
/// `<pinmap:created_at>` when it is not of the form `2024-05-28T18:42:08Z`.
final class FormatRoundTripTests: XCTestCase {
    private struct Kept: Equatable {
        var title, text, category, createdAt: String
        var latitude, longitude: Double
        var properties: [String]
        init(_ p: Pin) {
            title = p.title; text = p.description; category = p.category; createdAt = p.createdAt
            latitude = p.latitude; longitude = p.longitude
            properties = PinProperties.entries(p.properties).map { "\($0.key)=\($0.value)" }.sorted()
        }
        func matches(_ o: Kept) -> Bool {
            title == o.title && text == o.text && category == o.category && createdAt == o.createdAt
                && abs(latitude - o.latitude) <= 1e-7 && abs(longitude - o.longitude) <= 1e-7 && properties == o.properties
        }
    }

    private func source() throws -> CLITestStore {
        let s = CLITestStore(self)
        let store = try s.open()
        try store.insert(NewPin(title: "Leeum Museum of Art", description: "The \"Maman\" spider & more", category: "museum",
                                latitude: 37.5383, longitude: 126.999, createdAt: "2024-03-09T05:00:00Z",
                                properties: #"{"name_ko":"리움미술관","icao":"none"}"#))
        try store.insert(NewPin(title: "Paris", category: "city", latitude: 48.8566, longitude: 2.3522,
                                createdAt: "2024-05-28T18:42:08Z", properties: #"{"name_ko":"파리"}"#))
        try store.insert(NewPin(title: "No category", description: "line one\nline two", latitude: -33.8688, longitude: 151.2093,
                                createdAt: "2020-01-01T00:00:00Z"))
        // Properties a GPX or KML import makes of the formats' own parts, in its order: the
        // exports write them back as those parts.
        try store.insert(NewPin(title: "Summit", description: "top", category: "peak", latitude: 37.6, longitude: 127.1, createdAt: "2024-01-01T00:00:00Z",
                                properties: ##"{"ele":"305.5","cmt":"windy","link":"https://x.example/1","link_text":"Trail","sym":"Summit","sat":"7","k":"v","color":"#ff8000"}"##))
        try store.insert(NewPin(title: "Cafe", latitude: 37.7, longitude: 127.2, createdAt: "2024-01-01T00:00:00Z",
                                properties: ##"{"address":"1 Main St","Snippet":"open late","k":"v","color":"#ff8000","ele":"35.5"}"##))
        // Properties named as pin fields (a CSV with both `name` and `title`).
        try store.insert(NewPin(title: "Named", description: "D1", latitude: 37.8, longitude: 127.3, createdAt: "2024-01-01T00:00:00Z",
                                properties: #"{"title":"T","description":"D2","Title":"U","k":"v"}"#))
        return s
    }

    /// - Parameter inOrder: whether the format keeps each pin's properties in their order (a
    ///   table's columns do not: pins whose keys come in another order are new pins to the
    ///   duplicate check, which compares the properties' text).
    private func roundTrip(_ format: String, inOrder: Bool = true) throws {
        let s = try source()
        let path = s.file("pins.\(format)")
        XCTAssertEqual(s.run("export", "--format", format, "-o", path).code, 0)
        let back = CLITestStore(self)
        let r = back.run("import", path, "--json")
        let report = try? JSON.object(r.stdout)
        // The file is read by its own format's reader, never as CSV.
        let formatName = ["gpkg": "GeoPackage", "geojson": "GeoJSON"][format] ?? format.uppercased()
        XCTAssertEqual(report?["format"] as? String, formatName, "read as \(report?["format"] as? String ?? "nothing (no report)"): \(r.stderr)")
        XCTAssertEqual(r.code, 0, r.stderr)
        let a = try s.open().pins().map(Kept.init), b = try back.open().pins().map(Kept.init)
        XCTAssertEqual(b.count, a.count)
        for x in a {
            XCTAssertTrue(b.contains { $0.matches(x) }, "\(format): \(x) not found in \(b)")
        }
        guard inOrder else { return }
        // Into the store it came from, every pin is a duplicate (the properties come back in their order).
        let r2 = s.run("import", path, "--json")
        let again = try JSON.object(r2.stdout)
        XCTAssertEqual(r2.code, 0, r2.stderr)
        XCTAssertEqual([JSON.int(again["imported"]), JSON.int(again["duplicates"])], [0, Int64(a.count)], format)
    }

    func testGPXRoundTrip() throws { try roundTrip("gpx") }

    func testKMLRoundTrip() throws { try roundTrip("kml") }

    /// A property named as a pin field (`title` beside the pin's title) came back from GeoJSON
    /// without it (the repeated member was dropped) and from a GeoPackage as `title (2)`.
    func testGeoJSONRoundTrip() throws { try roundTrip("geojson") }

    func testGeoPackageRoundTrip() throws { try roundTrip("gpkg", inOrder: false) }

    func testCSVRoundTrip() throws { try roundTrip("csv", inOrder: false) }

    /// A pin with properties named as pin fields comes back with them, exactly, from each
    /// format, and is a duplicate in the store it came from.
    func testPropertiesNamedAsPinFieldsComeBackExactly() throws {
        let s = CLITestStore(self)
        let properties = #"{"title":"T","description":"D2","Title":"U","k":"v"}"#
        try s.open().insert(NewPin(title: "Named", description: "D1", latitude: 37.8, longitude: 127.3,
                                   createdAt: "2024-01-01T00:00:00Z", properties: properties))
        for format in ["csv", "geojson", "gpkg", "gpx", "kml"] {
            let path = s.file("named.\(format)")
            XCTAssertEqual(s.run("export", "-o", path).code, 0, format)
            let back = CLITestStore(self)
            XCTAssertEqual(back.run("import", path).code, 0, format)
            XCTAssertEqual(try back.open().pins().map { "\($0.title) \($0.description) \($0.properties)" }, ["Named D1 \(properties)"], format)
            let again = try JSON.object(s.run("import", path, "--json").stdout)
            XCTAssertEqual([JSON.int(again["imported"]), JSON.int(again["duplicates"])], [0, 1], format)
        }
    }
}
