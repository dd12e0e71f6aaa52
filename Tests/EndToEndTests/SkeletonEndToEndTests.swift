import Foundation
import XCTest

/// The real binary in tmux: first run, tabs, sheet keys, quitting cleanly.
final class SkeletonEndToEndTests: XCTestCase {
    override func setUp() async throws {
        guard Tmux.available else { throw XCTSkip("tmux is not installed") }
    }

    func testFirstRunShowsSamplePinsTabsSheetAndQuitsCleanly() throws {
        let t = try Tmux()
        t.start()
        var s = t.waitFor { $0.contains("Pins in view") }
        XCTAssertTrue(s.contains("1 Map") && s.contains("4 Settings"), s)
        // A toast that fades says how to remove them; the pins are fitted above the sheet and
        // the first row is selected (the list has the focus).
        XCTAssertTrue(s.contains("✓ Added 45 sample pins to try Pinmap with · to remove them:\n"), s)
        XCTAssertTrue(s.contains(" 4 (Settings), ↑ to the sample import, Enter"), s)
        XCTAssertTrue(s.contains("━━━━━━━━"), s)
        XCTAssertEqual(t.statusLine(), " medium · 45 of 45 pins in view · [list] · centre near Seoul, KR · z722 · Seongsu-dong cafe street",
                       t.statusLine())
        XCTAssertEqual(t.modeFlags(), "1 1 1 1", "mouse (any), button-motion, SGR and the alternate screen are on while running")

        t.keys("2"); s = t.waitFor { $0.contains("Mo    Tu") }
        XCTAssertTrue(s.contains("Mo    Tu"), s)
        t.key("Tab"); t.key("Tab"); s = t.waitFor { $0.contains("Drag sensitivity") }
        XCTAssertTrue(s.contains("Drag sensitivity"), s)
        t.keys("1")
        XCTAssertTrue(t.statusLine().contains("of 45 pins"), t.statusLine())

        t.keys("L"); XCTAssertTrue(t.waitFor { _ in t.statusLine().hasPrefix(" large") }.isEmpty == false)
        XCTAssertTrue(t.statusLine().hasPrefix(" large"), t.statusLine())
        t.keys("S"); _ = t.waitFor { _ in t.statusLine().hasPrefix(" small") }
        XCTAssertTrue(t.statusLine().hasPrefix(" small"), t.statusLine())
        t.keys("K"); _ = t.waitFor { _ in t.statusLine().hasPrefix(" medium") }
        XCTAssertTrue(t.statusLine().hasPrefix(" medium"), t.statusLine())

        t.keys("q")
        _ = t.waitFor { !$0.contains("Pins in view") }
        XCTAssertEqual(t.modeFlags(), "0 0 0 0", "mouse modes and the alternate screen are off after q")
    }

    func testKoreanTitlesLineUp() throws {
        let t = try Tmux()
        t.start()
        t.keys("L")
        Thread.sleep(forTimeInterval: 1)
        let s = t.screen()
        let rows = s.components(separatedBy: "\n")
        let hangul = { (l: String) in l.unicodeScalars.contains { $0.value >= 0xAC00 && $0.value <= 0xD7A3 } }
        guard let korean = rows.first(where: { hangul($0) && $0.contains("20") }) else { return XCTFail(s) }
        // The date column ends at the same display column on every list row.
        let dated = rows.filter { $0.range(of: #"20\d\d-\d\d-\d\d\s*$"#, options: .regularExpression) != nil }
        XCTAssertGreaterThan(dated.count, 5)
        func width(_ s: String) -> Int { s.unicodeScalars.reduce(0) { $0 + (($1.value >= 0xAC00 && $1.value <= 0xD7A3) ? 2 : 1) } }
        let ends = Set(dated.map { width($0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)) })
        XCTAssertEqual(ends.count, 1, "\(ends)\n\(korean)")
    }

    func testSIGTERMRestoresTheTerminal() throws {
        let t = try Tmux()
        t.start()
        _ = t.waitFor { $0.contains("Pins in view") }
        let pids = Tmux.run(["/usr/bin/env", "pgrep", "-f", "\(t.dbPath)"]).out.split(separator: "\n").compactMap { Int32($0) }
        let pinmapPIDs = pids.filter { pid in
            (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("pinmap") == true
        }
        XCTAssertFalse(pinmapPIDs.isEmpty)
        for p in pinmapPIDs { kill(p, SIGTERM) }
        _ = t.waitFor { !$0.contains("Pins in view") }
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(t.modeFlags(), "0 0 0 0")
    }

    /// SIGQUIT (Swift's backtracer would take it), SIGUSR1 and SIGUSR2 end the UI like SIGTERM,
    /// with the terminal restored; SIGPIPE is ignored (the UI keeps running).
    func testOtherSignalsRestoreTheTerminalOrAreIgnored() throws {
        for sig in [SIGQUIT, SIGUSR1, SIGUSR2] {
            let t = try Tmux()
            t.start()
            _ = t.waitFor { $0.contains("Pins in view") }
            for p in pinmapPIDs(t) { kill(p, sig) }
            _ = t.waitFor { !$0.contains("Pins in view") }
            Thread.sleep(forTimeInterval: 0.3)
            XCTAssertEqual(t.modeFlags(), "0 0 0 0", "signal \(sig)")
            XCTAssertFalse(t.screen().contains("Crash") || t.screen().contains("backtrace"), t.screen())
        }
        let t = try Tmux()
        t.start()
        _ = t.waitFor { $0.contains("Pins in view") }
        for p in pinmapPIDs(t) { kill(p, SIGPIPE) }
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertTrue(t.screen().contains("Pins in view"), "still running after SIGPIPE")
        XCTAssertEqual(t.modeFlags(), "1 1 1 1")
        t.keys("q")
        _ = t.waitFor { !$0.contains("Pins in view") }
        XCTAssertEqual(t.modeFlags(), "0 0 0 0")
    }

    /// A crash signal (the handler writes the reset itself, then re-raises) leaves the terminal
    /// as a clean quit does: mouse and alternate screen off, the cursor shown, and the cursor
    /// keys out of the application mode ncurses' keypad switched on (a shell would read ESC O A).
    func testACrashSignalRestoresTheTerminal() throws {
        for sig in [SIGSEGV, SIGABRT] {
            let t = try Tmux()
            t.start()
            _ = t.waitFor { $0.contains("Pins in view") }
            XCTAssertEqual(t.keypadFlags(), "1 1 0", "application cursor keys and keypad while running")
            for p in pinmapPIDs(t) { kill(p, sig) }
            _ = t.waitFor { !$0.contains("Pins in view") }
            Thread.sleep(forTimeInterval: 0.3)
            XCTAssertEqual(t.modeFlags(), "0 0 0 0", "signal \(sig)")
            XCTAssertEqual(t.keypadFlags(), "0 0 1", "signal \(sig)")
        }
    }

    private func pinmapPIDs(_ t: Tmux) -> [Int32] {
        let pids = Tmux.run(["/usr/bin/env", "pgrep", "-f", "\(t.dbPath)"]).out.split(separator: "\n").compactMap { Int32($0) }
        return pids.filter { pid in
            (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("pinmap") == true
        }
    }

    func testNoTerminalGivesAClearError() throws {
        guard let bin = Tmux.binaryPath() else { throw XCTSkip("no binary") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pm-\(UUID().uuidString)")
        let r = Tmux.run(["/usr/bin/env", "TERM=dumb", bin, "--db", dir.appendingPathComponent("p.sqlite").path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.err.contains("terminal"), r.err)
        let r2 = Tmux.run(["/usr/bin/env", "-u", "TERM", bin, "--db", dir.appendingPathComponent("p.sqlite").path])
        XCTAssertEqual(r2.status, 1)
        XCTAssertFalse(r2.err.contains("Fatal error"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path), "a UI that cannot start creates neither the store nor its folder")
    }
}
