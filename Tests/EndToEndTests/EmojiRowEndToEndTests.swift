import Foundation
import XCTest

/// In tmux: titles with a narrow emoji and its presentation selector, a
/// ZWJ sequence, a flag, a skin tone, conjoining jamo and a text selector are listed, and
/// the sheet's rows tmux shows (`capture-pane`) are the rows `pinmap render` draws, whole:
/// after the first paint and after the help box covered them and was closed (a repaint of
/// only the cells that changed, which left an older frame's cell behind `🏔️` and shifted
/// the row by one column when the screen counted two cells and ncurses one).
final class EmojiRowEndToEndTests: XCTestCase {
    static let titles = ["\u{1F3D4}\u{FE0F} Summit Marker", "\u{1F9D1}\u{200D}\u{1F373} Test Kitchen",
                         "\u{1F1F0}\u{1F1F7} Flag \u{1F44D}\u{1F3FD} ok", "\u{1100}\u{1161}\u{11A8} jamo \u{231A}\u{FE0E}"]

    func testListRowsWithEmojiTitlesAreTheRenderedRows() throws {
        guard Tmux.available else { throw XCTSkip("tmux is not installed") }
        let t = try Tmux()
        var csv = "title,lat,lon\n"
        for (i, title) in Self.titles.enumerated() { csv += "\"\(title)\",37.5\(i + 4),126.9\(i + 6)\n" }
        let file = t.dir.appendingPathComponent("emoji.csv").path
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(t.cli(["import", file]).status, 0)
        let rendered = t.cli(["render", "--size", "100x30"])
        XCTAssertEqual(rendered.status, 0, rendered.err)
        let sheet = Array(rendered.out.components(separatedBy: "\n").prefix(30).suffix(12))
        // The titles' cells (the ZWJ sequence without its joiner; the grid is EmojiFrameTests').
        let rows = sheet[1...4]
        XCTAssertEqual(rows.map { String($0[..<$0.range(of: "  ")!.lowerBound]) },
                       // The first row is selected by itself (the list has the focus), in render as in the UI.
                       [" ◉ \u{1100}\u{1161}\u{11A8} jamo \u{231A}\u{FE0E}", " • 🇰🇷 Flag 👍🏽 ok", " • 🧑🍳 Test Kitchen",
                        " • 🏔\u{FE0F} Summit Marker"])
        t.start()
        let first = t.waitFor { $0.contains("Summit Marker") }
        XCTAssertEqual(Array(first.components(separatedBy: "\n").prefix(30).suffix(12)), sheet)
        t.keys("?", pause: 0.4)
        XCTAssertFalse(t.screen().contains("Summit Marker"), "the help box covers the list")
        t.key("Escape", pause: 0.4)
        let again = t.waitFor { $0.contains("Summit Marker") }
        XCTAssertEqual(Array(again.components(separatedBy: "\n").prefix(30).suffix(12)), sheet)
    }
}
