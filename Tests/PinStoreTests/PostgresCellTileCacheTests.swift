import XCTest
import PinModel
@testable import PinStore
@testable import PinStorePostgres
import PostgresTesting

/// The map's cells a PostgreSQL store keeps in tiles are dropped when an announcement names
/// their cells: another connection's insert, move and delete, and the store's own, show in
/// the next visit, at a stored level (from `pin_cells`) and a finer one (from the pins).
final class PostgresCellTileCacheTests: XCTestCase {
    private var databases: [String] = []
    override func tearDownWithError() throws { databases.forEach(TestServer.dropDatabase) }

    /// Every cell of the world at `width` degrees a cell, as "level x y count".
    private func cells(_ store: PostgresStore, _ width: Double, _ box: LatLonBox = .world) throws -> [String] {
        var out: [String] = []
        _ = try store.visitMapCells(cellWidth: width, boxes: [box], categories: nil, refineBudget: 0) { c, _ in
            out.append("\(c.level) \(c.x) \(c.y) \(c.count)")
            return true
        }
        return out.sorted()
    }

    func testAnotherConnectionsWritesDropTheTilesTheyName() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.freshStoreURI()
        databases.append(uri)
        let map = try PostgresStore(uri: uri), other = try PostgresStore(uri: uri)
        let seoul = LatLonBox(south: 37.5, west: 126.9, north: 37.6, east: 127.1)
        try map.insert(NewPin(title: "a", latitude: 37.55, longitude: 126.98))
        let coarse = 0.5, fine = 0.00002  // level 10 (pin_cells) and level 22 (grouped from the pins)
        XCTAssertEqual(try cells(map, coarse).map { $0.split(separator: " ").last! }, ["1"])
        XCTAssertEqual(try cells(map, fine, seoul).count, 1)
        XCTAssertGreaterThan(map.cellTiles.count, 0, "the visits were kept")

        let b = try other.insert(NewPin(title: "b", latitude: 37.55, longitude: 126.98))
        XCTAssertEqual(try cells(map, coarse).map { $0.split(separator: " ").last! }, ["2"], "another connection's insert")
        XCTAssertEqual(try cells(map, fine, seoul).count, 1, "the same finest cell")
        XCTAssertEqual(try cells(map, fine, seoul).first?.split(separator: " ").last, "2")

        try other.update(id: b, latitude: -33.9, longitude: 151.2)
        XCTAssertEqual(try cells(map, coarse).map { $0.split(separator: " ").last! }, ["1", "1"], "a move: both cells")
        XCTAssertEqual(try cells(map, fine, seoul).first?.split(separator: " ").last, "1")

        try other.delete(id: b)
        XCTAssertEqual(try cells(map, coarse).count, 1, "another connection's delete")

        try map.insert(NewPin(title: "c", latitude: 48.85, longitude: 2.35))
        XCTAssertEqual(try cells(map, coarse).count, 2, "the store's own write")
    }
}
