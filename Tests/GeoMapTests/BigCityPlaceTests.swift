import XCTest
@testable import GeoMap

final class BigCityPlaceTests: XCTestCase {
    /// District centres give way to the big city they lie in (README: place column).
    func testPointsInsideABigCityAreNearTheCity() {
        let g = Gazetteer.shared
        for (what, lat, lon, expected) in [
            ("Passy, Paris 16e", 48.8600, 2.2800, "near Paris, FR"),
            ("Pitié-Salpêtrière", 48.8386, 2.3640, "near Paris, FR"),
            ("St. Lawrence Market", 43.6487, -79.3716, "near Toronto, CA"),
            ("Versailles stays Versailles", 48.8049, 2.1204, "near Versailles, FR"),
            // Of two boroughs of about the same size whose reach holds the point, the nearer.
            ("Yankee Stadium, the Bronx", 40.8296, -73.9262, "near The Bronx, US"),
            ("Fordham, the Bronx", 40.8500, -73.9000, "near The Bronx, US"),
        ] {
            XCTAssertEqual(g.placeText(GeoPoint(latitude: lat, longitude: lon)), expected, what)
        }
    }
}
