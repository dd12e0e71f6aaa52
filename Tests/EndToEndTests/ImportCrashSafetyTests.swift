import Foundation
import XCTest

/// A kill -9 in the middle of a large import leaves the store intact: the
/// import is one transaction, so SQLite rolls it back on the next open.
final class ImportCrashSafetyTests: XCTestCase {
    func testKill9DuringALargeImportKeepsTheEarlierPins() throws {
        guard let bin = Tmux.binaryPath() else { throw XCTSkip("pinmap binary not built") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pm-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("pins.sqlite").path

        // 45 pins first, from a small file.
        var small = "title,latitude,longitude\n"
        for i in 0..<45 { small += "Early \(i),\(37 + Double(i) / 100),\(127 + Double(i) / 100)\n" }
        let smallPath = dir.appendingPathComponent("small.csv").path
        try small.write(toFile: smallPath, atomically: true, encoding: .utf8)
        XCTAssertEqual(Tmux.run([bin, "import", smallPath, "--db", db]).status, 0)
        let indexQuery = "SELECT group_concat(name) FROM (SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'pins' ORDER BY name);"
        let indexesBefore = Tmux.run(["/usr/bin/env", "sqlite3", db, indexQuery]).out
        XCTAssertTrue(indexesBefore.contains("pins_lat_lon"), indexesBefore)

        // A big file: 400,000 rows (about 20 MB).
        let bigPath = dir.appendingPathComponent("big.csv").path
        try writeBigFile(bigPath, rows: 400_000)

        // Wait until the import is writing (its write-ahead log grows), then kill it.
        XCTAssertTrue(killWhenGrowing(db + "-wal", [bin, "import", bigPath, "--db", db]), "the import was writing when killed")

        let check = Tmux.run(["/usr/bin/env", "sqlite3", db, "PRAGMA integrity_check; SELECT count(*) FROM pins; SELECT count(*) FROM import_batches;"])
        XCTAssertEqual(check.out.split(separator: "\n"), ["ok", "45", "1"], check.err)
        // The large import had dropped the pins indexes to rebuild them at the end: the
        // rollback brought them back.
        XCTAssertEqual(Tmux.run(["/usr/bin/env", "sqlite3", db, indexQuery]).out, indexesBefore)
        let list = Tmux.run([bin, "list", "--db", db, "--limit", "3"])
        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.out.contains("Early"), list.out)
    }

    func testKill9DuringAFirstImportAndDuringIndexingLosesNothing() throws {
        guard let bin = Tmux.binaryPath() else { throw XCTSkip("pinmap binary not built") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pm-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("pins.sqlite").path
        let bigPath = dir.appendingPathComponent("big.csv").path
        try writeBigFile(bigPath, rows: 200_000)

        // An empty store is loaded through a rollback journal: the file itself grows.
        // (`list` never creates a store: `add` creates it, `delete` empties it again.)
        XCTAssertEqual(Tmux.run([bin, "add", "--title", "x", "--lat", "1", "--lon", "2", "--db", db]).status, 0, "creates the store")
        XCTAssertEqual(Tmux.run([bin, "delete", "1", "--db", db]).status, 0, "empties it")
        XCTAssertTrue(killWhenGrowing(db, [bin, "import", bigPath, "--db", db]), "the first import was writing when killed")
        var check = Tmux.run(["/usr/bin/env", "sqlite3", db, "PRAGMA integrity_check; SELECT count(*) FROM pins; SELECT count(*) FROM import_batches;"])
        XCTAssertEqual(check.out.split(separator: "\n"), ["ok", "0", "0"], check.err)

        // Imported for real, then killed while indexing what the import left.
        let imported = Tmux.run([bin, "import", bigPath, "--db", db])
        XCTAssertEqual(imported.status, 0, imported.err)
        XCTAssertTrue(imported.out.contains("200000 pins wait to join the search index"), imported.out)
        XCTAssertEqual(Tmux.run(["/usr/bin/env", "sqlite3", db, "PRAGMA journal_mode"]).out, "wal\n", "back to WAL after the first import")
        XCTAssertTrue(killWhenGrowing(db + "-wal", [bin, "index", "--db", db]), "indexing was writing when killed")
        let state = "PRAGMA integrity_check; SELECT count(*) FROM pins; SELECT count(*) FROM deferred_schema; SELECT count(*) FROM search_index_pause;"
        check = Tmux.run(["/usr/bin/env", "sqlite3", db, state])
        XCTAssertEqual(check.out.split(separator: "\n"), ["ok", "200000", "1", "1"], "the pins and the backlog are intact (one deferred index): \(check.err)")

        let indexed = Tmux.run([bin, "index", "--db", db])
        XCTAssertEqual(indexed.status, 0, indexed.err)
        XCTAssertTrue(indexed.out.hasPrefix("Indexed 200000 pins for search and the map"), indexed.out)
        check = Tmux.run(["/usr/bin/env", "sqlite3", db, state])
        XCTAssertEqual(check.out.split(separator: "\n"), ["ok", "200000", "0", "0"], check.err)
        let found = Tmux.run([bin, "list", "--db", db, "--search", "Pin 199999"])
        XCTAssertTrue(found.out.contains("Pin 199999"), found.out)
    }

    /// A CSV of `rows` pins (about 50 bytes a row).
    private func writeBigFile(_ path: String, rows: Int) throws {
        FileManager.default.createFile(atPath: path, contents: nil)
        let h = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        h.write(Data("title,description,category,latitude,longitude\n".utf8))
        var chunk = ""
        for i in 0..<rows {
            chunk += "Pin \(i),\"note, \(i)\",cat\(i % 7),\(Double(i % 17_000) / 100 - 85),\(Double(i % 35_000) / 100 - 175)\n"
            if i % 20_000 == 19_999 { h.write(Data(chunk.utf8)); chunk = "" }
        }
        h.write(Data(chunk.utf8))
        h.closeFile()
    }

    /// Starts `argv` (output discarded), waits until `file` is over 2 MB, then kills it with
    /// SIGKILL. Returns whether it was killed while running (false if it ended first or the
    /// file never grew within 60 s).
    private func killWhenGrowing(_ file: String, _ argv: [String]) -> Bool {
        guard let pid = Tmux.start(argv) else { return false }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let size = ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.int64Value ?? 0
            if size > 2_000_000 { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return status & 0x7f == SIGKILL
    }
}
