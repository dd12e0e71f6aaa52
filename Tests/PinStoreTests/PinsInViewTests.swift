import XCTest
import CSQLite
@testable import PinStore

/// The list that follows the map: `newestPins(in:…)` must return exactly
/// what sorting every pin in view would (the brute force `pins(matching:)`),
/// with either plan, and must not sort or read every pin at world zoom.
final class PinsInViewTests: XCTestCase {
    private let seoul = LatLonBox(south: 37.55, west: 126.96, north: 37.58, east: 127.0)
    private let acrossAntimeridian = [LatLonBox(south: -60, west: 170, north: 60, east: 180),
                                      LatLonBox(south: -60, west: -180, north: 60, east: -170)]

    func testBothPlansEqualSortingEveryPinInView() throws {
        let store = try ListFixture.store(3_000)
        let cases: [([LatLonBox], Set<String>?)] = [
            ([.world], nil), ([seoul], nil), ([seoul], ["cafe"]), (acrossAntimeridian, nil),
            ([LatLonBox(south: 35.6, west: 139.6, north: 35.7, east: 139.8)], ["food", "park"]),
            ([LatLonBox(south: 10, west: 10, north: 10.001, east: 10.001)], nil),  // empty
        ]
        for (boxes, cats) in cases {
            for limit in [1, 40, 500] {
                let want = try ListFixture.newestIDs(store, boxes, cats, limit: limit)
                let scan = try store.newestPins(in: boxes, categories: cats, limit: limit, inView: 3_000, total: 3_000)
                XCTAssertEqual(scan.plan, .createdScan)
                XCTAssertEqual(scan.pins.map(\.id), want, "created scan \(boxes) \(String(describing: cats)) limit \(limit)")
                // Few pins in view of many: a created-at scan would read
                // limit × 3,000 rows; the spatial fetch reads the pins in view.
                let fetch = try store.newestPins(in: boxes, categories: cats, limit: limit, inView: 1, total: 3_000)
                XCTAssertEqual(fetch.plan, .spatialFetch)
                XCTAssertEqual(fetch.pins.map(\.id), want, "spatial fetch \(boxes) \(String(describing: cats)) limit \(limit)")
            }
        }
    }

    func testPlanFollowsTheCostOfEach() {
        // 1,000,000 pins, 500 listed: the street view of `bench render` (14,402 in view) walks
        // the creation index (≈ 35,000 rows); a view of 2,000 pins fetches them.
        XCTAssertEqual(Store.inViewPlan(limit: 500, inView: 14_402, total: 1_000_000), .createdScan)
        XCTAssertEqual(Store.inViewPlan(limit: 500, inView: 2_000, total: 1_000_000), .spatialFetch)
        XCTAssertEqual(Store.inViewPlan(limit: 500, inView: 0, total: 1_000_000), .spatialFetch)
        XCTAssertEqual(Store.inViewPlan(limit: 500, inView: 45, total: 45), .createdScan)
        XCTAssertEqual(Store.inViewPlan(limit: 500, inView: 10, total: 45), .createdScan)  // the whole index is 45 rows
    }

    func testWorldListWalksTheCreationIndexAndStopsEarly() throws {
        let store = try ListFixture.store(3_000)
        let (sql, args) = store.createdScanSQL(boxes: [.world], categories: nil)
        let plan = try store.db.prepare("EXPLAIN QUERY PLAN " + sql)
        try plan.bind(args + [.int(500)])
        var text: [String] = []
        while try plan.step() { text.append(plan.text(3)) }
        // In order: no sort, no temp B-tree; the subquery is each listed pin's batch time
        // (`pinColumns`), a lookup by primary key.
        XCTAssertEqual(text, ["SCAN pins USING INDEX pins_created_position", "CORRELATED SCALAR SUBQUERY 1",
                              "SEARCH import_batches USING INTEGER PRIMARY KEY (rowid=?)"])
        // And it reads about the 500 rows it returns, not the 3,000 in the store.
        let st = try store.db.prepare(sql)
        try st.bind(args + [.int(500)])
        var rows = 0
        while try st.step() { rows += 1 }
        XCTAssertEqual(rows, 500)
        let stepped = sqlite3_stmt_status(st.stmt, SQLITE_STMTSTATUS_FULLSCAN_STEP, 0)
        XCTAssertLessThanOrEqual(stepped, 510)
        XCTAssertGreaterThanOrEqual(stepped, 499)
    }

    func testSpatialFetchReadsTheSpatialIndexThenTheRowsById() throws {
        let store = try ListFixture.store(200)
        for (boxes, cats, index) in [([seoul], nil as Set<String>?, ["SEARCH pins USING COVERING INDEX pins_lat_lon (latitude>? AND latitude<?)"]),
                                     (acrossAntimeridian, ["cafe"], ["MULTI-INDEX OR", "INDEX 1",
                                      "SEARCH pins USING COVERING INDEX pins_lat_lon (latitude>? AND latitude<?)", "INDEX 2",
                                      "SEARCH pins USING COVERING INDEX pins_lat_lon (latitude>? AND latitude<?)"])] {
            let (sql, args) = store.spatialFetchSQL(boxes: boxes, categories: cats)
            let plan = try store.db.prepare("EXPLAIN QUERY PLAN " + sql)
            try plan.bind(args + [.int(500)])
            var text: [String] = []
            while try plan.step() { text.append(plan.text(3)) }
            // Rows by id (the ids in view from the spatial index alone), then a bounded sort.
            XCTAssertEqual(text, ["SEARCH pins USING INTEGER PRIMARY KEY (rowid=?)", "LIST SUBQUERY 1"] + index
                           + ["USE TEMP B-TREE FOR ORDER BY"], "\(boxes)")
        }
    }

    func testTimelineStillUsesTheCreationIndex() throws {
        let store = try ListFixture.store(100)
        let plan = try store.db.prepare("EXPLAIN QUERY PLAN SELECT count(*) FROM pins WHERE created_at >= ? AND created_at < ?")
        try plan.bind([.text("2024-01"), .text("2024-02")])
        XCTAssertTrue(try plan.step())
        XCTAssertTrue(plan.text(3).contains("pins_created_position"), plan.text(3))
        XCTAssertEqual(try store.days(inMonth: 2024, month: 1)[1], 100)
    }
}
