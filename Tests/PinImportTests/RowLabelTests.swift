import XCTest
import PinImport
import PinModel
import PinModelTesting

/// Each format names a rejected row by what it counts: GPX and KML by the physical line
/// where the waypoint or placemark starts, Takeout (like GeoJSON) by the feature's number.
final class RowLabelTests: XCTestCase {
    private func rejected(_ suffix: String, _ text: String) throws -> [String] {
        let path = try temporaryFile(Array(text.utf8), suffix: suffix)
        let report = try Importer.run(path: path, store: InMemoryPinRepository())
        XCTAssertEqual(report.imported, 1)
        return report.errors.map(\.description)
    }

    func testAGPXWaypointIsNamedByTheLineItStartsOn() throws {
        XCTAssertEqual(try rejected(".gpx", """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
              <wpt lat="37.5" lon="127.0"><name>Good</name></wpt>
              <wpt lat="95" lon="127.0">
                <name>Bad</name>
              </wpt>
            </gpx>
            """), ["line 4: waypoint 2: latitude 95 outside [-90, 90]"])
    }

    func testAKMLPlacemarkIsNamedByTheLineItStartsOn() throws {
        XCTAssertEqual(try rejected(".kml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
              <Placemark><name>Good</name><Point><coordinates>127.0,37.5</coordinates></Point></Placemark>
              <Placemark>
                <name>Bad</name>
                <Point><coordinates>127.0,95</coordinates></Point>
              </Placemark>
            </Document></kml>
            """), ["line 4: latitude 95 outside [-90, 90]"])
    }

    func testATakeoutPlaceIsNamedByItsFeatureNumber() throws {
        let place = { (name: String, lat: String) in
            """
            {"type":"Feature","geometry":{"type":"Point","coordinates":[127.0,\(lat)]},"properties":{"date":"2024-01-01T00:00:00Z",\
            "google_maps_url":"http://maps.google.com/?cid=1","location":{"name":"\(name)","address":"Seoul"}}}
            """
        }
        XCTAssertEqual(try rejected(".json", """
            {"type":"FeatureCollection","features":[
            \(place("Good", "37.5")),
            \(place("Bad", "95"))
            ]}
            """), ["feature 2: latitude 95.0 outside [-90, 90]"])
    }
}
