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
        FileManager.default.createFile(atPath: bigPath, contents: nil)
        let h = try XCTUnwrap(FileHandle(forWritingAtPath: bigPath))
        h.write(Data("title,description,category,latitude,longitude\n".utf8))
        var chunk = ""
        for i in 0..<400_000 {
            chunk += "Pin \(i),\"note, \(i)\",cat\(i % 7),\(Double(i % 17_000) / 100 - 85),\(Double(i % 35_000) / 100 - 175)\n"
            if i % 20_000 == 19_999 { h.write(Data(chunk.utf8)); chunk = "" }
        }
        h.closeFile()

        var pid: pid_t = 0
        let argv = [bin, "import", bigPath, "--db", db]
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        XCTAssertEqual(posix_spawn(&pid, bin, &actions, nil, &cArgs, environ), 0)
        posix_spawn_file_actions_destroy(&actions)

        // Wait until the import is writing (its write-ahead log grows), then kill it.
        let wal = db + "-wal"
        let deadline = Date().addingTimeInterval(20)
        var walSize: Int64 = 0
        while Date() < deadline {
            walSize = ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? NSNumber)?.int64Value ?? 0
            if walSize > 2_000_000 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertGreaterThan(walSize, 2_000_000, "the import was writing when killed")
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        XCTAssertEqual(status & 0x7f, SIGKILL, "the import was still running")

        let check = Tmux.run(["/usr/bin/env", "sqlite3", db, "PRAGMA integrity_check; SELECT count(*) FROM pins; SELECT count(*) FROM import_batches;"])
        XCTAssertEqual(check.out.split(separator: "\n"), ["ok", "45", "1"], check.err)
        // The large import had dropped the pins indexes to rebuild them at the end: the
        // rollback brought them back.
        XCTAssertEqual(Tmux.run(["/usr/bin/env", "sqlite3", db, indexQuery]).out, indexesBefore)
        let list = Tmux.run([bin, "list", "--db", db, "--limit", "3"])
        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.out.contains("Early"), list.out)
    }
}
