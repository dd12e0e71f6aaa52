import XCTest
@testable import PinStore

/// `PinCellTileCache`: visits through the cache give what a store that never cached gives,
/// in the same order, and every change of the tree shows on the next visit.
final class PinCellTileCacheTests: XCTestCase {
    /// The cells a visit gives, in order, as text.
    private func visit(_ store: Store, level: Int, box: LatLonBox, categories: Set<String>? = nil) throws -> [String] {
        var out: [String] = []
        try store.forEachPinCell(level: level, boxes: [box], categories: categories) { c in
            out.append("L\(c.level) \(c.x),\(c.y) n\(c.count) rep\(c.repID) \(c.repLatitude),\(c.repLongitude) s\(c.repCategoryID)/\(c.scope)")
        }
        return out
    }

    /// Pins in a box at `level`, summed from a visit.
    private func total(_ store: Store, level: Int = 16, box: LatLonBox = seoul) throws -> Int {
        var n = 0
        try store.forEachPinCell(level: level, boxes: [box], categories: nil) { n += $0.count }
        return n
    }

    private static let seoul = LatLonBox(south: 37.55, west: 126.96, north: 37.58, east: 127.0)

    private func seoulPin(_ i: Int) -> NewPin {
        NewPin(title: "new \(i)", category: "cafe", latitude: 37.5665 + Double(i) * 1e-4, longitude: 126.978)
    }

    func testPannedVisitsEqualAStoreThatNeverCached() throws {
        let path = try TestStores.tempPath(self)
        let store = try Store(path: path)
        for p in CellFixture.pins(3000, seed: 5) { try store.insert(p) }
        try store.syncPinCells()
        let fresh = { () throws -> Store in try Store(path: path, mode: .existing) }
        var compared = 0
        let views: [(lat: Double, lon: Double, level: Int, span: Double)] = [
            (51.5, -0.13, 9, 3), (35.69, 139.69, 12, 0.1), (35.69, 139.69, 16, 0.01), (37.5665, 126.978, 19, 0.004)]
        for v in views {
            for i in 0..<16 {
                // Steps of 0.3 views east, 0.1 views up or down: some stay in the window read
                // before, some leave it (a new window), two come back to the first one.
                let step = Double(i < 14 ? i : 15 - i)
                let dx = step * v.span * 0.6, dy = Double(i % 3 - 1) * v.span * 0.1
                let box = LatLonBox(south: v.lat - v.span / 2 + dy, west: v.lon - v.span + dx,
                                    north: v.lat + v.span / 2 + dy, east: v.lon + v.span + dx)
                let cached = try visit(store, level: v.level, box: box)
                XCTAssertEqual(cached, try visit(fresh(), level: v.level, box: box), "level \(v.level), pan \(i)")
                XCTAssertEqual(try visit(store, level: v.level, box: box, categories: ["cafe", "park"]),
                               try visit(fresh(), level: v.level, box: box, categories: ["cafe", "park"]), "level \(v.level), pan \(i)")
                compared += cached.count
            }
        }
        XCTAssertGreaterThan(compared, 300)  // the views hold cells
        XCTAssertGreaterThan(store.pinCellTileCache.count, 0)
        XCTAssertLessThanOrEqual(store.pinCellTileCache.count, PinCellTileCache.maxCells)
    }

    func testAWriteThroughAnotherConnectionShowsOnTheNextVisit() throws {
        let path = try TestStores.tempPath(self)
        let store = try Store(path: path)
        for i in 0..<5 { try store.insert(seoulPin(i)) }
        XCTAssertEqual(try total(store), 5)
        let other = try Store(path: path, mode: .existing)
        let id = try other.insert(seoulPin(5))
        // The other connection syncs the tree itself: only `PRAGMA data_version` tells.
        try other.syncPinCells()
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_cell_log"), 0)
        XCTAssertEqual(try total(store), 6)
        _ = try other.delete(id: id)
        _ = try other.delete(id: 1)
        try other.syncPinCells()
        XCTAssertEqual(try total(store), 4)
        // A write by another tool (the sqlite3 shell, say) without syncing: this store syncs.
        try other.db.execute("UPDATE pins SET latitude = 10, longitude = 10 WHERE id = 2")
        XCTAssertEqual(try total(store), 3)
        XCTAssertEqual(try total(store, box: LatLonBox(south: 9, west: 9, north: 11, east: 11)), 1)
    }

    func testOwnWritesShowOnTheNextVisit() throws {
        for store in try TestStores.both(self) {
            for i in 0..<5 { try store.insert(seoulPin(i)) }
            XCTAssertEqual(try total(store), 5)
            let id = try store.insert(seoulPin(5))
            XCTAssertEqual(try total(store), 6)
            try store.update(id: id, category: nil, latitude: -33.87, longitude: 151.21)
            XCTAssertEqual(try total(store), 5)
            _ = try store.delete(id: 1)
            XCTAssertEqual(try total(store), 4)
            try store.rebuildPinCells()
            XCTAssertEqual(try total(store), 4)
        }
    }

    func testARolledBackWriteDoesNotStayInTheCache() throws {
        for store in try TestStores.both(self) {
            for i in 0..<5 { try store.insert(seoulPin(i)) }
            XCTAssertEqual(try total(store), 5)
            struct Undo: Error {}
            XCTAssertThrowsError(try store.db.transaction { () throws -> Void in
                try store.insert(seoulPin(5))
                XCTAssertEqual(try total(store), 6)  // read (and cached) inside the transaction
                throw Undo()
            })
            XCTAssertEqual(try total(store), 5)
        }
    }
}
