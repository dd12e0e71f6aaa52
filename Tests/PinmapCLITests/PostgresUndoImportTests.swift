import Foundation
import XCTest
@testable import PinmapCLI
import PinModel
@testable import PinStorePostgres
import PostgresTesting

/// Undoing an import on a server: a batch small beside the store leaves the map's cells pin
/// by pin (a delete's way), a large one has them grouped again; both leave the cells the
/// server groups from the pins that stay (PINMAP_TEST_PG_URL).
final class PostgresUndoImportTests: XCTestCase {
    private var uri = ""
    private var folder: URL!

    override func setUpWithError() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        uri = try TestServer.freshStoreURI()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-pgundo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if !uri.isEmpty { TestServer.dropDatabase(uri) }
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func rows(_ sql: String) throws -> [[String?]] { try PostgresDatabases.rows(sql, uri: uri) }

    /// `n` pins over Seoul, in cells shared with the other file's (`offset` moves them a little).
    private func csv(_ name: String, rows n: Int, offset: Double, category: (Int) -> String) throws -> String {
        var text = "title,latitude,longitude,category\n"
        for i in 0..<n {
            text += "\(name) \(i),\(37.4 + Double(i % 61) * 0.004 + offset),\(126.8 + Double(i % 53) * 0.006 + offset),\(category(i))\n"
        }
        let path = folder.appendingPathComponent(name + ".csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private let cellsSQL = "SELECT level, scope, category, code, n, rep_id, rep_lat, rep_lon, rep_category FROM pin_cells ORDER BY 1, 2, 3, 4"

    func testUndoingASmallBatchLeavesTheCellsOfThePinsThatStay() throws {
        let server = try PostgresStore(uri: uri)
        // The first batch's pins come first: the lowest ids, so the cells' representatives.
        let small = try ServerImport.run(path: csv("small", rows: 40, offset: 0.0007) { ["cafe", "park", "시장"][$0 % 3] }, store: server)
        let large = try ServerImport.run(path: csv("large", rows: 6_000, offset: 0) { ["cafe", "park", "", "bar"][$0 % 4] }, store: server)
        XCTAssertEqual([small.imported, large.imported], [40, 6_000])
        XCTAssertEqual(PostgresStore.pinByPinLimit(pins: 6_040), 100, "40 pins are removed one at a time")
        XCTAssertEqual(try rows("SELECT count(*) FROM pin_cells WHERE rep_id <= 40"), [["135"]], "the small batch's pins represent cells")

        XCTAssertEqual(try server.undoImport(batchID: try XCTUnwrap(small.batchID)), 40)
        let left = try rows(cellsSQL)
        XCTAssertEqual(try rows("SELECT sum(n), min(rep_id) FROM pin_cells WHERE level = 2 AND scope = 0"), [["6000", "41"]])
        try PostgresDatabases.execute("SELECT pinmap_cells_rebuild()", uri: uri)
        XCTAssertEqual(left, try rows(cellsSQL), "the cells are the ones grouped from the pins that stay")
    }

    func testUndoingALargeBatchGroupsTheCellsAgain() throws {
        let server = try PostgresStore(uri: uri)
        let first = try ServerImport.run(path: csv("first", rows: 300, offset: 0) { ["cafe", ""][$0 % 2] }, store: server)
        let second = try ServerImport.run(path: csv("second", rows: 500, offset: 0.0011) { ["park", "cafe"][$0 % 2] }, store: server)
        XCTAssertEqual(PostgresStore.pinByPinLimit(pins: 800), 100, "300 pins have the cells grouped again")
        XCTAssertEqual(try server.undoImport(batchID: try XCTUnwrap(first.batchID)), 300)
        let left = try rows(cellsSQL)
        XCTAssertEqual(try rows("SELECT sum(n), min(rep_id) FROM pin_cells WHERE level = 2 AND scope = 0"), [["500", "301"]])
        try PostgresDatabases.execute("SELECT pinmap_cells_rebuild()", uri: uri)
        XCTAssertEqual(left, try rows(cellsSQL))
        XCTAssertEqual(second.imported, 500)
    }

    /// `pinmap undo-import ID --json` on a server prints the same object as on a file.
    func testUndoImportJSONOnAServer() throws {
        let path = try csv("json", rows: 12, offset: 0) { _ in "cafe" }
        XCTAssertEqual(PinmapCLI.execute(["import", path, "--db", uri]).code, 0)
        let undone = PinmapCLI.execute(["undo-import", "1", "--db", uri, "--json"])
        XCTAssertEqual(undone.code, 0, undone.stderr)
        XCTAssertEqual(undone.stdout, "{\"batch\": 1, \"removed\": 12}\n")
        XCTAssertEqual(try rows("SELECT count(*) FROM pins"), [["0"]])
    }
}
