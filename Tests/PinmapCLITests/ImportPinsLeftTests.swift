import Foundation
import XCTest
import PinmapCLI
import PinModel
import PinStore
import PinStorePostgres
import PinmapCore
import PostgresTesting

/// An import whose pins were deleted one by one: the store's recent imports (what the
/// Settings tab and its undo confirmation show: `UndoImportUITests`) count the pins left as
/// `pinmap imports` does, on a file and on a server (PINMAP_TEST_PG_URL; `.ci/run` always
/// sets it).
final class ImportPinsLeftTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-left-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A file store and, with a server, a fresh database: `--db` values and how to open each.
    private func stores() throws -> [(db: String, open: () throws -> any PinRepository)] {
        let path = folder.appendingPathComponent("six.sqlite").path
        var all: [(String, () throws -> any PinRepository)] = [(path, { try Store(path: path, mode: .existing) })]
        if TestServer.url != nil {
            let uri = try TestServer.emptyDatabaseURI()
            addTeardownBlock { TestServer.dropDatabase(uri) }
            all.append((uri, { try PostgresStore(uri: uri) }))
        }
        XCTAssertEqual(all.count, 2, "PINMAP_TEST_PG_URL is not set: the PostgreSQL store was not checked")
        return all
    }

    func testRecentImportsCountThePinsLeftAsImportsDoes() throws {
        let csv = folder.appendingPathComponent("tab.csv").path
        try "title,latitude,longitude\nA,37.5,127\nB,37.6,127.1\n".write(toFile: csv, atomically: true, encoding: .utf8)
        for (db, open) in try stores() {
            XCTAssertEqual(PinmapCLI.execute(["import", csv, "--db", db]).code, 0, db)
            let first = try open().recentImports(limit: 3)
            XCTAssertEqual(first.map { [$0.imported, $0.pinsLeft] }, [[2, 2]], db)
            let ids = try open().pins(matching: PinQuery()).map(\.id).sorted()
            XCTAssertEqual(PinmapCLI.execute(["delete", "\(ids[0])", "--db", db]).code, 0, db)
            XCTAssertEqual(try open().recentImports(limit: 3).map { [$0.imported, $0.pinsLeft] }, [[2, 1]], db)
            XCTAssertEqual(PinmapCLI.execute(["delete", "\(ids[1])", "--db", db]).code, 0, db)
            let batch = try XCTUnwrap(try open().recentImports(limit: 3).first, db)
            XCTAssertEqual([batch.imported, batch.pinsLeft], [2, 0], db)
            XCTAssertEqual(try open().importBatches().map(\.pinsLeft), [0], "as `imports` counts: \(db)")
        }
    }

    /// `pinmap copy` matches a batch by its file and time: a pin of it edited in the source
    /// since the last copy comes in beside the original, into the batch the store has. The
    /// batch then holds more pins than it imported, and its figure says so, never "3 of 2
    /// pins left" (Settings) or "3/2" (`pinmap imports`), on a file and on a server.
    func testABatchACopyGrewSaysImportedAndNow() throws {
        let csv = folder.appendingPathComponent("tab.csv").path
        try "title,latitude,longitude\nA,37.5,127\nB,37.6,127.1\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let source = folder.appendingPathComponent("source.sqlite").path
        XCTAssertEqual(PinmapCLI.execute(["import", csv, "--db", source]).code, 0)
        for (db, open) in try stores() {
            XCTAssertEqual(PinmapCLI.execute(["copy", "--from", source, "--to", db]).code, 0, db)
            XCTAssertEqual(PinmapCLI.execute(["edit", "1", "--title", "A (edited)", "--db", source]).code, 0)
            XCTAssertEqual(PinmapCLI.execute(["copy", "--from", source, "--to", db]).code, 0, db)
            XCTAssertEqual(PinmapCLI.execute(["edit", "1", "--title", "A", "--db", source]).code, 0)  // for the next store
            let batch = try XCTUnwrap(try open().recentImports(limit: 3).first, db)
            XCTAssertEqual([batch.imported, batch.pinsLeft], [2, 3], "the edited pin beside the original: \(db)")
            let at = batch.importedAt
            XCTAssertEqual(PinmapCLI.execute(["imports", "--db", db]).stdout, """
                   id  imported_at                     pins  rejected  duplicates  file
                    1  \(at)  3 (2 imported)         0           0  \(csv)

                """, db)
            XCTAssertEqual(SettingsView.batchLine(batch), "#1  \(at.prefix(16))  2 imported, 3 now in it  tab.csv", db)
            XCTAssertEqual(Strings.speaking(.korean) { SettingsView.batchLine(batch) }, "#1  \(at.prefix(16))  핀 2개 가져옴, 지금은 3개  tab.csv", db)
        }
    }
}
