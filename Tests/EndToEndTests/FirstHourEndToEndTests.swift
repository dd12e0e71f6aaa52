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
