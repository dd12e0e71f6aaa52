import Foundation
import XCTest

/// The pin sheet under a mouse and keys in tmux, with the real binary.
/// At 100×30 the travel is 28 rows: small 3, medium 11, large 22 rows high,
/// so the grabber sits on row 25, 17 or 6 (0-based).
final class SheetEndToEndTests: XCTestCase {
    let smallRow = 25, mediumRow = 17, largeRow = 6

    override func setUp() async throws {
        guard Tmux.available else { throw XCTSkip("tmux is not installed") }
    }

    private func started(term: String = "xterm-256color") throws -> Tmux {
        let t = try Tmux()
        t.start(term: term)
        _ = t.waitFor { $0.contains("Pins in view") }
        t.keys("S")
        _ = t.waitFor { _ in t.statusLine().hasPrefix(" small") }
        settle()
        return t
    }

    /// The status line names the target detent at once; the spring takes
    /// about half a second to bring the sheet there.
    private func settle() { Thread.sleep(forTimeInterval: 0.8) }

    private func detent(_ t: Tmux, _ name: String) -> String {
        t.waitFor(timeout: 3) { _ in t.statusLine().hasPrefix(" " + name) }
        settle()
        return t.statusLine()
    }

    func testPacedDragSmallToLargeThenLargeToMedium() throws {
        for term in ["xterm-256color", "tmux-256color"] {
            let t = try started(term: term)
            t.keys(Tmux.press(50, smallRow), pause: 0.05)
            for r in stride(from: smallRow - 2, through: largeRow, by: -2) { t.keys(Tmux.drag(50, r), pause: 0.03) }
            t.keys(Tmux.drag(50, largeRow), pause: 0.2)
            t.keys(Tmux.release(50, largeRow), pause: 0.1)
            XCTAssertTrue(detent(t, "large").hasPrefix(" large"), "\(term): \(t.statusLine())")
            t.keys(Tmux.press(50, largeRow), pause: 0.05)
            for r in stride(from: largeRow + 2, through: mediumRow, by: 2) { t.keys(Tmux.drag(50, r), pause: 0.03) }
            t.keys(Tmux.drag(50, mediumRow), pause: 0.2)
            t.keys(Tmux.release(50, mediumRow), pause: 0.1)
            XCTAssertTrue(detent(t, "medium").hasPrefix(" medium"), "\(term): \(t.statusLine())")
        }
    }

    func testDragSentAsOneBurst() throws {
        let t = try started()
        let burst = Tmux.press(50, smallRow) + Tmux.drag(50, 20) + Tmux.drag(50, 12) + Tmux.drag(50, largeRow) + Tmux.release(50, largeRow)
        t.keys(burst, pause: 0.3)
        XCTAssertTrue(detent(t, "large").hasPrefix(" large"), t.statusLine())
    }

    func testFlickUpFromSmallStopsAtMedium() throws {
        let t = try started()
        // 4 rows in ~40 ms: a fast flick; never skips medium.
        t.keys(Tmux.press(50, smallRow) + Tmux.drag(50, smallRow - 2), pause: 0.02)
        t.keys(Tmux.drag(50, smallRow - 4), pause: 0.02)
        t.keys(Tmux.release(50, smallRow - 4), pause: 0.1)
        XCTAssertTrue(detent(t, "medium").hasPrefix(" medium"), t.statusLine())
    }

    func testClickOnGrabberCycles() throws {
        let t = try started()
        t.keys(Tmux.press(50, smallRow) + Tmux.release(50, smallRow), pause: 0.5)
        XCTAssertTrue(detent(t, "medium").hasPrefix(" medium"), t.statusLine())
        t.keys(Tmux.press(50, mediumRow) + Tmux.release(50, mediumRow), pause: 0.5)
        XCTAssertTrue(detent(t, "large").hasPrefix(" large"), t.statusLine())
    }

    /// At small the list is inert: a key that means the list alone changes nothing and says
    /// so (direction keys pan the map instead); at medium `j` selects.
    func testPageDownAtSmallChangesNothingAndJSelectsAtMedium() throws {
        let t = try started()
        let before = t.screen()
        t.key("NPage", pause: 0.3)
        let after = t.screen()
        XCTAssertTrue(after.contains("inert at small"), after)
        // Rows 0-27 are the map and the sheet; only the status line may change.
        let body = { (s: String) in Array(s.components(separatedBy: "\n").prefix(28)) }
        XCTAssertEqual(body(before), body(after), "list and map unchanged")
        t.keys("K")
        _ = detent(t, "medium")
        // The newest sample pin, the first row, is selected by itself (the list has the focus);
        // j selects the next one, named in the status line.
        t.keys("j", pause: 0.3)
        let status = t.waitFor { _ in t.statusLine().contains("·") && t.statusLine().contains(" · ") }
        XCTAssertFalse(status.isEmpty)
        let listRow = t.lines()[mediumRow + 3]
        let title = listRow.trimmingCharacters(in: .whitespaces).dropFirst(2).components(separatedBy: "  ").first ?? ""
        XCTAssertFalse(title.isEmpty, listRow)
        XCTAssertTrue(t.statusLine().contains(String(title.prefix(12))), "\(t.statusLine()) / \(title)")
    }

    func testResizeKeepsTheDetentAndQuitRestores() throws {
        let t = try started()
        t.keys("L")
        _ = detent(t, "large")
        t.resize(60, 20)
        XCTAssertTrue(t.statusLine().hasPrefix(" large"), t.statusLine())
        t.resize(10, 4)
        XCTAssertTrue(t.screen().contains("too small"), t.screen())
        t.resize(100, 30)
        XCTAssertTrue(detent(t, "large").hasPrefix(" large"), t.statusLine())
        t.keys("q", pause: 0.5)
        XCTAssertEqual(t.modeFlags(), "0 0 0 0")
    }

    func testClicksBeyondColumn223() throws {
        let t = try Tmux()
        t.start(cols: 260, rows: 40)
        _ = t.waitFor { $0.contains("Pins in view") }
        // Tab bar segments at 260 columns: Settings starts at column 195; click at 240.
        t.keys(Tmux.press(240, 39) + Tmux.release(240, 39), pause: 0.4)
        XCTAssertTrue(t.waitFor { $0.contains("Store") && $0.contains("path") }.contains("path"), t.screen())
    }
}
