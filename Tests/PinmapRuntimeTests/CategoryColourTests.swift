import XCTest
import Frame
import GeoMap
import PinModel
import Sheet
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// Category colours on the map and in the list.
final class CategoryColourTests: XCTestCase {
    /// The sample pins' categories get distinct colours (landmark, museum and shopping shared
    /// 141; food and park 220), the same in the map's markers and the list's category column.
    func testTheStoresCategoriesGetDistinctColours() throws {
        let categories = ["cafe", "landmark", "museum", "park", "shopping", "food", "viewpoint"]
        let pins = categories.enumerated().map { i, c in
            NewPin(title: "\(c) pin", category: c, latitude: 37.5 + Double(i) * 0.01, longitude: 127,
                   createdAt: "2024-01-0\(i + 1)T00:00:00Z")
        }
        let r = try UIFixtures.runner(pins: pins, viewport: Viewport(center: GeoPoint(latitude: 37.53, longitude: 127), zoom: 1000))
        r.reloadView()
        XCTAssertEqual(r.state.map.categorySlots, ["cafe": 0, "food": 1, "landmark": 2, "museum": 3, "park": 4,
                                               "shopping": 5, "viewpoint": 6])
        let theme = Theme(color: true, categorySlots: r.state.map.categorySlots)
        let colours = Set(categories.map { theme.category($0).fg })
        XCTAssertEqual(colours.count, categories.count, "one colour per category")
        XCTAssertEqual(r.state.map.markers.filter { $0.count == 1 }.count, categories.count)
        for m in r.state.map.markers where m.count == 1 {
            let pin = try XCTUnwrap(r.store.pin(id: m.id))
            XCTAssertEqual(m.categoryIndex, r.state.map.categorySlots[pin.category], "the map's colour is the list's")
        }
    }
}
