import Foundation
import XCTest

/// On the real binary in tmux: the store reopens where it was left
/// (items 1), and the keys do what the screen suggests (item 5).
final class FirstHourEndToEndTests: XCTestCase {
    override func setUp() async throws {
        guard Tmux.available else { throw XCTSkip("tmux is not installed") }
    }

    /// Ends the session, so `start` opens the store again.
    private func restart(_ t: Tmux, cols: Int = 80, rows: Int = 24) {
        Tmux.run(["/usr/bin/env", "tmux", "-L", t.socket, "kill-server"])
        Thread.sleep(forTimeInterval: 0.5)  // the server's socket gone before the next one starts
        t.start(cols: cols, rows: rows)
        _ = t.waitFor { $0.contains("pins in view") }
    }

    func testQuitAndReopenShowsTheSameViewDetentAndTab() throws {
        let t = try Tmux()
        t.start(cols: 80, rows: 24)
        // The first run: the sample pins, fitted above the sheet.
        var s = t.waitFor { $0.contains("45 of 45 pins in view") }
        XCTAssertTrue(t.statusLine().hasPrefix(" medium · 45 of 45 pins in view"), s)
        t.keys("+m")
        t.key("Left")
        t.keys("m")  // the list focused again, as it opens: its first row is selected both times
        t.keys("S", pause: 0.5)
        let map = t.waitFor { $0.contains(" small · ") }
        let status = t.statusLine()
        XCTAssertTrue(status.hasPrefix(" small · "), status)
        t.keys("q", pause: 0.5)
        restart(t)
        s = t.screen()
        XCTAssertEqual(t.statusLine(), status, "the same view:\n\(s)")
        // Rows 0 and 1 held the first run's toast then.
        let (was, now) = (map.components(separatedBy: "\n").prefix(21).dropFirst(2), s.components(separatedBy: "\n").prefix(21).dropFirst(2))
        for (a, b) in zip(was, now) where a != b { XCTFail("the same map:\n\(a)\n\(b)") }
        // The tab too, and with the terminal closed rather than `q` (tmux's kill-server: SIGHUP).
        t.keys("4", pause: 0.5)
        restart(t)
        XCTAssertTrue(t.screen().contains("Drag sensitivity"), t.screen())
    }

    func testRenderWithoutACentreShowsTheViewTheUIReopensOn() throws {
        let t = try Tmux()
        XCTAssertEqual(t.cli(["add", "--title", "Jongmyo", "--lat", "37.5744", "--lon", "126.9941"]).status, 0)
        XCTAssertEqual(t.cli(["add", "--title", "Haeundae", "--lat", "35.1587", "--lon", "129.1604"]).status, 0)
        let first = t.cli(["render", "--size", "80x24"])
        XCTAssertTrue(first.out.contains(" medium · 2 of 2 pins in view"), "the pins fitted:\n\(first.out)")
        t.start(cols: 80, rows: 24)
        _ = t.waitFor { $0.contains("2 of 2 pins in view") }
        t.keys("++", pause: 0.5)
        t.keys("q", pause: 0.5)
        let render = t.cli(["render", "--size", "80x24"])
        XCTAssertEqual(render.status, 0)
        restart(t)
        let reopened = t.screen()
        // The map and the list (the status line names the focus, which render has none of).
        func rows(_ text: String) -> [String] {
            text.components(separatedBy: "\n").prefix(22).map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
        }
        XCTAssertEqual(rows(render.out), rows(reopened), "render shows the map the UI reopens on")
    }
}

/// End to end: the keys do what the screen suggests.
final class FirstHourKeysEndToEndTests: XCTestCase {
    override func setUp() async throws {
        guard Tmux.available else { throw XCTSkip("tmux is not installed") }
    }

    func testTabKeysQuitAndHelpWorkOnTheImportTabUntilAPathIsTyped() throws {
        let t = try Tmux()
        t.start(cols: 80, rows: 24)
        _ = t.waitFor { $0.contains("pins in view") }
        t.keys("3", pause: 0.3)
        XCTAssertTrue(t.waitFor { $0.contains("File:") }.contains("File:"))
        t.keys("4", pause: 0.3)
        let settings = t.waitFor { $0.contains("Drag sensitivity") }
        XCTAssertTrue(settings.contains("Drag sensitivity"), "3 then 4 shows Settings, not \"File: 4\":\n\(settings)")
        t.keys("3", pause: 0.3)
        t.keys("?", pause: 0.3)
        XCTAssertTrue(t.waitFor { $0.contains("╭") }.contains("╭"), "? shows help:\n\(t.screen())")
        t.key("Escape", pause: 0.3)
        // Once a path is typed, the same keys are text.
        t.keys("/tmp/3q?", pause: 0.3)
        XCTAssertTrue(t.waitFor { $0.contains("File: /tmp/3q?") }.contains("File: /tmp/3q?"), t.screen())
        t.key("Escape", pause: 0.2)
        t.keys("e", pause: 0.2)  // entered explicitly: q is text too
        t.key("C-u", pause: 0.1)
        t.keys("q", pause: 0.3)
        XCTAssertTrue(t.screen().contains("File: "), "still running:\n\(t.screen())")
        t.key("Escape", pause: 0.2)
        t.keys("1", pause: 0.3)
        XCTAssertTrue(t.waitFor { $0.contains("pins in view") }.contains("pins in view"))
        t.keys("3", pause: 0.3)
        t.keys("q", pause: 0.5)
        XCTAssertTrue(t.waitFor { !$0.contains("Settings") }.contains("Settings") == false, "q quits from the empty field:\n\(t.screen())")
    }

    func testEnterAtMediumOpensTheFirstRowAndEscStepsBackOneLevel() throws {
        let t = try Tmux()
        t.start(cols: 80, rows: 24)
        _ = t.waitFor { $0.contains("45 of 45 pins in view") }
        t.key("Enter", pause: 0.5)
        let detail = t.waitFor { $0.contains("Esc closes") || $0.contains("Created") }
        XCTAssertFalse(detail.contains("Select a pin first"), detail)
        XCTAssertTrue(detail.contains("Seongsu-dong cafe street"), "Enter opened the first row:\n\(detail)")
        t.key("Escape", pause: 0.5)
        t.keys("/", pause: 0.3)
        t.keys("museum", pause: 0.3)
        t.key("Enter", pause: 0.5)
        XCTAssertTrue(t.waitFor { $0.contains("Search “museum”") }.contains("Search “museum”"), t.screen())
        t.key("Escape", pause: 0.5)
        var s = t.waitFor { !$0.contains("Search “museum”") }
        XCTAssertFalse(s.contains("Search “museum”"), "Esc closed the kept search first:\n\(s)")
        XCTAssertTrue(t.statusLine().hasPrefix(" medium"), "the sheet stayed: \(t.statusLine())")
        t.key("Escape", pause: 0.6)
        s = t.waitFor { $0.contains(" small · ") }
        XCTAssertTrue(t.statusLine().hasPrefix(" small"), "then it lowered the sheet:\n\(s)")
    }
}
