import Foundation
import XCTest

/// Ctrl-C during `pinmap export -o FILE`: FILE is as it was, and the temporary file the export
/// was writing beside it (`.FILE.XXXXXX`) is removed. It was left behind, as large as what had
/// been written (tens of MB for a GeoPackage).
final class ExportInterruptEndToEndTests: XCTestCase {
    func testCtrlCDuringAnExportLeavesNoTemporaryFile() throws {
        guard let bin = Tmux.binaryPath() else { throw XCTSkip("pinmap binary not built") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pm-export-int-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var csv = "title,latitude,longitude\n"
        for i in 0..<200_000 { csv += "Pin \(i),\(Double(i % 17_000) / 100 - 85),\(Double(i % 35_000) / 100 - 175)\n" }
        try csv.write(toFile: dir + "/in.csv", atomically: true, encoding: .utf8)
        let imported = Tmux.run([bin, "import", dir + "/in.csv", "--db", dir + "/pins.sqlite"])
        XCTAssertEqual(imported.status, 0, imported.err)
        for name in ["out.gpkg", "out.csv"] {
            let out = dir + "/" + name
            try "before".write(toFile: out, atomically: true, encoding: .utf8)
            let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix("pins.sqlite-") }.sorted()
            let run = try XCTUnwrap(interruptWhenWriting(beside: out, [bin, "export", "-o", out, "--db", dir + "/pins.sqlite"]), name)
            XCTAssertEqual(run.status, 130, name)
            XCTAssertEqual(run.err, "pinmap export: interrupted; nothing was written to \(out)\n", name)
            XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "before", name)
            // (A reader ended by a signal leaves the store's -wal and -shm, as any SQLite reader.)
            let after = try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix("pins.sqlite-") }
            XCTAssertEqual(after.sorted(), files, "no .\(name).XXXXXX left")
        }
    }

    /// Starts `argv` (standard error to a file), waits until the temporary file beside `out`
    /// (`.NAME.XXXXXX`) holds 1 MB, then sends SIGINT. Returns the exit code (128 + the signal
    /// for a process the signal ended) and what the command wrote on standard error; nil when
    /// the file never grew.
    private func interruptWhenWriting(beside out: String, _ argv: [String]) -> (status: Int32, err: String)? {
        let dir = (out as NSString).deletingLastPathComponent
        let prefix = "." + (out as NSString).lastPathComponent + "."
        let errPath = dir + "/../" + UUID().uuidString + ".err"
        defer { try? FileManager.default.removeItem(atPath: errPath) }
        guard let pid = Tmux.start(argv, stderrTo: errPath) else { return nil }
        var writing = false
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !writing {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            writing = names.contains { name in
                let size = (try? FileManager.default.attributesOfItem(atPath: dir + "/" + name))?[.size] as? NSNumber
                return name.hasPrefix(prefix) && (size?.int64Value ?? 0) > 1_000_000
            }
            if !writing { Thread.sleep(forTimeInterval: 0.01) }
        }
        kill(pid, SIGINT)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        guard writing else { return nil }
        // Ended by the signal itself (no handler), as a shell counts it: 128 + the signal.
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
        return (code, (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
}
