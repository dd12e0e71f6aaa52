import XCTest
import CSQLite
import Glibc
@testable import PinStore

/// `finishIndexingBeside` (`pinmap import --index`): the search index of a first large import
/// built on a side connection while the write connection builds the indexes and the map's
/// tree, then copied in; the same store as `finishIndexing` makes, or `finishIndexing` itself
/// when the side build cannot be used.
final class IndexBesideTests: XCTestCase {
    /// A store whose pins were all bulk-inserted with everything deferred (as `import --index`
    /// commits them before indexing): 600 pins in Seoul and Paris, texts in several scripts.
    private func deferredStore(earlier: Int = 0) throws -> Store {
        let store = try Store(path: TestStores.tempPath(self))
        for i in 0..<earlier { _ = try store.insert(NewPin(title: "Earlier \(i)", latitude: -33.9, longitude: 18.4)) }
        let titles = ["Seoul Cafe", "서울 국밥", "Café de Flore", "東京タワー", "100% Coffee_Bar", "MUSEUM of Art"]
        try store.transaction {
            try store.beginBulkInsert(expectedRows: 100_000)
            let ins = try PinInserter(store: store)
            for i in 0..<600 {
                let seoul = i % 2 == 0
                _ = try ins.insert(NewPin(
                    title: "\(titles[i % titles.count]) \(i)", description: i % 3 == 0 ? "주말엔 사람 많음" : "Went with friends",
                    category: seoul ? "food" : "cafe",
                    latitude: seoul ? 37.5 + Double(i) / 10_000 : 48.85, longitude: seoul ? 127.0 : 2.35 + Double(i) / 10_000,
                    createdAt: String(format: "2024-01-01T%02d:%02d:00Z", i / 60, i % 60)), batchID: nil)
            }
            XCTAssertEqual(try store.endBulkInsert(deferring: true, deferringAll: true), 0)
        }
        return store
    }

    /// Every term of the store's search index with its rows ("term:rows").
    private func terms(_ store: Store) throws -> [String] {
        try store.db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.pins_terms USING fts5vocab(main, pins_fts, 'row')")
        let st = try store.db.prepare("SELECT term, doc FROM temp.pins_terms ORDER BY term")
        var out: [String] = []
        while try st.step() { out.append("\(st.text(0)):\(st.int(1))") }
        return out
    }

    private func pinsOnMap(_ store: Store) throws -> Int {
        var n = 0
        try store.forEachPinCell(level: 4, boxes: [.world], categories: nil) { n += $0.count }
        return n
    }

    private let queries = ["서울", "서", "caf", "Café", "museum", "タワー", "100%", "o", "friends 많음"]

    func testTheSideBuiltIndexAnswersAsTheOneBuiltOnTheWriteConnection() throws {
        let beside = try deferredStore(), plain = try deferredStore()
        XCTAssertEqual(try beside.indexBacklog(), IndexBacklog(pins: 600, indexes: ["pins_created_position", "pins_lat_lon"], paused: true))
        XCTAssertEqual(try pinsOnMap(beside), 0, "the map's tree waits too")
        let result = try beside.finishIndexingBeside(minRows: 100)
        XCTAssertEqual(result.rows, 600)
        XCTAssertTrue(result.beside)
        XCTAssertEqual(try plain.finishIndexing(), 600)
        for store in [beside, plain] {
            XCTAssertTrue(try store.indexBacklog().isEmpty)
            XCTAssertEqual(try store.deferredIndexNames(), [])
            XCTAssertEqual(try pinsOnMap(store), 600)
        }
        let terms = try terms(beside)
        XCTAssertGreaterThan(terms.count, 300)
        XCTAssertEqual(terms, try self.terms(plain))
        for q in queries {
            XCTAssertEqual(try beside.search(q).matches.map(\.id), try plain.search(q).matches.map(\.id), q)
        }
        XCTAssertEqual(try beside.search("서울").matches.count, 100)
        // Later writes go through the triggers into the copied index.
        let id = try beside.insert(NewPin(title: "Busan tower", latitude: 35.1, longitude: 129.0))
        XCTAssertEqual(try beside.search("busan").matches.map(\.id), [id])
        XCTAssertEqual(try beside.db.scalarText("PRAGMA integrity_check"), "ok")
        try beside.db.execute("INSERT INTO pins_fts(pins_fts, rank) VALUES ('integrity-check', 0)")
    }

    /// The import's commit names its process until `finishIndexingBeside` is done, so a UI
    /// opened meanwhile leaves the pins to it; a mark of a process that is gone counts for nothing.
    func testTheIndexingProcessIsNamedUntilItIsDone() throws {
        let store = try deferredStore()
        XCTAssertEqual(try store.setting(Store.indexingProcessKey), String(getpid()))
        XCTAssertFalse(try store.indexingElsewhere(), "this process's own mark")
        try store.setSetting(Store.indexingProcessKey, "1")  // init: alive
        XCTAssertTrue(try store.indexingElsewhere())
        try store.setSetting(Store.indexingProcessKey, "2147483000")  // no such process
        XCTAssertFalse(try store.indexingElsewhere())
        _ = try store.finishIndexingBeside(minRows: 100)
        XCTAssertNil(try store.setting(Store.indexingProcessKey))
        XCTAssertFalse(try store.indexingElsewhere())
    }

    func testAStoreWhoseSearchIndexHoldsPinsIsIndexedOnTheWriteConnection() throws {
        let store = try deferredStore(earlier: 3)
        let result = try store.finishIndexingBeside(minRows: 100)
        XCTAssertEqual(result.rows, 600)
        XCTAssertFalse(result.beside, "the earlier pins are in the index: the side build's copy would drop them")
        XCTAssertTrue(try store.indexBacklog().isEmpty)
        XCTAssertEqual(try store.search("earlier").matches.count, 3)
        XCTAssertEqual(try store.search("서울").matches.count, 100)
    }

    func testTooFewPinsAreIndexedOnTheWriteConnection() throws {
        let store = try deferredStore()
        let result = try store.finishIndexingBeside()  // 600 < SearchIndexSideBuild.minRows
        XCTAssertEqual(result.rows, 600)
        XCTAssertFalse(result.beside)
        XCTAssertTrue(try store.indexBacklog().isEmpty)
        XCTAssertEqual(try pinsOnMap(store), 600)
    }

    func testAnotherConnectionsWriteMeanwhileLeavesTheIndexToTheWriteConnection() throws {
        let store = try deferredStore()
        // Committed by another connection after the side build read its snapshot, before the copy.
        let other = try Store(path: store.path)
        var wrote = false
        let result = try store.finishIndexingBeside(progress: { p in
            if p.stage == .search, !wrote {
                wrote = true
                do { _ = try other.insert(NewPin(title: "Written meanwhile", latitude: 1, longitude: 1)) } catch { XCTFail("\(error)") }
            }
        }, minRows: 100)
        XCTAssertTrue(wrote)
        XCTAssertFalse(result.beside)
        XCTAssertTrue(try store.indexBacklog().isEmpty)
        XCTAssertEqual(try store.search("meanwhile").matches.count, 1)
        XCTAssertEqual(try store.search("서울").matches.count, 100)
    }
}
