import Foundation
import XCTest
import PinmapCLI
import PinStore

/// Ctrl-C (SIGINT) during `pinmap import` / `copy`: one line that says the store is as it was,
/// exit 130, and the store really is as it was (SQLite's journal), or without pins when the
/// command made it. Through the built binary.
final class InterruptTests: XCTestCase {
    private var binary: String {
        get throws {
            let path = RepoFiles.root.appendingPathComponent(".build/debug/pinmap").path
            guard FileManager.default.isExecutableFile(atPath: path) else { throw XCTSkip("no binary at \(path)") }
            return path
        }
    }

    /// Bytes the process `pid` has read so far (`rchar` of /proc/PID/io), or nil once it is gone.
    private func bytesRead(_ pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("rchar:") }.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }
    }

    /// Runs `args`, sends `signal` once the process has read `after` bytes, returns its exit code and stderr.
    private func interrupt(_ args: [String], after: Int, signal: Int32 = SIGINT) throws -> (code: Int32, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try binary)
        p.arguments = args
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        while p.isRunning, (bytesRead(p.processIdentifier) ?? .max) < after { usleep(1000) }
        kill(p.processIdentifier, signal)
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self))
    }

    /// A CSV of 300,000 pins in the store's folder: its path and size in bytes.
    private func bigCSV(_ s: CLITestStore) throws -> (path: String, bytes: Int) {
        let csv = s.file("big.csv")
        var text = "title,latitude,longitude\n"
        for i in 0..<300_000 { text += "pin \(i),\(Double(i % 170) * 0.5 - 42),\(Double(i % 350) * 0.5 - 87)\n" }
        try text.write(toFile: csv, atomically: false, encoding: .utf8)
        return (csv, text.utf8.count)
    }

    func testCtrlCDuringAnImportSaysNothingWasImportedAndLeavesTheStoreAsItWas() throws {
        let s = CLITestStore(self)
        XCTAssertEqual(s.run("import", RepoFiles.seoulPins).code, 0)
        let (csv, size) = try bigCSV(s)
        let before = s.run("imports").stdout
        let r = try interrupt(["import", csv, "--db", s.path], after: size / 3)
        XCTAssertEqual(r.code, 130)
        XCTAssertEqual(r.stderr, "pinmap import: interrupted; nothing was imported (the store is as it was)\n")
        XCTAssertEqual(s.run("imports").stdout, before)
        XCTAssertEqual(s.run("list", "--json").stdout.components(separatedBy: "\"id\":").count - 1, 45)
    }

    /// The store the import made stays, without pins (another process may have opened it).
    func testCtrlCDuringTheFirstImportIntoANewStoreSaysItHoldsNoPins() throws {
        let s = CLITestStore(self)
        let (csv, size) = try bigCSV(s)
        let r = try interrupt(["import", csv, "--db", s.path], after: size / 3)
        XCTAssertEqual(r.code, 130)
        XCTAssertEqual(r.stderr, "pinmap import: interrupted; nothing was imported (the new store holds no pins)\n")
        XCTAssertEqual(try s.open().count(), 0)
    }

    func testCtrlCDuringACopySaysNothingWasCopiedAndLeavesTheStoresAsTheyWere() throws {
        let s = CLITestStore(self)
        let (csv, _) = try bigCSV(s)
        XCTAssertEqual(s.run("import", csv).code, 0)
        let source = try FileManager.default.attributesOfItem(atPath: s.path)[.size] as! Int
        // Into a store of its own: the 45 Seoul pins stay, alone.
        let other = CLITestStore(self)
        XCTAssertEqual(other.run("import", RepoFiles.seoulPins).code, 0)
        let before = other.run("list", "--json").stdout
        let r = try interrupt(["copy", "--from", s.path, "--to", other.path], after: source)
        XCTAssertEqual(r.code, 130)
        XCTAssertEqual(r.stderr, "pinmap copy: interrupted; nothing was copied (--to is as it was)\n")
        XCTAssertEqual(other.run("list", "--json").stdout, before)
        // Into a file the copy makes: it stays, without pins.
        let made = s.file("made.sqlite")
        let again = try interrupt(["copy", "--from", s.path, "--to", made], after: source)
        XCTAssertEqual(again.code, 130)
        XCTAssertEqual(again.stderr, "pinmap copy: interrupted; nothing was copied (the store it made at --to holds no pins)\n")
        XCTAssertEqual(try Store(path: made).count(), 0)
        XCTAssertEqual(try s.open().count(), 300_000)
    }

    /// SIGHUP (the terminal closed, its tmux pane killed) as Ctrl-C: exit 129, and no temporary
    /// file is left beside the output. It ended the process at once, leaving `.out.gpkg.anuzcm`.
    func testAHangupDuringAnExportLeavesNoTemporaryFile() throws {
        let s = CLITestStore(self)
        let (csv, _) = try bigCSV(s)
        XCTAssertEqual(s.run("import", csv).code, 0)
        let size = try FileManager.default.attributesOfItem(atPath: s.path)[.size] as! Int
        let folder = s.file("out")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let r = try interrupt(["export", "-o", folder + "/pins.gpkg", "--db", s.path], after: size / 2, signal: SIGHUP)
        XCTAssertEqual(r.code, 129)
        XCTAssertEqual(r.stderr, "pinmap export: interrupted; nothing was written to \(folder)/pins.gpkg\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }

    /// Ctrl-C during `pinmap index`: one line, exit 130, and the next run indexes every pin.
    /// It ended silently (under its progress bar on a terminal).
    func testCtrlCDuringIndexSaysNothingIsLost() throws {
        let s = CLITestStore(self)
        let (csv, _) = try bigCSV(s)
        XCTAssertEqual(s.run("import", csv).code, 0)
        let size = try FileManager.default.attributesOfItem(atPath: s.path)[.size] as! Int
        let r = try interrupt(["index", "--db", s.path], after: size)  // past reading the backlog
        XCTAssertEqual(r.code, 130)
        XCTAssertEqual(r.stderr, "pinmap index: interrupted; nothing is lost (run `pinmap index` again to finish)\n")
        XCTAssertEqual(s.run("index", "--json").stdout.components(separatedBy: "\"pins\" : 300000").count, 2)
    }
}
