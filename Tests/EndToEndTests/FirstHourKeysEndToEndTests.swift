import Foundation
import XCTest

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
