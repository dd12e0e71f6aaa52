import XCTest
import PinModel
@testable import PinStore
@testable import PinStorePostgres
import PostgresTesting

/// Boxes read through cell runs (`PostgresStore+BoxCells`): the same pins as the SQLite
/// store's coordinate test, pins on every edge included.
final class BoxCellRunsTests: XCTestCase {
    private var databases: [String] = []
    override func tearDownWithError() throws { databases.forEach(TestServer.dropDatabase) }

    /// Pins on the boxes' edges, the grid's edges (±180°, ±90°), the quadtree's first cuts
    /// (0°, ±90° of longitude) and scattered between.
    private func edgePins() -> [NewPin] {
        var seed: UInt64 = 11
        func next() -> Double { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Double(seed >> 11) / Double(1 << 53) }
        let lats: [Double] = [-90, -45, -0.000001, 0, 1e-9, 37.5, 37.5665, 37.6, 45, 89.999999, 90]
        let lons: [Double] = [-180, -179.99, -90, -1e-9, 0, 90, 126.97, 126.978, 127, 179.99, 180]
        var out: [NewPin] = []
        for (i, lat) in lats.enumerated() {
            for (j, lon) in lons.enumerated() {
                out.append(NewPin(title: "e\(i)-\(j)", category: ["a", "b"][(i + j) % 2], latitude: lat, longitude: lon,
                                  createdAt: String(format: "2024-01-%02dT00:00:00Z", 1 + (i * 7 + j) % 28)))
            }
        }
        for k in 0..<200 {
            out.append(NewPin(title: "r\(k)", category: ["a", "b", ""][k % 3], latitude: next() * 180 - 90, longitude: next() * 360 - 180,
                              createdAt: String(format: "2024-02-%02dT00:00:00Z", 1 + k % 28)))
        }
        return out
    }

    func testBoxesGiveTheSQLiteStoresPinsOnEveryEdge() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.freshStoreURI()
        databases.append(uri)
        let server = try PostgresStore(uri: uri), file = try Store.inMemory()
        for pin in edgePins() {
            XCTAssertEqual(try server.insert(pin), try file.insert(pin))
        }
        let boxes: [[LatLonBox]] = [
            [.world],
            [LatLonBox(south: 37.5, west: 126.97, north: 37.6, east: 127)],
            [LatLonBox(south: 37.5665, west: 126.978, north: 37.5665, east: 126.978)],
            [LatLonBox(south: -1e-9, west: -1e-9, north: 1e-9, east: 1e-9)],
            [LatLonBox(south: 45, west: 170, north: 90, east: 180), LatLonBox(south: 45, west: -180, north: 90, east: -170)],
            [LatLonBox(south: -90, west: -180, north: -45, east: -90)],
            [LatLonBox(south: -30, west: -100, north: 60, east: 95)],
            [LatLonBox(south: 10, west: 10, north: 11, east: 11)],
        ]
        for box in boxes {
            let name = "\(box)"
            XCTAssertEqual(try server.pins(matching: PinQuery(boxes: box)).map(\.id), try file.pins(matching: PinQuery(boxes: box)).map(\.id), name)
            for categories in [nil, Set(["a"]), Set([""])] as [Set<String>?] {
                let q = PinQuery(boxes: box, categories: categories, order: .title)
                XCTAssertEqual(try server.pins(matching: q).map(\.id), try file.pins(matching: q).map(\.id), name)
                // Few in view of many: the newest are read through the cell runs.
                let fetched = try server.newestPins(in: box, categories: categories, limit: 7, inView: 1, total: 10_000)
                XCTAssertEqual(fetched.plan, .spatialFetch, name)
                XCTAssertEqual(fetched.pins.map(\.id),
                               try file.newestPins(in: box, categories: categories, limit: 7, inView: 1, total: 10_000).pins.map(\.id), name)
            }
        }
    }

    /// A store made before migration 11 loses its latitude/longitude, batch and uid indexes and
    /// gets the wider `pins_cell` (without deduplication since migration 15; the spatial index
    /// built full since migration 20); its boxes and batches read as before.
    func testMigration11ReplacesTheLatLonIndexOfAnOlderStore() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let (uri, db) = try databaseAtSchema(10)
        databases.append(uri)
        try db.execute("""
            INSERT INTO pins(title, category, latitude, longitude, created_at, updated_at)
            SELECT 'pin ' || i, 'cafe', 37.5 + i * 0.001, 127 + i * 0.001, '2024-01-01', '2024-01-01' FROM generate_series(1, 50) AS i
            """)
        let indexes = "SELECT indexname || ': ' || regexp_replace(indexdef, '.* USING ', '') FROM pg_indexes WHERE tablename = 'pins' ORDER BY 1"
        XCTAssertEqual(try PostgresDatabases.rows(indexes, uri: uri).compactMap(\.first), [
            "pins_batch: btree (batch_id)", "pins_cell: btree (cell, id) INCLUDE (category, latitude, longitude)",
            "pins_created: btree (created_at DESC, id DESC)", "pins_geom: gist (geom)",
            "pins_lat_lon: btree (latitude, longitude) INCLUDE (created_at, id)", "pins_pkey: btree (id)", "pins_uid_key: btree (uid)"])
        let store = try PostgresStore(uri: uri)
        XCTAssertEqual(try PostgresDatabases.rows(indexes, uri: uri).compactMap(\.first), [
            "pins_cell: btree (cell, id) INCLUDE (category, latitude, longitude, created_at) WITH (deduplicate_items=off)",
            "pins_created: btree (created_order DESC, created_at DESC, id DESC) WITH (deduplicate_items=off)",
            "pins_geom: gist (geom) WITH (fillfactor='100')", "pins_pkey: btree (id)"])
        let box = LatLonBox(south: 37.51, west: 127.01, north: 37.52, east: 127.02)
        XCTAssertEqual(try store.newestPins(in: [box], categories: nil, limit: 5, inView: 1, total: 1_000).pins.map(\.id), [20, 19, 18, 17, 16], "newest first, then the highest id")
        XCTAssertEqual(try store.pins(matching: PinQuery(boxes: [box], order: .title)).map(\.id), Array(10...20))
    }

    /// A box's runs cover its cells and stay few.
    func testRunsCoverTheBoxAndStayFew() {
        let box = LatLonBox(south: 37.4, west: 126.8, north: 37.7, east: 127.2)
        let runs = PostgresStore.cellRuns([box])
        XCTAssertLessThanOrEqual(runs.count, PostgresStore.boxCellRuns)
        for (lat, lon) in [(37.4, 126.8), (37.7, 127.2), (37.55, 127.0), (37.4, 127.2), (37.7, 126.8)] {
            let cell = PinGrid.fineMorton(latitude: lat, longitude: lon)
            XCTAssertTrue(runs.contains { $0.contains(cell) }, "\(lat), \(lon)")
        }
        XCTAssertEqual(PostgresStore.cellRuns([.world]), [0...(Int64(1) << 42) - 1])
    }
}
