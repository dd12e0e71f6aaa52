import Foundation
import XCTest
import PinmapCLI
import PinStorePostgres
import PostgresTesting

/// `pinmap copy` by the tables' owner into a store without pins that cannot go beside
/// `pins` (a new store, made in the copy's transaction; a store a view depends on): the
/// rows go straight into `pins` with its row triggers off and its foreign keys dropped and
/// added again, every column the triggers compute sent by the client, frozen when the
/// transaction made the table. What the catalog says of `pins` is as before, and the rows
/// are what the triggers would have made (PINMAP_TEST_PG_URL).
final class PostgresDirectCopyTests: XCTestCase {
    private var folder: URL!
    private var databases: [String] = []

    override func setUpWithError() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-directcopy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        for uri in databases { TestServer.dropDatabase(uri) }
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// A file store of 6,000 pins (a bulk copy: `PostgresStore.bulkFrom`), Korean titles among them.
    private func trip() throws -> String {
        var text = "title,latitude,longitude,category,created_at\n"
        for i in 0..<6_000 {
            text += "\(["Site", "서울 숲", "Café"][i % 3]) \(i),\(37 + Double(i % 97) * 0.01),\(126 + Double(i % 89) * 0.013),"
                + "\(["cafe", "park", ""][i % 3]),2024-0\(1 + i % 9)-01T00:00:00Z\n"
        }
        let csv = folder.appendingPathComponent("trip.csv").path, store = folder.appendingPathComponent("trip.sqlite").path
        try text.write(toFile: csv, atomically: true, encoding: .utf8)
        XCTAssertEqual(PinmapCLI.execute(["import", csv, "--db", store]).code, 0)
        return store
    }

    private func rows(_ sql: String, _ uri: String) throws -> [[String?]] { try PostgresDatabases.rows(sql, uri: uri) }

    /// The triggers of `pins` and whether each is on (`O`), always (`A`) or off (`D`).
    private let triggers = "SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'pins'::regclass AND NOT tgisinternal ORDER BY 1"

    /// Rows whose cell, geometry, creation order or uid is not what the triggers and defaults make.
    private let unlikeTheTriggers = """
        SELECT count(*) FILTER (WHERE cell IS DISTINCT FROM pinmap_cell(latitude, longitude)
                                   OR ST_AsEWKB(geom) IS DISTINCT FROM ST_AsEWKB(ST_SetSRID(ST_MakePoint(longitude, latitude), 4326))
                                   OR created_order IS DISTINCT FROM pinmap_created_order(created_at)),
               count(*) - count(DISTINCT uid)
        FROM pins
        """

    func testACopyIntoANewStoreWritesFrozenRowsWithEveryTriggerOnAfter() throws {
        let store = try trip()
        let uri = try TestServer.emptyDatabaseURI()
        databases.append(uri)
        let copied = PinmapCLI.execute(["copy", "--from", store, "--to", uri])
        XCTAssertEqual(copied.code, 0, copied.stderr)
        XCTAssertEqual(try rows("SELECT count(*), min(id), max(id), count(DISTINCT batch_id) FROM pins", uri), [["6000", "1", "6000", "1"]])
        XCTAssertEqual(try rows(unlikeTheTriggers, uri), [["0", "0"]])
        XCTAssertEqual(try rows(triggers, uri).map { $0[1] }, Array(repeating: "O", count: 12), "every trigger on again")
        XCTAssertEqual(try rows("SELECT conname, convalidated FROM pg_constraint WHERE conrelid = 'pins'::regclass AND contype = 'f'", uri),
                       [["pins_batch_id_fkey", "t"]])
        try PostgresDatabases.execute("ANALYZE pins", uri: uri)
        XCTAssertEqual(try rows("SELECT relallvisible = relpages, relpages > 0 FROM pg_class WHERE oid = 'pins'::regclass", uri), [["t", "t"]],
                       "frozen: every page all-visible without a vacuum")
        XCTAssertEqual(try rows(SearchListsCheck.differences, uri), [["0", "0"]])
        // A pin added after it goes through the triggers again.
        let added = PinmapCLI.execute(["add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994", "--db", uri])
        XCTAssertEqual(added.code, 0, added.stderr)
        XCTAssertEqual(try rows("SELECT id, cell = pinmap_cell(latitude, longitude), ST_AsText(geom) FROM pins WHERE title = 'Jongmyo'", uri),
                       [["6001", "t", "POINT(126.994 37.5744)"]])
        XCTAssertEqual(try rows("SELECT sum(n) FROM pin_cells WHERE level = 2 AND scope = 0", uri), [["6001"]])
    }

    /// A view on `pins` keeps a load from going beside (a drop would take it): the rows go
    /// straight in, and a team's own triggers keep their states (one off, one always on).
    func testACopyIntoAStoreAViewDependsOnKeepsEveryTriggersState() throws {
        let store = try trip()
        let uri = try TestServer.freshStoreURI()
        databases.append(uri)
        try PostgresDatabases.execute("""
            CREATE VIEW team_sites AS SELECT id, title, geom FROM pins;
            CREATE TABLE team_log (id bigint);
            CREATE FUNCTION team_log_pin() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO team_log VALUES (NEW.id); RETURN NEW; END $$;
            CREATE TRIGGER team_off AFTER INSERT ON pins FOR EACH ROW EXECUTE FUNCTION team_log_pin();
            CREATE TRIGGER team_always AFTER INSERT ON pins FOR EACH ROW EXECUTE FUNCTION team_log_pin();
            ALTER TABLE pins DISABLE TRIGGER team_off;
            ALTER TABLE pins ENABLE ALWAYS TRIGGER team_always;
            """, uri: uri)
        let before = try rows(triggers, uri)
        let copied = PinmapCLI.execute(["copy", "--from", store, "--to", uri])
        XCTAssertEqual(copied.code, 0, copied.stderr)
        XCTAssertEqual(try rows(triggers, uri), before)
        XCTAssertEqual(try rows("SELECT 'team_always', tgenabled FROM pg_trigger WHERE tgname = 'team_always'", uri), [["team_always", "A"]])
        XCTAssertEqual(try rows("SELECT count(*) FROM team_sites", uri), [["6000"]])
        XCTAssertEqual(try rows(unlikeTheTriggers, uri), [["0", "0"]])
        XCTAssertEqual(try rows("SELECT conname, convalidated FROM pg_constraint WHERE conrelid = 'pins'::regclass AND contype = 'f'", uri),
                       [["pins_batch_id_fkey", "t"]])
        XCTAssertEqual(try rows(SearchListsCheck.differences, uri), [["0", "0"]])
        let cellsSQL = "SELECT level, scope, category, code, n, rep_id, rep_lat, rep_lon, rep_category FROM pin_cells ORDER BY 1, 2, 3, 4"
        let counted = try rows(cellsSQL, uri)
        try PostgresDatabases.execute("SELECT pinmap_cells_rebuild()", uri: uri)
        XCTAssertEqual(counted, try rows(cellsSQL, uri), "the client's cells are a rebuild's")
    }
}
