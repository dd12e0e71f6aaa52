import XCTest
import Frame
import GeoMap
import PinModel
import Sheet
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// The list's distance sort.
final class DistanceSortTests: XCTestCase {
    /// The distance order starts at the visible map's centre (the status line's
    /// point), not at the pane's centre half under a medium sheet.
    func testDistanceSortsFromTheCentreTheStatusLineShows() throws {
        let centre = GeoPoint(latitude: 37.5665, longitude: 126.9780)
        let pins = [
            NewPin(title: "at the centre", latitude: 37.5665, longitude: 126.9780, createdAt: "2024-01-01T00:00:00Z"),
            NewPin(title: "3 km north", latitude: 37.5935, longitude: 126.9780, createdAt: "2024-01-02T00:00:00Z"),
            NewPin(title: "4 km south", latitude: 37.5305, longitude: 126.9780, createdAt: "2024-01-03T00:00:00Z"),
        ]
        let r = try UIFixtures.runner(pins: pins, viewport: Viewport(center: centre, zoom: 500))
        r.show(r.state.viewport(centring: centre))
        r.char("s"); r.char("s")
        XCTAssertEqual(r.state.list.order, .distance)
        XCTAssertEqual(r.state.statusPoint.point.latitude, 37.5665, accuracy: 0.01)
        XCTAssertEqual(r.state.list.pins.map(\.title), ["at the centre", "3 km north", "4 km south"])
    }
}
