import Foundation
import XCTest
import PinmapCLI
import PinModel
import PinStorePostgres
import PostgresTesting

/// An import into a store without pins, by the tables' owner, goes beside `pins`
/// (`PostgresStore.loadBeside`): a new table loaded and indexed on connections of its own,
/// then swapped in. The swapped table has everything `pins` had (indexes, keys, triggers,
/// rights), the map's cells the client counted are the server's own, and a kill before the
/// swap leaves the pins as they were and a side table the owner's next open drops
/// (PINMAP_TEST_PG_URL; the kill on a cluster of the test's own).
final class PostgresLoadBesideTests: XCTestCase {
    private var store: WriterRoleStore!
    private var uri: String { store.uri }
    private var writer: String { store.writerURI }
    private var folder: URL { store.folder }

    override func setUpWithError() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        store = try WriterRoleStore()
    }

    override func tearDownWithError() throws { store?.remove() }

    /// `n` pins in a CSV over a few cities and categories, Korean titles among them.
    private func csv(_ name: String, pins n: Int) throws -> String {
        var text = "title,latitude,longitude,category,created_at,note\n"
        for i in 0..<n {
            text += "\(["Site", "서울 \"숲\"", "Café\tBar"][i % 3]) \(i),\(37 + Double(i % 97) * 0.01),\(126 + Double(i % 89) * 0.013),"
                + "\(["cafe", "park", ""][i % 3]),2024-01-01T00:00:00Z,\(["", "비고", "a\\b"][i % 3])\n"
        }
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// What belongs to `pins` besides its rows, as the catalog says it (triggers without
    /// their parentheses: a WHEN made again from its text nests its ORs differently).
    private static let shapeOfPins = """
        SELECT 'index ' || indexname || ': ' || indexdef FROM pg_indexes WHERE tablename = 'pins'
        UNION ALL SELECT 'trigger ' || tgenabled::text || ' ' || translate(pg_get_triggerdef(oid), '()', '') FROM pg_trigger
          WHERE tgrelid = 'pins'::regclass AND NOT tgisinternal
        UNION ALL SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ': ' || pg_get_constraintdef(oid) FROM pg_constraint
          WHERE conrelid = 'pins'::regclass OR confrelid = 'pins'::regclass
        UNION ALL SELECT 'right ' || c.relname || ' ' || pg_get_userbyid(a.grantee) || ' ' || a.privilege_type
          FROM pg_class c, aclexplode(c.relacl) a WHERE c.oid IN ('pins'::regclass, pg_get_serial_sequence('pins', 'id')::regclass)
        UNION ALL SELECT 'owner ' || tableowner FROM pg_tables WHERE tablename = 'pins'
        UNION ALL SELECT 'column ' || attname || ' ' || format_type(atttypid, atttypmod) || ' ' || attnotnull || ' ' || attidentity::text
                         || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
          FROM pg_attribute LEFT JOIN pg_attrdef d ON d.adrelid = attrelid AND d.adnum = attnum
          WHERE attrelid = 'pins'::regclass AND attnum > 0 AND NOT attisdropped
        ORDER BY 1
        """

    private func rows(_ sql: String) throws -> [[String?]] { try PostgresDatabases.rows(sql, uri: uri) }

    func testAnImportIntoAStoreWithoutPinsIsSwappedInWithEverythingPinsHad() throws {
        // A team's triggers, one turned off and one always on: made again in those states.
        try PostgresDatabases.execute("""
            CREATE FUNCTION team_noop() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
            CREATE TRIGGER team_off BEFORE UPDATE ON pins FOR EACH ROW EXECUTE FUNCTION team_noop();
            CREATE TRIGGER team_always BEFORE UPDATE ON pins FOR EACH ROW EXECUTE FUNCTION team_noop();
            ALTER TABLE pins DISABLE TRIGGER team_off;
            ALTER TABLE pins ENABLE ALWAYS TRIGGER team_always;
            """, uri: uri)
        let shape = try rows(Self.shapeOfPins)
        XCTAssertEqual(shape.filter { $0[0]?.hasPrefix("trigger D") == true || $0[0]?.hasPrefix("trigger A") == true }.count, 2)
        let table = try rows("SELECT 'pins'::regclass::oid")
        let path = try csv("big.csv", pins: 6_000)
        let imported = PinmapCLI.execute(["import", path, "--db", uri])
        XCTAssertEqual(imported.code, 0, imported.stderr)
        XCTAssertEqual(imported.stderr, "")
        XCTAssertNotEqual(try rows("SELECT 'pins'::regclass::oid"), table, "a new table took the place of pins")
        XCTAssertEqual(try rows(Self.shapeOfPins), shape, "the same indexes, triggers, keys, rights, owner and columns")
        XCTAssertEqual(try rows("SELECT to_regclass('pinmap_load_pins')"), [[nil]])
        XCTAssertEqual(try rows("SELECT count(*), min(id), max(id), count(DISTINCT batch_id) FROM pins"), [["6000", "1", "6000", "1"]])
        // Built as `pins` had them: no deduplication where keys end with the id (migration 15).
        XCTAssertEqual(try rows("SELECT relname, array_to_string(reloptions, ',') FROM pg_class WHERE relname IN ('pins_cell', 'pins_created') ORDER BY 1"),
                       [["pins_cell", "deduplicate_items=off"], ["pins_created", "deduplicate_items=off"]])
        // Analysed by the load: the planner knows the new table's rows and columns at once.
        XCTAssertEqual(try rows("SELECT reltuples::bigint, (SELECT count(*) FROM pg_stats WHERE tablename = 'pins' "
                                + "AND attname IN ('cell', 'created_order', 'category')) FROM pg_class WHERE oid = 'pins'::regclass"),
                       [["6000", "3"]])
        // The cells and geometries the client sent are the server's own.
        XCTAssertEqual(try rows("""
            SELECT count(*) FROM pins WHERE cell <> pinmap_cell(latitude, longitude)
              OR ST_AsEWKB(geom) <> ST_AsEWKB(ST_SetSRID(ST_MakePoint(longitude, latitude), 4326))
            """), [["0"]])
        XCTAssertEqual(try rows(SearchListsCheck.differences), [["0", "0"]], "the client's search lists are the server's grams")
        // Streamed: a segment for each loader, from the first id it took (which chunks each
        // takes is the threads' race).
        XCTAssertEqual(try rows("SELECT min(base), count(DISTINCT base) BETWEEN 1 AND 2 FROM search_postings"), [["1", "t"]],
                       "a segment for each loader")
        let cellsSQL = "SELECT level, scope, category, code, n, rep_id, rep_lat, rep_lon, rep_category FROM pin_cells ORDER BY 1, 2, 3, 4"
        let counted = try rows(cellsSQL)
        XCTAssertEqual(try rows("SELECT sum(n) FROM pin_cells WHERE level = 2 AND scope = 0"), [["6000"]])
        try PostgresDatabases.execute("SELECT pinmap_cells_rebuild()", uri: uri)
        XCTAssertEqual(counted, try rows(cellsSQL), "the client's cells are a rebuild's")
        // The writer keeps its rights (the table's and its id sequence's); ids go on.
        let added = PinmapCLI.execute(["add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994", "--category", "park", "--db", writer])
        XCTAssertEqual(added.code, 0, added.stderr)
        XCTAssertEqual(try rows("SELECT id, cell = pinmap_cell(latitude, longitude), ST_AsText(geom) FROM pins WHERE title = 'Jongmyo'"),
                       [["6001", "t", "POINT(126.994 37.5744)"]])
        // The swapped table raises the version of an edit made outside Pinmap (the writer's
        // psql), once; a Pinmap edit that read the old version is refused, one that read the
        // new one raises it once.
        try PostgresDatabases.execute("UPDATE pins SET description = 'QGIS user note' WHERE id = 6001", uri: writer)
        XCTAssertEqual(try rows("SELECT version, edits FROM pins WHERE id = 6001"), [["2", "1"]])
        XCTAssertEqual(PinmapCLI.execute(["edit", "6001", "--title", "cli", "--if-version", "1", "--db", writer]).code, 1)
        let edited = PinmapCLI.execute(["edit", "6001", "--title", "cli", "--if-version", "2", "--db", writer])
        XCTAssertEqual(edited.code, 0, edited.stderr)
        XCTAssertEqual(try rows("SELECT version, title, description FROM pins WHERE id = 6001"), [["3", "cli", "QGIS user note"]])
        // A second import of the same file adds nothing.
        let again = PinmapCLI.execute(["import", path, "--db", uri])
        XCTAssertEqual(again.code, 0, again.stderr)
        XCTAssertEqual(try rows("SELECT count(*) FROM pins"), [["6001"]])
    }

    /// A chunk of pins without properties goes without them (the load's defaults give them
    /// `{}`), a chunk with some with them, each run of chunks in a COPY of its own: every
    /// pin keeps its properties, in file order, and the loaded table is frozen (all its
    /// pages all-visible).
    func testChunksWithAndWithoutPropertiesKeepEveryPinsProperties() throws {
        // Chunks of 4,096 rows: without, with (rows 8,000–11,999 name a surveyor), with, without, without.
        var text = "title,latitude,longitude,surveyor\n"
        for i in 0..<20_000 { text += "Site \(i),\(37 + Double(i % 97) * 0.01),\(126 + Double(i % 89) * 0.013),\((8_000..<12_000).contains(i) ? "n \(i)" : "")\n" }
        let path = folder.appendingPathComponent("notes.csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let imported = PinmapCLI.execute(["import", path, "--db", uri])
        XCTAssertEqual(imported.code, 0, imported.stderr)
        XCTAssertEqual(try rows("SELECT count(*) FROM pins WHERE properties = '{}' AND properties_text = '{}' AND (id <= 8000 OR id > 12000)"),
                       [["16000"]])
        XCTAssertEqual(try rows("""
            SELECT count(*), min(id), max(id) FROM pins
            WHERE properties = jsonb_build_object('surveyor', 'n ' || (id - 1)) AND properties_text = '{"surveyor":"n ' || (id - 1) || '"}'
            """), [["4000", "8001", "12000"]])
        XCTAssertEqual(try rows("SELECT count(*) FROM pins WHERE title <> 'Site ' || (id - 1)"), [["0"]])
        XCTAssertEqual(try rows("SELECT relallvisible = relpages, relpages > 0 FROM pg_class WHERE oid = 'pins'::regclass"), [["t", "t"]])
        XCTAssertEqual(try rows("SELECT column_default FROM information_schema.columns WHERE table_name = 'pins' AND column_name = 'properties_text'"),
                       [[nil]], "the load's default given back")
        XCTAssertEqual(try rows(SearchListsCheck.differences), [["0", "0"]])
    }

    /// `pinmap copy` sends a store's snapshot beside `pins` (`loadBeside`), its cells counted
    /// while the pins are sent.
    func testACopyIntoAStoreWithoutPinsGoesBesideWithTheServersCells() throws {
        let trip = folder.appendingPathComponent("trip.sqlite").path
        XCTAssertEqual(PinmapCLI.execute(["import", try csv("trip.csv", pins: 6_000), "--db", trip]).code, 0)
        let shape = try rows(Self.shapeOfPins)
        let table = try rows("SELECT 'pins'::regclass::oid")
        let copied = PinmapCLI.execute(["copy", "--from", trip, "--to", uri])
        XCTAssertEqual(copied.code, 0, copied.stderr)
        XCTAssertNotEqual(try rows("SELECT 'pins'::regclass::oid"), table, "a new table took the place of pins")
        XCTAssertEqual(try rows(Self.shapeOfPins), shape)
        XCTAssertEqual(try rows("SELECT count(*), min(id), max(id) FROM pins"), [["6000", "1", "6000"]])
        let cellsSQL = "SELECT level, scope, category, code, n, rep_id, rep_lat, rep_lon, rep_category FROM pin_cells ORDER BY 1, 2, 3, 4"
        let counted = try rows(cellsSQL)
        try PostgresDatabases.execute("SELECT pinmap_cells_rebuild()", uri: uri)
        XCTAssertEqual(counted, try rows(cellsSQL), "the client's cells are a rebuild's")
        XCTAssertEqual(try rows(SearchListsCheck.differences), [["0", "0"]])
    }

    func testPinsWithPropertiesThatAreNotAllTextGetTheirGramsFromTheServer() throws {
        var features: [String] = []
        for i in 0..<6_000 {
            let props = i % 2 == 0 ? #"{"name":"Well \#(i)","depth":\#(i)}"# : #"{"name":"우물 \#(i)","kind":"well"}"#
            features.append(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(126 + Double(i % 89) * 0.01),\#(37 + Double(i % 97) * 0.01)]},"properties":\#(props)}"#)
        }
        let path = folder.appendingPathComponent("wells.geojson").path
        try (#"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}").write(toFile: path, atomically: true, encoding: .utf8)
        let imported = PinmapCLI.execute(["import", path, "--db", uri])
        XCTAssertEqual(imported.code, 0, imported.stderr)
        XCTAssertEqual(try rows(SearchListsCheck.differences), [["0", "0"]])
        XCTAssertEqual(try rows("SELECT count(*) FROM search_delta WHERE gram = '우물'"), [["0"]], "only the pins with a number")
        XCTAssertEqual(try rows("SELECT count(DISTINCT id) FROM search_delta"), [["3000"]])
        let store = try PostgresStore(uri: uri)
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "우물")).count, 3000)
        // Words found through the server's grams, checked on the rows (`list --search`).
        let want = try store.pins(matching: PinQuery()).filter { pin in
            ["well", "12"].allSatisfy { (pin.title + "\n" + pin.properties).lowercased().contains($0) }
        }.map(\.id).sorted()
        XCTAssertEqual(want.count, 219)  // the numbers below 6,000 with a "12" (each pin has a "well")
        XCTAssertEqual(try store.pins(matching: PinQuery(search: "WELL 12")).map(\.id).sorted(), want)
    }

    func testAGeometryMovedAloneMovesThePinAndMovedCoordinatesMoveIt() throws {
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994", "--db", uri]).code, 0)
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "Gyeongbokgung", "--lat", "37.5796", "--lon", "126.977", "--db", uri]).code, 0)
        let cells = "SELECT level, code, n FROM pin_cells WHERE scope = 0 AND level IN (2, 16) ORDER BY 1, 2"
        // QGIS moving a point: the geometry alone (migration 22; 6 refused it). The coordinates,
        // the cell, the map's counts and the version follow it.
        try PostgresDatabases.execute("UPDATE pins SET geom = ST_SetSRID(ST_MakePoint(129.04, 35.1), 4326) WHERE title = 'Jongmyo'", uri: uri)
        XCTAssertEqual(try rows("SELECT latitude, longitude, cell = pinmap_cell(35.1, 129.04), ST_AsText(geom), version, edits FROM pins WHERE title = 'Jongmyo'"),
                       [["35.1", "129.04", "t", "POINT(129.04 35.1)", "2", "1"]])
        let moved = try rows(cells)
        try PostgresDatabases.execute("SELECT pinmap_cells_rebuild()", uri: uri)
        XCTAssertEqual(moved, try rows(cells), "the map's counts are a rebuild's")
        XCTAssertEqual(moved.filter { $0[0] == "16" }.count, 2, "Busan and Seoul, one pin each")
        // Both written: the coordinates win, as before.
        try PostgresDatabases.execute("UPDATE pins SET latitude = 35.2, longitude = 129.05, geom = ST_SetSRID(ST_MakePoint(0, 0), 4326), cell = 0 WHERE title = 'Jongmyo'", uri: uri)
        XCTAssertEqual(try rows("SELECT cell = pinmap_cell(35.2, 129.05), ST_AsText(geom), version FROM pins WHERE title = 'Jongmyo'"),
                       [["t", "POINT(129.05 35.2)", "3"]])
        XCTAssertThrowsError(try PostgresDatabases.execute("UPDATE pins SET geom = NULL WHERE title = 'Jongmyo'", uri: uri)) {
            XCTAssertTrue("\($0)".contains("pins.geom of pin 1 cannot be emptied: delete the pin instead"), "\($0)")
        }
    }

    func testAPointAddedByAGISToolWithItsGeometryAndTitleOnlyIsAPin() throws {
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994", "--db", uri]).code, 0)
        // What `ogr2ogr -append` and QGIS send for a new feature of the layer.
        try PostgresDatabases.execute("INSERT INTO pins (geom, title) VALUES ('0101000020E61000009A99999999F95F403333333333734240'::geometry, 'qgis added')", uri: uri)
        XCTAssertEqual(try rows("""
            SELECT id, latitude, longitude, cell = pinmap_cell(latitude, longitude), ST_AsText(geom), version,
                   created_at ~ '^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$', updated_at = created_at
            FROM pins WHERE title = 'qgis added'
            """), [["2", "36.9", "127.9", "t", "POINT(127.9 36.9)", "1", "t", "t"]])
        XCTAssertEqual(try rows("SELECT sum(n) FROM pin_cells WHERE level = 16 AND scope = 0"), [["2"]])
        let shown = PinmapCLI.execute(["show", "2", "--json", "--db", uri])
        XCTAssertEqual(shown.code, 0, shown.stderr)
        let pin = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(["title", "latitude", "longitude", "description", "category"].map { "\(pin[$0] ?? "")" },
                       ["qgis added", "36.9", "127.9", "", ""])
    }

    func testALeftoverLoadTableIsDroppedWhenTheOwnerOpensTheStore() throws {
        // What a load killed before its swap leaves: its pins and their search lists.
        try PostgresDatabases.execute("""
            CREATE TABLE pinmap_load_pins (LIKE pins);
            INSERT INTO pinmap_load_pins (id, title, description, category, latitude, longitude, created_at, updated_at, properties, edits, version, uid, created_order)
            SELECT i, 'dead', '', '', 0, 0, 'x', 'x', '{}', 0, 1, gen_random_uuid(), pinmap_created_order('x') FROM generate_series(1000001, 1000100) AS i;
            INSERT INTO search_postings (gram, base, ids) VALUES ('dea', 1000001, '\\x01'), ('dea', 1000051, '\\x01'), ('zz', 5, '\\x01');
            INSERT INTO search_delta (gram, id) VALUES ('dea', 1000100), ('zz', 5);
            """, uri: uri)
        let lists = "SELECT (SELECT string_agg(gram || ' ' || base, ',' ORDER BY base) FROM search_postings) || ' / ' || (SELECT string_agg(gram || ' ' || id, ',' ORDER BY id) FROM search_delta)"
        XCTAssertEqual(PinmapCLI.execute(["list", "--db", writer]).code, 0)
        XCTAssertEqual(try rows("SELECT to_regclass('pinmap_load_pins') IS NOT NULL"), [["t"]], "a role that does not own it leaves it")
        XCTAssertEqual(PinmapCLI.execute(["list", "--db", uri]).code, 0)
        XCTAssertEqual(try rows("SELECT to_regclass('pinmap_load_pins')"), [[nil]], "the owner's open drops it")
        XCTAssertEqual(try rows(lists), [["zz 5 / zz 5"]], "and the search lists of its pins, not the others")
    }

    func testAServerKilledBetweenTheLoadAndTheSwapKeepsNothingAndTheNextOpenDropsTheLoad() throws {
        let c = try TestCluster()
        defer { c.stop() }
        XCTAssertEqual(PinmapCLI.execute(["init", "--db", c.uri]).code, 0)
        let path = try csv("big.csv", pins: 100_000)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: CLIResult?
        let target = c.uri
        Thread.detachNewThread {
            result = PinmapCLI.execute(["import", path, "--db", target])
            done.signal()
        }
        // Killed while the side table's indexes are built: the pins are committed there, not here.
        let building = "SELECT count(*) > 0 FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'CREATE %INDEX %pinmap_load_pins%'"
        let deadline = Date(timeIntervalSinceNow: 180)
        var seen = false
        while !seen && Date() < deadline && done.wait(timeout: .now()) == .timedOut {
            seen = (try? c.psql(building).trimmingCharacters(in: .whitespacesAndNewlines)) == "t"
        }
        XCTAssertTrue(seen, "the import was seen building the side table's indexes")
        try c.kill()
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success, "the import ends")
        try c.startAgain()
        let r = try XCTUnwrap(result)
        XCTAssertEqual(r.code, 1, r.stdout)
        XCTAssertEqual(r.stderr, "pinmap import: \(path): the store failed, nothing was imported: lost the connection to the PostgreSQL server; nothing was written (try again when it is back)\n")
        let state = "SELECT (SELECT count(*) FROM pins) || ' ' || (SELECT count(*) FROM import_batches) || ' ' || (SELECT count(*) FROM pin_cells)"
        XCTAssertEqual(try c.psql(state).trimmingCharacters(in: .whitespacesAndNewlines), "0 0 0", "nothing of the import is in the store")
        XCTAssertEqual(try c.psql("SELECT to_regclass('pinmap_load_pins') IS NOT NULL").trimmingCharacters(in: .whitespacesAndNewlines), "t",
                       "the side table was committed before the kill")
        XCTAssertEqual(PinmapCLI.execute(["list", "--db", c.uri]).code, 0)
        XCTAssertEqual(try c.psql("SELECT to_regclass('pinmap_load_pins') IS NULL").trimmingCharacters(in: .whitespacesAndNewlines), "t",
                       "the owner's next open dropped it")
    }
}
