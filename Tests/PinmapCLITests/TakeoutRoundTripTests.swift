import Foundation
import XCTest
import PinStore
@testable import PinmapCLI

/// Takeout → `export --format geojson` → `import`: the exported file is GeoJSON (it has
/// `title`), so title, description, created_at and properties come back as they were.
final class TakeoutRoundTripTests: XCTestCase {
    func testTakeoutExportedAsGeoJSONImportsBackTheSamePins() throws {
        let takeout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/formats/takeout_new_schema.json").path
        let a = CLITestStore(self)
        XCTAssertEqual(a.run("import", takeout).code, 0)
        let path = a.file("rt.geojson")
        XCTAssertEqual(a.run("export", "--format", "geojson", "-o", path).code, 0)
        let b = CLITestStore(self)
        let r = b.run("import", path, "--json")
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertEqual(try JSON.object(r.stdout)["format"] as? String, "GeoJSON")
        func fields(_ s: CLITestStore) throws -> [[String]] {
            try s.open().pins().map { [$0.title, $0.description, $0.createdAt, $0.properties] }.sorted { $0[0] < $1[0] }
        }
        let before = try fields(a)
        XCTAssertEqual(before.last, ["St. Lawrence Market", "93 Front St E, Toronto, ON M5E 1C3, Canada", "2024-03-02T15:04:11Z",
                                      #"{"google_maps_url":"http://maps.google.com/?cid=11205632883011297413","location":{"country_code":"CA"}}"#])
        XCTAssertEqual(try fields(b), before)
    }
}
