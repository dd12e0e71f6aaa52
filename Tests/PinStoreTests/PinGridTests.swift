import XCTest
@testable import PinStore

final class PinGridTests: XCTestCase {
    func testMortonRoundTripsAndNestsChildren() {
        for level in [2, 3, 8, 14, 22] {
            for (x, y) in [(0, 0), (PinGrid.columns(level: level) - 1, PinGrid.rows(level: level) - 1), (3, 0),
                           (PinGrid.columns(level: level) / 3, PinGrid.rows(level: level) / 2)] {
                let z = PinGrid.morton(x: x, y: y, level: level)
                XCTAssertEqual(PinGrid.cell(morton: z, level: level).x, x, "level \(level)")
                XCTAssertEqual(PinGrid.cell(morton: z, level: level).y, y, "level \(level)")
                if level < PinGrid.maxLevel {
                    XCTAssertEqual(PinGrid.morton(x: 2 * x + 1, y: 2 * y + 1, level: level + 1), 4 * z + 3)
                    XCTAssertEqual(PinGrid.morton(x: 2 * x, y: 2 * y, level: level + 1), 4 * z)
                }
            }
        }
    }

    func testCellsOfPointsAndEdges() {
        // Seoul City Hall on level 14: 0.02197° × 0.04395° cells.
        let c = PinGrid.cell(latitude: 37.5665, longitude: 126.978, level: 14)
        XCTAssertEqual(c.x, Int((126.978 + 180) / 360 * 16384))
        XCTAssertEqual(c.y, Int((37.5665 + 90) / 180 * 4096))
        let b = PinGrid.bounds(level: 14, x: c.x, y: c.y)
        XCTAssertTrue(b.south <= 37.5665 && 37.5665 < b.north && b.west <= 126.978 && 126.978 < b.east)
        // The poles and the antimeridian stay on the grid.
        XCTAssertEqual(PinGrid.cell(latitude: 90, longitude: 180, level: 22).x, PinGrid.columns(level: 22) - 1)
        XCTAssertEqual(PinGrid.cell(latitude: 90, longitude: 180, level: 22).y, PinGrid.rows(level: 22) - 1)
        XCTAssertEqual(PinGrid.cell(latitude: -90, longitude: -180, level: 5).x, 0)
        XCTAssertEqual(PinGrid.level(forCellWidth: 1.8), 8)       // a 200-column world map: 1.40625° cells
        XCTAssertEqual(PinGrid.level(forCellWidth: 1000), 2)
        XCTAssertEqual(PinGrid.level(forCellWidth: 1e-9), 22)
    }

    func testMortonRangesCoverExactlyTheRectangle() {
        for (level, x0, x1, y0, y1) in [(10, 100, 300, 40, 90), (8, 0, 255, 0, 63), (14, 9000, 9011, 2000, 2003), (5, 7, 7, 3, 3)] {
            let ranges = PinGrid.mortonRanges(level: level, x0: x0, x1: x1, y0: y0, y1: y1, maxRanges: 48)
            XCTAssertLessThanOrEqual(ranges.count, 48 + 4)
            var inside = 0
            for r in ranges {
                for z in r {
                    let c = PinGrid.cell(morton: z, level: level)
                    if (x0...x1).contains(c.x) && (y0...y1).contains(c.y) { inside += 1 }
                }
            }
            XCTAssertEqual(inside, (x1 - x0 + 1) * (y1 - y0 + 1), "level \(level)")
        }
    }

    func testTileSQLMatchesSwift() throws {
        let store = try Store.inMemory()
        for (lat, lon) in [(37.5665, 126.978), (-90.0, -180.0), (90.0, 180.0), (0.0, 0.0), (-33.8688, 151.2093), (64.1466, -21.9426)] {
            let st = try store.db.prepare("SELECT \(PinGrid.tileSQL) FROM (SELECT ? AS latitude, ? AS longitude)")
            try st.bind([.double(lat), .double(lon)])
            XCTAssertTrue(try st.step())
            XCTAssertEqual(st.int(0), PinGrid.tile(latitude: lat, longitude: lon), "\(lat),\(lon)")
        }
    }
}
