import XCTest
import CSQLite
@testable import PinStore

final class SearchIndexTests: XCTestCase {
    func testMigrationIndexesPinsThatExistedBefore() throws {
        let path = try TestStores.tempPath(self)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        do {  // a store as migration 1 left it, with pins
            let db = try Database(path: path)
            try db.execute("PRAGMA application_id = \(Migrations.applicationID)")
            try db.execute(Migrations.all[0])
            try db.execute("PRAGMA user_version = 1")
            try db.execute("""
                INSERT INTO pins(title, latitude, longitude, created_at, updated_at)
                VALUES ('전쟁기념관', 37.5365, 126.9772, '2023-05-05', '2023-05-05'),
                       ('National Museum', 37.524, 126.9804, '2023-06-22', '2023-06-22')
                """)
        }
        let store = try Store(path: path)
        XCTAssertEqual(try store.schemaVersion(), Migrations.all.count)
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "기념관")).map(\.title), ["전쟁기념관"])
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "muse")).map(\.title), ["National Museum"])
        try TestStores.checkSearchIndex(store)
    }

    func testBulkInsertIndexesItsPinsAtTheEnd() throws {
        for store in try TestStores.both(self) {
            let early = try store.insert(NewPin(title: "Museum before", latitude: 0, longitude: 0))
            try store.beginBulkInsert()
            try store.beginBulkInsert()  // a second call changes nothing
            XCTAssertTrue(try store.searchIndexIsPaused())
            let inserter = try PinInserter(store: store)
            var ids: [Int64] = []
            for i in 0..<50 { ids.append(try inserter.insert(NewPin(title: "Museum \(i)", latitude: 1, longitude: 1), batchID: nil)) }
            XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pins_fts WHERE pins_fts MATCH 'mus AND use AND seu AND eum'"), 1,
                           "pins of a running bulk insert are not indexed yet")
            XCTAssertEqual(try store.count(matching: PinQuery(search: "museum")), 51, "search scans the unindexed pins")
            // Editing and deleting pins while paused must not corrupt the index.
            try store.delete(id: ids[3])
            try store.update(id: ids[4], title: "Gallery 4")
            try store.update(id: early, title: "Museum edited")
            XCTAssertEqual(try store.endBulkInsert(), 49)
            XCTAssertFalse(try store.searchIndexIsPaused())
            XCTAssertEqual(try store.endBulkInsert(), 0)
            XCTAssertEqual(try store.count(matching: PinQuery(search: "museum")), 49)
            XCTAssertEqual(try store.pins(matching: PinQuery(search: "gallery")).map(\.id), [ids[4]])
            XCTAssertEqual(try store.pins(matching: PinQuery(search: "edited")).map(\.id), [early])
            let after = try store.insert(NewPin(title: "Museum after", latitude: 0, longitude: 0))
            XCTAssertEqual(try store.pins(matching: PinQuery(search: "after")).map(\.id), [after])
            try TestStores.checkSearchIndex(store)
        }
    }

    /// Trigrams that occur apart (the index keeps no positions) make no match, for the
    /// indexed pins and for those a pending bulk insert left unindexed alike.
    func testLongWordsAreCheckedOnThePinWhileABulkInsertIsPending() throws {
        for store in try TestStores.both(self) {
            _ = try store.insert(NewPin(title: "Amus xuse", latitude: 0, longitude: 0))
            _ = try store.insert(NewPin(title: "Amuse indexed", latitude: 0, longitude: 0))
            try store.beginBulkInsert()
            let inserter = try PinInserter(store: store)
            _ = try inserter.insert(NewPin(title: "Amuse pending", latitude: 1, longitude: 1), batchID: nil)
            _ = try inserter.insert(NewPin(title: "Amus xuse pending", latitude: 1, longitude: 1), batchID: nil)
            XCTAssertEqual(try store.pins(matching: PinQuery(order: .title, search: "amuse")).map(\.title),
                           ["Amuse indexed", "Amuse pending"])
            XCTAssertEqual(try store.search("amuse").matches.count, 2)
        }
    }

    func testBulkInsertInsideARolledBackTransactionLeavesNoPause() throws {
        let store = try Store.inMemory()
        try store.db.execute("BEGIN IMMEDIATE")
        try store.beginBulkInsert()
        try store.insert(NewPin(title: "gone", latitude: 0, longitude: 0))
        try store.db.execute("ROLLBACK")
        XCTAssertFalse(try store.searchIndexIsPaused())
        try store.insert(NewPin(title: "kept", latitude: 0, longitude: 0))
        XCTAssertEqual(try store.count(matching: PinQuery(search: "kept")), 1)
    }

    func testEndBulkInsertInsideAnOpenTransactionUsesASavepoint() throws {
        let store = try Store.inMemory()
        try store.db.execute("BEGIN IMMEDIATE")
        try store.beginBulkInsert()
        try store.insert(NewPin(title: "inside", latitude: 0, longitude: 0))
        XCTAssertEqual(try store.endBulkInsert(), 1)
        try store.db.execute("COMMIT")
        XCTAssertEqual(try store.count(matching: PinQuery(search: "inside")), 1)
        try TestStores.checkSearchIndex(store)
    }

    func testRebuildRepairsAnIndexLeftPaused() throws {
        let store = try Store.inMemory()
        try store.beginBulkInsert()
        try store.insert(NewPin(title: "orphan", latitude: 0, longitude: 0))
        try store.rebuildSearchIndex()
        XCTAssertFalse(try store.searchIndexIsPaused())
        XCTAssertEqual(try store.count(matching: PinQuery(search: "orphan")), 1)
        try TestStores.checkSearchIndex(store)
    }
}
