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

    private func store(_ count: Int) throws -> Store {
        let store = try Store.inMemory()
        var pins = CellFixture.pins(count, seed: 31)
        // Same-second pins: the order falls back to the id.
        for i in stride(from: 10, to: pins.count, by: 50) { pins[i].createdAt = "2024-01-01T00:30:00Z" }
        try store.transaction { for p in pins { try store.insert(p) } }
        return store
    }

    private func expected(_ store: Store, _ boxes: [LatLonBox], _ cats: Set<String>?, limit: Int) throws -> [Int64] {
        try store.pins(matching: PinQuery(boxes: boxes, categories: cats, order: .newest, limit: limit)).map(\.id)
    }

    func testBothPlansEqualSortingEveryPinInView() throws {
        let store = try store(3_000)
        let cases: [([LatLonBox], Set<String>?)] = [
            ([.world], nil), ([seoul], nil), ([seoul], ["cafe"]), (acrossAntimeridian, nil),
            ([LatLonBox(south: 35.6, west: 139.6, north: 35.7, east: 139.8)], ["food", "park"]),
            ([LatLonBox(south: 10, west: 10, north: 10.001, east: 10.001)], nil),  // empty
        ]
        for (boxes, cats) in cases {
            for limit in [1, 40, 500] {
                let want = try expected(store, boxes, cats, limit: limit)
                let scan = try store.newestPins(in: boxes, categories: cats, limit: limit, inView: 3_000, total: 3_000)
                XCTAssertEqual(scan.plan, .createdScan)
                XCTAssertEqual(scan.pins.map(\.id), want, "created scan \(boxes) \(String(describing: cats)) limit \(limit)")
                // Few pins in view of many: a created-at scan would read
                // limit × 3,000 rows; the tile merge reads about limit.
                guard limit > 1 else { continue }
                let merge = try store.newestPins(in: boxes, categories: cats, limit: limit, inView: 1, total: 3_000)
                XCTAssertEqual(merge.plan, .tileMerge)
                XCTAssertEqual(merge.pins.map(\.id), want, "tile merge \(boxes) \(String(describing: cats)) limit \(limit)")
            }
        }
    }

    func testTileMergeReadsRunsInSeveralChunks() throws {
        let store = try store(3_000)
        for (boxes, cats) in [([seoul], nil as Set<String>?), ([LatLonBox.world], ["food"]), (acrossAntimeridian, nil)] {
            let tiles = try XCTUnwrap(store.tilesInView(boxes: boxes, categories: cats, maxTiles: 10_000))
            // A large `inView` makes every first chunk small: runs are read again and again.
            let got = try store.newestByTileMerge(tiles: tiles, boxes: boxes, categories: cats, limit: 300, inView: 1_000_000)
            XCTAssertEqual(got.map(\.id), try expected(store, boxes, cats, limit: 300), "\(boxes) \(String(describing: cats))")
        }
    }

    func testWorldListWalksTheCreationIndexAndStopsEarly() throws {
        let store = try store(3_000)
        let (sql, args) = store.createdScanSQL(boxes: [.world], categories: nil)
        let plan = try store.db.prepare("EXPLAIN QUERY PLAN " + sql)
        try plan.bind(args + [.int(500)])
        var text: [String] = []
        while try plan.step() { text.append(plan.text(3)) }
        XCTAssertEqual(text, ["SCAN pins USING INDEX pins_created_position"])  // in order: no sort, no temp B-tree
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

    func testTileMergeSeeksTheTileIndex() throws {
        let store = try store(200)
        let plan = try store.db.prepare("""
            EXPLAIN QUERY PLAN SELECT created_at, id, latitude, longitude FROM pins INDEXED BY pins_tile_created
            WHERE \(PinGrid.tileSQL) = ? ORDER BY created_at DESC, id DESC LIMIT ?
            """)
        try plan.bind([.int(5), .int(10)])
        XCTAssertTrue(try plan.step())
        XCTAssertEqual(plan.text(3), "SEARCH pins USING COVERING INDEX pins_tile_created (<expr>=?)")
        XCTAssertFalse(try plan.step())  // no sort step
    }

    func testTimelineStillUsesTheCreationIndex() throws {
        let store = try store(100)
        let plan = try store.db.prepare("EXPLAIN QUERY PLAN SELECT count(*) FROM pins WHERE created_at >= ? AND created_at < ?")
        try plan.bind([.text("2024-01"), .text("2024-02")])
        XCTAssertTrue(try plan.step())
        XCTAssertTrue(plan.text(3).contains("pins_created_position"), plan.text(3))
        XCTAssertEqual(try store.days(inMonth: 2024, month: 1)[1], 100)
    }
}
