import XCTest
import CSQLite
@testable import PinStore

/// A large import commits with the spatial index only; `finishIndexing`
/// builds the rest later (Store+BulkInsert.swift, Store+IndexBacklog.swift).
final class DeferredIndexingTests: XCTestCase {
    private func names(_ store: Store, type: String) throws -> [String] {
        let st = try store.db.prepare("SELECT name FROM sqlite_master WHERE type = ? AND tbl_name = 'pins' AND sql IS NOT NULL ORDER BY name")
        try st.bind([.text(type)])
        var out: [String] = []
        while try st.step() { out.append(st.text(0)) }
        return out
    }

    /// Pins in the map's cell tree (the sum of its cells at level 4).
    private func pinsOnMap(_ store: Store) throws -> Int {
        var n = 0
        try store.forEachPinCell(level: 4, boxes: [.world], categories: nil) { n += $0.count }
        return n
    }

    /// 10 pins, then a bulk insert of 300 (200 museums near Seoul, 100 cafés near Paris),
    /// committed with indexing deferred.
    private func storeWithBacklog() throws -> (Store, early: [Int64], bulk: [Int64]) {
        let store = try Store(path: TestStores.tempPath(self))
        var early: [Int64] = []
        for i in 0..<10 { early.append(try store.insert(NewPin(title: "Old museum \(i)", latitude: -33.9, longitude: 18.4))) }
        XCTAssertEqual(try pinsOnMap(store), 10)
        var bulk: [Int64] = []
        try store.transaction {
            try store.beginBulkInsert(expectedRows: 100_000)
            let ins = try PinInserter(store: store)
            for i in 0..<300 {
                let seoul = i < 200
                bulk.append(try ins.insert(NewPin(
                    title: seoul ? "Museum \(i)" : "Café \(i)", category: seoul ? "museum" : "cafe",
                    latitude: seoul ? 37.5 + Double(i) / 1000 : 48.85, longitude: seoul ? 127.0 : 2.35 + Double(i) / 1000,
                    createdAt: String(format: "2024-01-01T00:%02d:%02dZ", i / 60, i % 60)), batchID: nil))
            }
            XCTAssertEqual(try store.endBulkInsert(deferring: true), 0)
        }
        return (store, early, bulk)
    }

    func testALargeImportCommitsWithTheSpatialIndexAndLeavesTheRest() throws {
        let (store, _, _) = try storeWithBacklog()
        XCTAssertEqual(try names(store, type: "index"), ["pins_lat_lon"])
        XCTAssertEqual(try store.deferredIndexNames(), ["pins_created_position"])
        XCTAssertEqual(try names(store, type: "trigger").filter { $0.hasSuffix("_insert") },
                       ["pin_cells_insert", "pin_changes_insert", "pins_fts_insert"],
                       "the insert triggers are back before the commit")
        XCTAssertEqual(try store.indexBacklog(), IndexBacklog(pins: 300, indexes: ["pins_created_position"], paused: true))
        // Bounding boxes use the spatial index.
        let plan = try store.db.prepare("EXPLAIN QUERY PLAN SELECT count(*) FROM pins WHERE latitude BETWEEN 37 AND 38 AND longitude BETWEEN 126 AND 128")
        var detail = ""
        while try plan.step() { detail += plan.text(3) }
        XCTAssertTrue(detail.contains("pins_lat_lon"), detail)
        XCTAssertEqual(try store.count(matching: PinQuery(boxes: [LatLonBox(south: 37, west: 126, north: 38, east: 128)])), 200)
        // Search finds the unindexed pins by a scan, the old ones through the index.
        XCTAssertEqual(try store.count(matching: PinQuery(search: "museum")), 210)
        XCTAssertEqual(try store.count(matching: PinQuery(search: "café 29")), 11, "Café 229 and 290…299")
        // The list in view works without its indexes (SQLite sorts).
        let seoul = [LatLonBox(south: 37, west: 126, north: 38, east: 128)]
        let (newest, how) = try store.newestPins(in: seoul, categories: nil, limit: 3, inView: 200, total: 310)
        XCTAssertEqual(how, .sort)
        XCTAssertEqual(newest.map(\.title), ["Museum 199", "Museum 198", "Museum 197"])
        // The map is current at commit: every pin, as a build from scratch gives it.
        XCTAssertEqual(try pinsOnMap(store), 310)
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_cell_pause"), 0)
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_cell_log"), 0)
        let imported = try CellFixture.dump(store)
        try store.rebuildPinCells()
        CellFixture.assertSame(imported, try CellFixture.dump(store))
    }

    func testEditsBeforeIndexingKeepTheMapExact() throws {
        let (store, early, bulk) = try storeWithBacklog()
        try store.delete(id: bulk[0])
        try store.delete(id: bulk[5])
        try store.update(id: bulk[1], category: "park", latitude: 48.86, longitude: 2.36)
        try store.update(id: early[2], latitude: 37.6, longitude: 127.0)
        try store.insert(NewPin(title: "Late museum", category: "museum", latitude: 37.51, longitude: 127.0))
        XCTAssertEqual(try pinsOnMap(store), 309)
        let edited = try CellFixture.dump(store)
        try store.rebuildPinCells()
        let rebuilt = try CellFixture.dump(store)
        CellFixture.assertSame(edited, rebuilt)
        try store.finishIndexing()
        CellFixture.assertSame(try CellFixture.dump(store), rebuilt)
    }

    func testAFewPinsBulkInsertedIntoABigTreeJoinItOneByOne() throws {
        let store = try Store(path: TestStores.tempPath(self))
        for p in CellFixture.pins(3_000, seed: 4) { try store.insert(p) }
        try store.syncPinCells()
        try store.transaction {
            try store.beginBulkInsert(expectedRows: 100_000)  // drops the triggers: below the rebuild threshold
            XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_cell_pause"), 1)
            let ins = try PinInserter(store: store)
            for p in CellFixture.pins(40, seed: 8) { try ins.insert(p, batchID: nil) }
            XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_cell_log"), 0, "no trigger logged them")
            try store.endBulkInsert(deferring: true)
        }
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pin_cell_pause"), 0)
        XCTAssertEqual(try store.pinCellTotals().total, 3_040)
        let added = try CellFixture.dump(store)
        try store.rebuildPinCells()
        CellFixture.assertSame(added, try CellFixture.dump(store))
    }

    func testAStoreWaitingForIndexingBeforeMigration8GetsItsTreeRebuilt() throws {
        let (store, _, _) = try storeWithBacklog()
        // As migration 8 leaves such a store: the tree marked unbuilt (it lacked the bulk pins).
        try store.db.execute("DELETE FROM pin_tiles; DELETE FROM pin_cell_state")
        XCTAssertEqual(try pinsOnMap(store), 310)
    }

    func testSearchIgnoresCaseByUnicodeRulesBeforeAndAfterIndexing() throws {
        let store = try Store(path: TestStores.tempPath(self))
        try store.transaction {
            try store.beginBulkInsert(expectedRows: 100_000)
            let ins = try PinInserter(store: store)
            for (i, t) in ["Café Müller", "CAFÉ NOIR", "Ölfabrik", "σίσυφος", "plain cafe"].enumerated() {
                try ins.insert(NewPin(title: t, latitude: Double(i), longitude: 0), batchID: nil)
            }
            try store.endBulkInsert(deferring: true)
        }
        let queries = ["café", "CAFÉ", "MÜLLER", "ölf", "ΣΊΣΥΦΟΣ", "é", "Ö", "caf"]
        let before = try queries.map { try store.count(matching: PinQuery(search: $0)) }
        XCTAssertEqual(before, [2, 2, 1, 1, 1, 2, 1, 3])
        try store.finishIndexing()
        XCTAssertEqual(try queries.map { try store.count(matching: PinQuery(search: $0)) }, before)
    }

    func testFinishIndexingBuildsEverythingAndReportsProgress() throws {
        let (store, _, _) = try storeWithBacklog()
        var seen: [IndexingProgress] = []
        XCTAssertEqual(try store.finishIndexing(progress: { seen.append($0) }), 300)
        XCTAssertTrue(try store.indexBacklog().isEmpty)
        XCTAssertEqual(try names(store, type: "index"), ["pins_created_position", "pins_lat_lon"])
        XCTAssertEqual(seen.first?.stage, .indexes)
        XCTAssertEqual(seen.last, IndexingProgress(stage: .map, fraction: 1))
        XCTAssertEqual(seen.map(\.fraction), seen.map(\.fraction).sorted(), "progress never goes back")
        XCTAssertEqual(Set(seen.map(\.stage)), [.indexes, .search, .map])
        try TestStores.checkSearchIndex(store)
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pins_fts WHERE pins_fts MATCH 'mus AND use AND seu AND eum'"), 210)
        XCTAssertEqual(try pinsOnMap(store), 310)
        let seoul = [LatLonBox(south: 37, west: 126, north: 38, east: 128)]
        let (newest, how) = try store.newestPins(in: seoul, categories: nil, limit: 3, inView: 200, total: 310)
        XCTAssertNotEqual(how, .sort)
        XCTAssertEqual(newest.map(\.title), ["Museum 199", "Museum 198", "Museum 197"])
        XCTAssertEqual(try store.finishIndexing(), 0, "nothing left")
    }

    func testEditsWhileIndexingWaitsEndConsistent() throws {
        let (store, early, bulk) = try storeWithBacklog()
        try store.delete(id: bulk[0])                         // never indexed
        try store.update(id: bulk[1], title: "Gallery one")   // indexed later with its new title
        try store.delete(id: early[0])                        // indexed: leaves the index now
        try store.update(id: early[1], title: "Old gallery")
        let added = try store.insert(NewPin(title: "New museum", latitude: 10, longitude: 10))
        XCTAssertEqual(try store.count(matching: PinQuery(search: "gallery")), 2)
        try store.finishIndexing()
        try TestStores.checkSearchIndex(store)
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "gallery")).map(\.id).sorted(), [early[1], bulk[1]].sorted())
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "new museum")).map(\.id), [added])
        XCTAssertEqual(try pinsOnMap(store), 309)
        let indexed = try CellFixture.dump(store)
        try store.rebuildPinCells()
        CellFixture.assertSame(indexed, try CellFixture.dump(store))
    }

    func testStoppingLeavesTheBacklogAsItWas() throws {
        let (store, _, _) = try storeWithBacklog()
        let before = try store.indexBacklog()
        var asked = 0
        XCTAssertThrowsError(try store.finishIndexing(shouldStop: { asked += 1; return asked > 2 })) { error in
            XCTAssertEqual((error as? StoreError).map { $0.code & 0xFF }, SQLITE_INTERRUPT)
        }
        XCTAssertEqual(try store.indexBacklog(), before)
        XCTAssertEqual(try names(store, type: "index"), ["pins_lat_lon"])
        XCTAssertEqual(try store.finishIndexing(shouldStop: { false }), 300)
        XCTAssertTrue(try store.indexBacklog().isEmpty)
    }

    func testAnotherLargeImportWhileDeferredKeepsOneBacklog() throws {
        let (store, _, _) = try storeWithBacklog()
        try store.transaction {
            try store.beginBulkInsert(expectedRows: 100_000)  // 310 pins < 100,000: drops again (nothing left to drop)
            let ins = try PinInserter(store: store)
            for i in 0..<50 { try ins.insert(NewPin(title: "Second \(i)", latitude: 1, longitude: 1), batchID: nil) }
            try store.endBulkInsert(deferring: true)
        }
        XCTAssertEqual(try store.indexBacklog().pins, 350)
        XCTAssertEqual(try store.finishIndexing(), 350)
        try TestStores.checkSearchIndex(store)
        XCTAssertEqual(try pinsOnMap(store), 360)
    }

    func testASmallImportIndexesAtOnce() throws {
        let store = try Store(path: TestStores.tempPath(self))
        try store.transaction {
            try store.beginBulkInsert(expectedRows: 10)
            try store.insert(NewPin(title: "Small museum", latitude: 1, longitude: 1))
            XCTAssertEqual(try store.endBulkInsert(deferring: true), 1)
        }
        XCTAssertTrue(try store.indexBacklog().isEmpty)
        XCTAssertEqual(try store.db.scalarInt("SELECT count(*) FROM pins_fts WHERE pins_fts MATCH 'mus AND use AND seu AND eum'"), 1)
    }

    func testDirectWritesOnlyForAnEmptyFileStoreAndBackToWAL() throws {
        let store = try Store(path: TestStores.tempPath(self))
        let mode = { try store.db.prepare("PRAGMA journal_mode") }
        XCTAssertTrue(store.beginDirectWrites())
        var st = try mode()
        XCTAssertTrue(try st.step())
        XCTAssertEqual(st.text(0), "delete")
        st.reset()
        store.endDirectWrites()
        st = try mode()
        XCTAssertTrue(try st.step())
        XCTAssertEqual(st.text(0), "wal")
        try store.insert(NewPin(title: "One", latitude: 0, longitude: 0))
        XCTAssertFalse(store.beginDirectWrites(), "a store with pins keeps its WAL")
        XCTAssertFalse(try Store.inMemory().beginDirectWrites())
    }
}
