import Foundation
import XCTest
import PinmapCLI
import PinStorePostgres
import PostgresTesting

/// A role that may write the pins (INSERT, UPDATE, DELETE on the tables, USAGE on their
/// sequences) but does not own them: a bulk import or copy keeps the indexes and adds the
/// map's cells without the owner's TRUNCATE or DROP INDEX, and its cells are the ones a full
/// rebuild gives (PINMAP_TEST_PG_URL, always set by `.ci/run`).
final class PostgresWriterRoleTests: XCTestCase {
    private var store: WriterRoleStore!
    private var uri: String { store.uri }
    private var writer: String { store.writerURI }
    private var role: String { store.role }
    private var folder: URL { store.folder }

    override func setUpWithError() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        store = try WriterRoleStore()
    }

    override func tearDownWithError() throws { store?.remove() }

    /// `n` pins in a CSV, spread over a few cities and categories.
    private func csv(_ name: String, pins n: Int, titled prefix: String) throws -> String {
        var text = "title,latitude,longitude,category\n"
        for i in 0..<n {
            text += "\(prefix) \(i),\(37 + Double(i % 97) * 0.01),\(126 + Double(i % 89) * 0.013),\(["cafe", "park", ""][i % 3])\n"
        }
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func cells() throws -> [[String?]] {
        try PostgresDatabases.rows("SELECT level, scope, category, code, n, rep_id, rep_lat, rep_lon, rep_category FROM pin_cells ORDER BY 1, 2, 3, 4", uri: uri)
    }

    func testAWriterThatDoesNotOwnTheTablesImportsAndCopiesInBulk() throws {
        // Pins already there, written row by row by the owner: the load adds to their cells.
        XCTAssertEqual(PinmapCLI.execute(["add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.994", "--category", "park", "--db", uri]).code, 0)
        let indexes = try PostgresDatabases.rows("SELECT indexname FROM pg_indexes WHERE tablename = 'pins' ORDER BY 1", uri: uri)
        let big = try csv("big.csv", pins: 20_000, titled: "Site")
        let imported = PinmapCLI.execute(["import", big, "--db", writer])
        XCTAssertEqual(imported.code, 0, imported.stderr)
        XCTAssertEqual(imported.stderr, "")
        let sqlite = folder.appendingPathComponent("trip.sqlite").path
        XCTAssertEqual(PinmapCLI.execute(["import", try csv("trip.csv", pins: 6_000, titled: "Trip"), "--db", sqlite]).code, 0)
        let copied = PinmapCLI.execute(["copy", "--from", sqlite, "--to", writer])
        XCTAssertEqual(copied.code, 0, copied.stderr)
        XCTAssertEqual(try PostgresDatabases.rows("SELECT count(*) FROM pins", uri: uri), [["26001"]])
        XCTAssertEqual(indexes.count, 4)  // schema 7 searches lists of its own, not an index of pins; 9 has no (category, cell); 11 no lat/lon, batch or uid
        XCTAssertEqual(try PostgresDatabases.rows("SELECT indexname FROM pg_indexes WHERE tablename = 'pins' ORDER BY 1", uri: uri), indexes,
                       "every index kept")
        let added = try cells()
        XCTAssertEqual(try PostgresDatabases.rows("SELECT sum(n) FROM pin_cells WHERE level = 2 AND scope = 0", uri: uri), [["26001"]])
        try PostgresDatabases.execute("SELECT pinmap_cells_rebuild()", uri: uri)
        XCTAssertEqual(added, try cells(), "the writer's cells are a full rebuild's")
        // Undoing the copied batch takes its pins out of the cells row by row.
        let undo = PinmapCLI.execute(["undo-import", "2", "--db", writer])
        XCTAssertEqual(undo.code, 0, undo.stderr)
        XCTAssertEqual(try PostgresDatabases.rows("SELECT sum(n) FROM pin_cells WHERE level = 2 AND scope = 0", uri: uri), [["20001"]])
    }

    /// Each role keeps its own last view and display settings; a value every role shares (a
    /// store from before per-role display settings) is each role's until it sets its own.
    func testEachRoleKeepsItsOwnViewAndDisplaySettingsOverTheSharedOnes() throws {
        let owner = try PostgresStore(uri: uri), other = try PostgresStore(uri: writer)
        try PostgresDatabases.execute("INSERT INTO settings(key, value) VALUES ('map.mode', 'dots')", uri: uri)
        try owner.setSetting("map.view", "37.5,127,12,80")
        try other.setSetting("map.view", "35.1,129,9,80")
        try owner.setSetting("ui.tab", "list")
        try owner.setSetting("ui.color", "0")
        XCTAssertEqual(try owner.setting("map.view"), "37.5,127,12,80")
        XCTAssertEqual(try other.setting("map.view"), "35.1,129,9,80")
        XCTAssertEqual(try other.setting("ui.tab"), nil)
        XCTAssertEqual(try other.setting("ui.color"), nil, "one teammate's colours off are not another's")
        XCTAssertEqual(try other.setting("map.mode"), "dots", "the shared value until the role sets its own")
        try other.setSetting("map.mode", "braille")
        XCTAssertEqual(try other.setting("map.mode"), "braille")
        XCTAssertEqual(try owner.setting("map.mode"), "dots")
        XCTAssertEqual(try PostgresDatabases.rows("SELECT key FROM settings ORDER BY key", uri: uri),
                       [["map.mode"], ["map.mode@\(role)"], ["map.view@\(role)"], ["map.view@postgres"], ["ui.color@postgres"], ["ui.tab@postgres"]])
    }

    /// A store of an older schema opened by a role that does not own it says who upgrades it.
    func testAnOlderSchemaOpenedByAWriterSaysTheOwnerUpgradesIt() throws {
        let newest = try XCTUnwrap(Int(try PostgresDatabases.rows("SELECT max(version) FROM schema_version", uri: uri)[0][0] ?? ""))
        try PostgresDatabases.execute("DELETE FROM schema_version WHERE version = \(newest)", uri: uri)
        let list = PinmapCLI.execute(["list", "--db", writer])
        XCTAssertEqual(list.code, 1)
        XCTAssertEqual(list.stderr, "pinmap: the Pinmap store in \(PGLocation(uri: writer)) has schema \(newest - 1) and this pinmap needs \(newest): the tables' owner upgrades it once with `pinmap init --db URI`\n")
        XCTAssertEqual(PinmapCLI.execute(["init", "--db", uri]).code, 0)
        XCTAssertEqual(PinmapCLI.execute(["list", "--db", writer]).code, 0)
    }
}
