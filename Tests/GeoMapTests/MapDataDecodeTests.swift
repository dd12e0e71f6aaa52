import XCTest
@testable import GeoMap

/// The embedded map layers decode whole (what the first frame pays once).
final class MapDataDecodeTests: XCTestCase {
    func testEveryLayerDecodesAllItsPoints() {
        let counts = MapData.Layer.allCases.map { MapData.decode($0).pointCount }
        XCTAssertEqual(counts.reduce(0, +), 5127 + 2992 + 60392 + 19676)
    }
}
