import Foundation
import XCTest
@testable import PinmapCLI
import PinImport
import PinModel
import PinStore
import PinStorePostgres
import PostgresTesting

/// A large import into a store without pins, by the tables' owner, streams from the importer
/// into `COPY` (`PostgresStreamedImport`): no staging copy, the pins sent while the file is
/// read. It reports and stores what an import into a file store does (duplicates, rejects,
/// Korean titles, properties), and a stop or a killed server leaves the store as it was
/// (PINMAP_TEST_PG_URL; the kill on a cluster of the test's own).
final class PostgresStreamedImportTests: XCTestCase {
    private var uri = ""
    private var folder: URL!

    override func setUpWithError() throws {
        guard TestServer.url != nil else { throw XCTSkip("PINMAP_TEST_PG_URL is not set (Scripts/pg-dev.sh start gives one)") }
        uri = try TestServer.freshStoreURI()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-pgstream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if !uri.isEmpty { TestServer.dropDatabase(uri) }
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func rows(_ sql: String, on target: String? = nil) throws -> [[String?]] {
        try PostgresDatabases.rows(sql, uri: target ?? uri)
    }

    /// `n` rows over a few cities: Korean and quoted titles, a description and a property column, every 500th
    /// row again (a duplicate), every 700th at latitude 95 and every 900th without a title
    /// (rejected), every 11th without a date.
    private func csv(_ name: String, rows n: Int) throws -> String {
        var text = "title,latitude,longitude,category,created_at,note,floor\n"
        var previous = ""
        for i in 0..<n {
            if i > 0 && i % 500 == 0 { text += previous; continue }
            let title = i % 900 == 1 ? "" : "\(["Site", "서울 \"숲\"", "Café, Bar", "부산 시장"][i % 4]) \(i)"
            let latitude = i % 700 == 3 ? "95" : "\(37 + Double(i % 97) * 0.01)"
            let date = i % 11 == 0 ? "" : "2024-01-\(10 + i % 19)T08:00:00Z"
            previous = "\"\(title.replacingOccurrences(of: "\"", with: "\"\""))\",\(latitude),\(126 + Double(i % 89) * 0.013),"
                + "\(["cafe", "park", "", "시장"][i % 4]),\(date),\(["", "비고 \(i % 7)", "a\\b"][i % 3]),\(i % 5 == 0 ? "" : "지하 \(i % 5)")\n"
            text += previous
        }
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A pin as both stores must hold it; an undated one's date is its batch's time.
    private static func fields(_ p: Pin, batchTime: String) -> String {
        "\(p.title)|\(p.description)|\(p.category)|\(p.latitude)|\(p.longitude)|\(p.createdAt == batchTime ? "batch" : p.createdAt)|\(p.properties)"
    }

    func testAStreamedImportReportsAndStoresWhatAFileStoreDoes() throws {
        let path = try csv("mixed.csv", rows: 6_000)
        let file = try Store(path: folder.appendingPathComponent("file.sqlite").path)
        let expected = try Importer.run(path: path, store: file)
        let server = try PostgresStore(uri: uri)
        XCTAssertNotNil(try server.streamedImport(expectedPins: 6_000), "this import streams")
        let report = try ServerImport.run(path: path, store: server)

        XCTAssertEqual(report.imported, expected.imported)
        XCTAssertEqual([report.rejected, report.duplicates, report.dataRows], [expected.rejected, expected.duplicates, expected.dataRows])
        XCTAssertEqual([report.imported, report.rejected, report.duplicates], [5_973, 16, 11])
        XCTAssertEqual(report.errors, expected.errors)
        XCTAssertEqual(report.duplicateRows, expected.duplicateRows)
        XCTAssertEqual(report.duplicateRows.first, DuplicateRow(line: 502, ofLine: 501))
        let batch = try XCTUnwrap(server.importBatches().first)
        XCTAssertEqual(report.batchID, batch.id)
        XCTAssertEqual([batch.imported, batch.rejected, batch.duplicates, batch.pinsLeft], [5_973, 16, 11, 5_973])
        XCTAssertEqual(batch.file, URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
        let fileBatchTime = try XCTUnwrap(file.importBatches().first).importedAt
        let stored = try server.copySnapshot().pins.map { Self.fields($0.pin, batchTime: batch.importedAt) }
        XCTAssertEqual(stored, try file.copySnapshot().pins.map { Self.fields($0.pin, batchTime: fileBatchTime) })
        XCTAssertEqual([stored[0], stored[11]], ["Site 0||cafe|37.0|126.0|batch|{}", "서울 \"숲\" 13|비고 6|park|37.13|126.169|2024-01-23T08:00:00Z|{\"floor\":\"지하 3\"}"])
        XCTAssertEqual(try rows("""
            SELECT min(id), max(id), count(DISTINCT uid), count(*) FILTER (WHERE updated_at = $$\(batch.importedAt)$$),
                   count(*) FILTER (WHERE properties = properties_text::jsonb)
            FROM pins
            """), [["1", "5973", "5973", "5973", "5973"]])
        XCTAssertEqual(try rows("SELECT name FROM categories ORDER BY name"), [["cafe"], ["park"], ["시장"]])
        // The load's own defaults (its batch, its time) did not stay on `pins`.
        XCTAssertEqual(try rows("""
            SELECT column_name::text, column_default::text FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = 'pins' AND column_name IN ('batch_id', 'updated_at', 'version', 'edits')
            ORDER BY 1
            """), [["batch_id", nil], ["edits", "0"],
                   ["updated_at", #"to_char((statement_timestamp() AT TIME ZONE 'UTC'::text), 'YYYY-MM-DD"T"HH24:MI:SS"Z"'::text)"#],  // pins' own (migration 22)
                   ["version", "1"]])
        // The uids are version 7 UUIDs of this minute, growing with the ids.
        XCTAssertEqual(try rows("""
            SELECT count(*) FILTER (WHERE substr(uid::text, 15, 1) = '7' AND substr(uid::text, 20, 1) IN ('8', '9', 'a', 'b')),
                   count(*) FILTER (WHERE abs(('x' || substr(replace(uid::text, '-', ''), 1, 12))::bit(48)::bigint
                                              - extract(epoch FROM clock_timestamp()) * 1000) < 600000),
                   count(*) FILTER (WHERE uid < before)
            FROM (SELECT uid, lag(uid) OVER (ORDER BY id) AS before FROM pins) AS p
            """), [["5973", "5973", "0"]])
        // The map's cells are the ones the server groups from the pins.
        let cellsSQL = "SELECT level, scope, category, code, n, rep_id, rep_lat, rep_lon, rep_category FROM pin_cells ORDER BY 1, 2, 3, 4"
        let counted = try rows(cellsSQL)
        try PostgresDatabases.execute("SELECT pinmap_cells_rebuild()", uri: uri)
        XCTAssertEqual(try rows(cellsSQL), counted)
        XCTAssertEqual(try server.search("숲", categories: nil, scanLimit: 5_000).matches.map { [String($0.id)] },
                       try rows("SELECT id::text FROM pins p WHERE title LIKE '%숲%' ORDER BY p.id DESC"), "searchable")
        XCTAssertEqual(try rows(SearchListsCheck.differences), [["0", "0"]], "the client's search lists are the server's grams")
        XCTAssertEqual(try rows("SELECT min(base), count(DISTINCT base) BETWEEN 1 AND 2 FROM search_postings"), [["1", "t"]],
                       "a segment for each loader")
        XCTAssertEqual(try rows("SELECT nextval(pg_get_serial_sequence('pins', 'id'))"), [["5974"]])

        // The same file again: every pin is on the server (the staged way, which checks the
        // rows against the server's pins and lists each duplicate's line, as a file store does).
        let again = try ServerImport.run(path: path, store: server)
        XCTAssertEqual([again.imported, again.duplicates], [0, 5_984])
        XCTAssertEqual(again.duplicateRows.first, DuplicateRow(line: 2, ofPin: 1))
        XCTAssertEqual(again.duplicateRows, try Importer.run(path: path, store: file).duplicateRows)
        XCTAssertEqual(again.notes, [.nothingImported], "says, as a file store's import does, that nothing was imported")
        // Undone: no pin and no cell is left.
        XCTAssertEqual(try server.undoImport(batchID: batch.id), 5_973)
        XCTAssertEqual(try rows("SELECT (SELECT count(*) FROM pins) + (SELECT count(*) FROM pin_cells) + (SELECT count(*) FROM import_batches)"), [["0"]])
    }

    func testThePinsAreCopiedWhileTheFileIsRead() throws {
        let path = try csv("big.csv", rows: 40_000)
        let server = try PostgresStore(uri: uri)
        let watcher = uri
        nonisolated(unsafe) var copyingEarly = false
        nonisolated(unsafe) var calls = 0
        let report = try ServerImport.run(path: path, store: server, progress: { read, size in
            calls += 1
            guard calls == 1, read < size else { return }
            // The COPY into the side table (one, frozen, fed by the loaders) runs while the
            // file is still being read.
            for _ in 0..<100 where !copyingEarly {
                copyingEarly = (try? PostgresDatabases.rows("""
                    SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'COPY pinmap_load_pins %FREEZE)' AND state = 'active'
                    """, uri: watcher)) == [["1"]]
                if !copyingEarly { Thread.sleep(forTimeInterval: 0.05) }
            }
        })
        XCTAssertTrue(copyingEarly, "the COPY ran before the file was read")
        XCTAssertEqual(report.imported, 39_818)
        XCTAssertEqual(try rows("SELECT (SELECT count(*) FROM pins), (SELECT sum(n) FROM pin_cells WHERE level = 2 AND scope = 0)"),
                       [["39818", "39818"]])
    }

    /// A zero written `-0.0` or `-0` is kept as 0, as a file store keeps it (its records keep
    /// no sign on a zero), by the streamed import, `add` and `edit`.
    func testANegativeZeroIsKeptAsZero() throws {
        var text = "title,latitude,longitude\n"
        for i in 0..<6_000 { text += "p\(i),\(i % 2 == 0 ? "-0.0" : "1.5"),\(i % 3 == 0 ? "-0" : "2.5")\n" }
        let path = folder.appendingPathComponent("zeros.csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(PinmapCLI.execute(["import", path, "--db", uri]).code, 0)
        let added = PinmapCLI.execute(["add", "--title", "Null Island", "--lat", "-0.0", "--lon", "-0", "--db", uri])
        XCTAssertEqual(added.code, 0, added.stderr)
        let edited = PinmapCLI.execute(["edit", "2", "--lat", "-0.0", "--lon", "-0.0", "--db", uri])
        XCTAssertEqual(edited.code, 0, edited.stderr)
        XCTAssertEqual(try rows("""
            SELECT count(*) FILTER (WHERE latitude::text = '-0' OR longitude::text = '-0'),
                   count(*) FILTER (WHERE latitude = 0), count(*) FILTER (WHERE longitude = 0),
                   count(*) FILTER (WHERE ST_AsText(geom) LIKE '%-0%')
            FROM pins
            """), [["0", "3002", "2002", "0"]])
    }

    /// The connection that COPYs the pins cannot be had (a role allowed two connections:
    /// the import's own and the side load's set-up): the import fails at once with the
    /// server's reason and keeps nothing. (It waited for ever before: the loaders and the
    /// file's reader waited for room in queues no one emptied.)
    func testAnImportWhoseCopyCannotConnectFailsAndKeepsNothing() throws {
        let empty = try TestServer.emptyDatabaseURI()
        defer { TestServer.dropDatabase(empty) }
        let role = "pinmap_limited_\(UUID().uuidString.prefix(8).lowercased())"
        let database = try rows("SELECT current_database()", on: empty)[0][0]!
        try PostgresDatabases.execute("""
            CREATE EXTENSION IF NOT EXISTS postgis; CREATE EXTENSION IF NOT EXISTS pg_trgm;
            CREATE ROLE \(role) LOGIN CONNECTION LIMIT 2; ALTER DATABASE \(database) OWNER TO \(role)
            """, uri: empty)
        defer { TestServer.dropRole(role, fallbackURI: empty) }
        let limited = empty.replacingOccurrences(of: "user=postgres", with: "user=\(role)")
        XCTAssertEqual(PinmapCLI.execute(["init", "--db", limited]).code, 0)
        let path = try csv("big.csv", rows: 6_000)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (code: Int32, stdout: String, stderr: String)?
        Thread.detachNewThread {
            let r = PinmapCLI.execute(["import", path, "--db", limited])
            result = (r.code, r.stdout, r.stderr)
            done.signal()
        }
        guard done.wait(timeout: .now() + 60) == .success, let result else { return XCTFail("the import still runs after 60 s") }
        let query = URLComponents(string: empty)?.queryItems ?? []
        let host = query.first { $0.name == "host" }?.value ?? "", port = query.first { $0.name == "port" }?.value ?? ""
        XCTAssertEqual(result.code, 1)
        XCTAssertEqual(result.stderr, """
            pinmap import: \(path): the store failed, nothing was imported: cannot connect to the PostgreSQL server \(host):\(port) \
            (database \(database)): connection to server on socket "\(host)/.s.PGSQL.\(port)" failed: FATAL:  too many connections for role "\(role)"

            """)
        XCTAssertEqual(try rows("""
            SELECT (SELECT count(*) FROM pins), (SELECT count(*) FROM import_batches), (SELECT count(*) FROM search_postings),
                   to_regclass('pinmap_load_pins')
            """, on: empty), [["0", "0", "0", nil]])
    }

    func testAStoppedImportLeavesTheStoreAsItWas() throws {
        let path = try csv("big.csv", rows: 40_000)
        let server = try PostgresStore(uri: uri)
        nonisolated(unsafe) var asked = 0
        XCTAssertThrowsError(try ServerImport.run(path: path, store: server, shouldStop: { asked += 1; return asked > 1 })) {
            XCTAssertEqual("\($0)", "\(ImportError.store(path: path, .stopped))")
        }
        XCTAssertEqual(try rows("""
            SELECT (SELECT count(*) FROM pins), (SELECT count(*) FROM import_batches), (SELECT count(*) FROM pin_cells),
                   (SELECT count(*) FROM search_postings) + (SELECT count(*) FROM search_delta),
                   to_regclass('pinmap_load_pins'), (SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'COPY %')
            """), [["0", "0", "0", "0", nil, "0"]])
    }

    func testAServerKilledWhileThePinsAreSentKeepsNothing() throws {
        let c = try TestCluster()
        defer { c.stop() }
        XCTAssertEqual(PinmapCLI.execute(["init", "--db", c.uri]).code, 0)
        let path = try csv("big.csv", rows: 40_000)
        let server = try PostgresStore(uri: c.uri)
        nonisolated(unsafe) var killed = false
        nonisolated(unsafe) let cluster = c
        XCTAssertThrowsError(try ServerImport.run(path: path, store: server, progress: { read, size in
            guard !killed, read < size else { return }
            killed = true
            try? cluster.kill()
        })) {
            XCTAssertEqual("\($0)", "\(path): the store failed, nothing was imported: lost the connection to the PostgreSQL server; nothing was written (try again when it is back)")
        }
        XCTAssertTrue(killed)
        try c.startAgain()
        let state = """
            SELECT (SELECT count(*) FROM pins) || ' ' || (SELECT count(*) FROM import_batches) || ' ' || (SELECT count(*) FROM pin_cells)
                   || ' ' || (SELECT count(*) FROM search_postings)
            """
        XCTAssertEqual(try c.psql(state).trimmingCharacters(in: .whitespacesAndNewlines), "0 0 0 0", "nothing of the import is in the store")
        XCTAssertEqual(PinmapCLI.execute(["list", "--db", c.uri]).code, 0)
        XCTAssertEqual(try c.psql("SELECT to_regclass('pinmap_load_pins') IS NULL").trimmingCharacters(in: .whitespacesAndNewlines), "t")
    }
}
