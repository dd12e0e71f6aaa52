import XCTest
@testable import PinStore

final class BulkIndexTests: XCTestCase {
    private func indexNames(_ store: Store) throws -> [String] {
        let st = try store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'pins' AND sql IS NOT NULL ORDER BY name")
        var out: [String] = []
        while try st.step() { out.append(st.text(0)) }
        return out
    }

    func testLargeBulkInsertDropsAndRebuildsThePinsIndexes() throws {
        let store = try Store.inMemory()
        let before = try indexNames(store)
        XCTAssertTrue(before.contains("pins_lat_lon"))
        try store.transaction {
            try store.beginBulkInsert(expectedRows: 100_000)
            XCTAssertEqual(try self.indexNames(store), [], "dropped for the bulk insert")
            let ins = try PinInserter(store: store)
            for i in 0..<1_000 { try ins.insert(NewPin(title: "p\(i)", latitude: Double(i % 20), longitude: Double(i % 20)), batchID: nil) }
            try store.endBulkInsert()
        }
        XCTAssertEqual(try indexNames(store), before)
        XCTAssertEqual(try store.count(matching: PinQuery(boxes: [LatLonBox(south: 0, west: 0, north: 9.5, east: 9.5)])), 500)
    }

    func testSmallInsertIntoABigStoreKeepsTheIndexes() throws {
        let store = try Store.inMemory()
        let before = try indexNames(store)
        try store.transaction {
            try store.beginBulkInsert(expectedRows: 10)
            XCTAssertEqual(try self.indexNames(store), before)
            try store.endBulkInsert()
        }
    }

    func testRollbackRestoresTheIndexes() throws {
        let store = try Store.inMemory()
        let before = try indexNames(store)
        struct Boom: Error {}
        XCTAssertThrowsError(try store.transaction {
            try store.beginBulkInsert(expectedRows: 1_000_000)
            throw Boom()
        })
        XCTAssertEqual(try indexNames(store), before)
    }
}
