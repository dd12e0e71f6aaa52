import XCTest
import PinModel
import PinStore
@testable import PinStorePostgres
import PostgresTesting

/// The map's cells kept by the triggers (`pinmap_cells_remove`, migration 9: a cell whose
/// lowest-id pin goes takes the lowest of its children's) are the cells a rebuild from the
/// pins makes, after deletes, moves and category changes of the pins those cells show.
final class PostgresCellRemovalTests: XCTestCase {
    private var databases: [String] = []
    override func tearDownWithError() throws { databases.forEach(TestServer.dropDatabase) }

    func testCellsAfterRemovingTheirPinsAreTheRebuiltCells() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.freshStoreURI()
        databases.append(uri)
        let store = try PostgresStore(uri: uri)
        // 1,200 pins in three clusters (Seoul, Busan, Sydney), four categories and none,
        // row by row (the triggers count them).
        try PostgresDatabases.execute("""
            INSERT INTO pins(title, category, latitude, longitude, created_at, updated_at)
            SELECT 'pin ' || i, (ARRAY['', 'cafe', 'bar', 'park', 'museum'])[1 + i % 5],
                   (ARRAY[37.5, 35.1, -33.9])[1 + i % 3] + (i % 97) * 0.0007 + (i % 7) * 0.00001,
                   (ARRAY[127.0, 129.0, 151.2])[1 + i % 3] + (i % 89) * 0.0009 + (i % 11) * 0.00001,
                   '2024-01-01', '2024-01-01'
            FROM generate_series(1, 1200) AS i
            """, uri: uri)
        func reps(_ sql: String) throws -> [Int64] { try PostgresDatabases.rows(sql, uri: uri).compactMap { $0[0].flatMap { Int64($0) } } }
        // The pins each level's cells show: deleted, moved to another cluster, recategorized.
        for id in try reps("SELECT DISTINCT rep_id FROM pin_cells WHERE level IN (2, 10, 16) ORDER BY 1 LIMIT 12") {
            XCTAssertTrue(try store.delete(id: id, ifVersion: nil))
        }
        for id in try reps("SELECT DISTINCT rep_id FROM pin_cells WHERE level = 12 AND scope = 1 ORDER BY 1 LIMIT 5") {
            _ = try store.update(id: id, title: nil, description: nil, category: nil, latitude: -33.85, longitude: 151.21, ifVersion: nil)
        }
        // The finest category cells (level 14) take their next pin from the pins.
        for id in try reps("SELECT DISTINCT rep_id FROM pin_cells WHERE level = 14 AND scope = 1 ORDER BY 1 DESC LIMIT 6") {
            XCTAssertTrue(try store.delete(id: id, ifVersion: nil))
        }
        for id in try reps("SELECT DISTINCT rep_id FROM pin_cells WHERE level = 14 AND scope = 1 AND category = 'cafe' ORDER BY 1 LIMIT 5") {
            _ = try store.update(id: id, title: nil, description: nil, category: "museum", latitude: nil, longitude: nil, ifVersion: nil)
        }
        XCTAssertEqual(try PostgresDatabases.rows("SELECT count(*) FROM pins", uri: uri), [["1182"]])
        XCTAssertEqual(try PostgresDatabases.rows("SELECT max(level) FROM pin_cells WHERE scope = 1", uri: uri), [["14"]])

        let columns = "level, scope, category, code, n, rep_id, rep_lat, rep_lon, rep_category"
        let kept = try PostgresDatabases.rows("SELECT \(columns) FROM pin_cells ORDER BY 1, 2, 3, 4", uri: uri)
        try PostgresDatabases.execute("SELECT pinmap_cells_rebuild()", uri: uri)
        let rebuilt = try PostgresDatabases.rows("SELECT \(columns) FROM pin_cells ORDER BY 1, 2, 3, 4", uri: uri)
        XCTAssertEqual(kept.count, rebuilt.count)
        XCTAssertEqual(kept.filter { $0[0] == "16" }.count, rebuilt.filter { $0[0] == "16" }.count)
        for (k, r) in zip(kept, rebuilt) where k != r { XCTFail("kept \(k), rebuilt \(r)"); break }
    }

    /// One statement that deletes, moves or recategorizes every pin of cells holding two or
    /// more (psql or QGIS, a cascade from `import_batches`) keeps the cells a rebuild makes
    /// (migration 23); the first row's trigger found no pin left to stand for its cell and
    /// the statement failed ("null value in column rep_id").
    func testOneStatementRemovingEveryPinOfACellKeepsTheRebuiltCells() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let uri = try TestServer.freshStoreURI()
        databases.append(uri)
        // 300 pins, three to a finest cell (ids i, i + 100, i + 200 at one place), two
        // categories.
        try PostgresDatabases.execute("""
            INSERT INTO pins(title, category, latitude, longitude, created_at, updated_at)
            SELECT 'pin ' || i, (ARRAY['cafe', 'bar'])[1 + (i % 100) % 2], 36 + (i % 100) * 0.01, 127 + (i % 100) * 0.01,
                   '2024-01-01', '2024-01-01'
            FROM generate_series(0, 299) AS i
            """, uri: uri)
        let columns = "level, scope, category, code, n, rep_id, rep_lat, rep_lon, rep_category"
        func kept() throws -> [[String?]] { try PostgresDatabases.rows("SELECT \(columns) FROM pin_cells ORDER BY 1, 2, 3, 4", uri: uri) }
        func rebuilt() throws -> [[String?]] {
            try PostgresDatabases.execute("SELECT pinmap_cells_rebuild()", uri: uri)
            return try kept()
        }
        try PostgresDatabases.execute("DELETE FROM pins WHERE (id - 1) % 100 < 10", uri: uri)  // cells 0–9, whole
        XCTAssertEqual(try PostgresDatabases.rows("SELECT count(*), sum(n) FROM pin_cells WHERE level = 16", uri: uri), [["90", "270"]])
        var before = try kept()
        XCTAssertEqual(before, try rebuilt())
        try PostgresDatabases.execute("UPDATE pins SET latitude = latitude - 10 WHERE (id - 1) % 100 BETWEEN 10 AND 19", uri: uri)
        before = try kept()
        XCTAssertEqual(before, try rebuilt())
        try PostgresDatabases.execute("UPDATE pins SET category = 'park' WHERE (id - 1) % 100 BETWEEN 20 AND 29", uri: uri)
        before = try kept()
        XCTAssertEqual(before, try rebuilt())
        XCTAssertEqual(try PostgresDatabases.rows("SELECT sum(n) FROM pin_cells WHERE level = 14 AND scope = 1 AND category = 'park'", uri: uri),
                       [["30"]])
    }

    /// A store at schema 9 loses its category cells finer than level 14 (migration 10), and
    /// its triggers then keep the cells a rebuild makes; the migration runs again.
    func testMigration10DropsTheCategoryCellsOfLevels15And16() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let (uri, db) = try databaseOf300Pins(atSchema: 9)
        let fine = "SELECT count(*) FROM pin_cells WHERE scope = 1 AND level > 14"
        XCTAssertEqual(try PostgresDatabases.rows(fine, uri: uri), [["204"]], "schema 9 keeps them")

        let store = try PostgresStore(uri: uri)
        XCTAssertEqual(try PostgresDatabases.rows("SELECT max(version) FROM schema_version", uri: uri), [["\(PostgresSchema.all.count)"]])
        XCTAssertEqual(try PostgresDatabases.rows(fine, uri: uri), [["0"]])
        try rerunMigrations(from: 10, on: db)
        XCTAssertTrue(try store.delete(id: 3, ifVersion: nil))
        _ = try store.update(id: 1, title: nil, description: nil, category: "bar", latitude: 37.6, longitude: 127.1, ifVersion: nil)
        XCTAssertEqual(try store.insert(NewPin(title: "new", category: "cafe", latitude: 37.5, longitude: 127,
                                               createdAt: "2024-01-02T00:00:00Z")), 301)
        let columns = "level, scope, category, code, n, rep_id, rep_lat, rep_lon, rep_category"
        let kept = try PostgresDatabases.rows("SELECT \(columns) FROM pin_cells ORDER BY 1, 2, 3, 4", uri: uri)
        XCTAssertEqual(try PostgresDatabases.rows(fine, uri: uri), [["0"]])
        try PostgresDatabases.execute("SELECT pinmap_cells_rebuild()", uri: uri)
        XCTAssertEqual(try PostgresDatabases.rows("SELECT \(columns) FROM pin_cells ORDER BY 1, 2, 3, 4", uri: uri), kept)
    }

    /// A store at schema 17 loses its cells of odd levels (migration 18); its triggers then
    /// keep the cells a rebuild makes, a view of an odd level counts every pin (grouped from
    /// the level below), and the migration runs again.
    func testMigration18KeepsTheCellsOfEveryOtherLevel() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let (uri, db) = try databaseOf300Pins(atSchema: 17)
        let levels = "SELECT scope, array_to_string(array_agg(DISTINCT level ORDER BY level), ' ') FROM pin_cells GROUP BY 1 ORDER BY 1"
        XCTAssertEqual(try PostgresDatabases.rows(levels, uri: uri),
                       [["0", "2 3 4 5 6 7 8 9 10 11 12 13 14 15 16"], ["1", "2 3 4 5 6 7 8 9 10 11 12 13 14"]])

        let store = try PostgresStore(uri: uri)
        XCTAssertEqual(try PostgresDatabases.rows("SELECT max(version) FROM schema_version", uri: uri), [["\(PostgresSchema.all.count)"]])
        let stored = [["0", "2 4 6 8 10 12 14 16"], ["1", "2 4 6 8 10 12 14"]]
        XCTAssertEqual(try PostgresDatabases.rows(levels, uri: uri), stored)
        XCTAssertTrue(try store.delete(id: 3, ifVersion: nil))
        _ = try store.update(id: 1, title: nil, description: nil, category: "bar", latitude: 37.6, longitude: 127.1, ifVersion: nil)
        XCTAssertEqual(try store.insert(NewPin(title: "new", category: "cafe", latitude: 37.5, longitude: 127,
                                               createdAt: "2024-01-02T00:00:00Z")), 301)
        try rerunMigrations(from: 18, on: db)
        XCTAssertTrue(try store.delete(id: 2, ifVersion: nil))
        let columns = "level, scope, category, code, n, rep_id, rep_lat, rep_lon, rep_category"
        let kept = try PostgresDatabases.rows("SELECT \(columns) FROM pin_cells ORDER BY 1, 2, 3, 4", uri: uri)
        XCTAssertEqual(try PostgresDatabases.rows(levels, uri: uri), stored)
        try PostgresDatabases.execute("SELECT pinmap_cells_rebuild()", uri: uri)
        XCTAssertEqual(try PostgresDatabases.rows("SELECT \(columns) FROM pin_cells ORDER BY 1, 2, 3, 4", uri: uri), kept)
        // Level 13: the pins of the 299 counted, in cells grouped from level 14's.
        var counted = 0, levelsSeen = Set<Int>()
        _ = try store.visitMapCells(cellWidth: PinGrid.cellWidth(level: 13), boxes: [.world], categories: nil, refineBudget: 0) { c, _ in
            counted += c.count
            levelsSeen.insert(c.level)
            return true
        }
        XCTAssertEqual(counted, 299)
        XCTAssertEqual(levelsSeen, [13])
    }

    /// A store made before migration 9 loses `pins_category_cell`; the migration runs again
    /// on a store that has it; a delete of a cell's pin then keeps the cells a rebuild makes.
    func testMigration9DropsTheCategoryIndexOfAnOlderStore() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set") }
        let (uri, db) = try databaseAtSchema(8)
        databases.append(uri)
        try db.execute("""
            INSERT INTO pins(title, category, latitude, longitude, created_at, updated_at)
            SELECT 'pin ' || i, (ARRAY['cafe', 'bar'])[1 + i % 2], 37.5 + i * 0.001, 127 + i * 0.001, '2024-01-01', '2024-01-01'
            FROM generate_series(1, 50) AS i
            """)
        let index = "SELECT count(*) FROM pg_indexes WHERE indexname = 'pins_category_cell'"
        XCTAssertEqual(try PostgresDatabases.rows(index, uri: uri), [["1"]])

        let store = try PostgresStore(uri: uri)
        XCTAssertEqual(try PostgresDatabases.rows("SELECT max(version) FROM schema_version", uri: uri), [["\(PostgresSchema.all.count)"]])
        XCTAssertEqual(try PostgresDatabases.rows(index, uri: uri), [["0"]])
        try rerunMigrations(from: 9, on: db)
        XCTAssertTrue(try store.delete(id: 1, ifVersion: nil))
        let columns = "level, scope, category, code, n, rep_id, rep_lat, rep_lon, rep_category"
        let kept = try PostgresDatabases.rows("SELECT \(columns) FROM pin_cells ORDER BY 1, 2, 3, 4", uri: uri)
        XCTAssertEqual(kept.first, ["2", "0", "", "3", "49", "2", "37.502", "127.002", "cafe"], "pin 2 shows the world's cell")
        try PostgresDatabases.execute("SELECT pinmap_cells_rebuild()", uri: uri)
        XCTAssertEqual(try PostgresDatabases.rows("SELECT \(columns) FROM pin_cells ORDER BY 1, 2, 3, 4", uri: uri), kept)
    }

    /// A database at schema `version` holding 300 pins in and around Seoul (cafe, bar, none),
    /// written row by row (its triggers count them).
    private func databaseOf300Pins(atSchema version: Int) throws -> (uri: String, db: PGConnection) {
        let (uri, db) = try databaseAtSchema(version)
        databases.append(uri)
        try db.execute("""
            INSERT INTO pins(title, category, latitude, longitude, created_at, updated_at)
            SELECT 'pin ' || i, (ARRAY['cafe', 'bar', ''])[1 + i % 3], 37.5 + (i % 17) * 0.003, 127 + (i % 13) * 0.004,
                   '2024-01-01', '2024-01-01'
            FROM generate_series(1, 300) AS i
            """)
        return (uri, db)
    }

    /// Runs migration `first` and every later one again (each is written to run again; one
    /// alone would bring back the functions that later ones replaced).
    private func rerunMigrations(from first: Int, on db: PGConnection) throws {
        for sql in PostgresSchema.all[(first - 1)...] { try db.executeScript("BEGIN; \(sql); COMMIT;") }
    }
}
