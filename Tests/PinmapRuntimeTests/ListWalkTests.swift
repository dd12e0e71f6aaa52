import XCTest
import Frame
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// ↓ walks the list as it was shown. Selecting a row re-centres the map and
/// changes the pins in view; the list and its header keep the view they were read for.
final class ListWalkTests: XCTestCase {
    /// 45 pins, 100×30: `F`, `+` ×3, then ↓ over every row: each ↓ selects the next row of the
    /// list first shown, and the header keeps that list's count (the status line follows the map).
    func testDownWalksTheListAsShownAndTheHeaderKeepsItsCount() throws {
        let r = try FrameGolden.runner(cols: 100, rows: 30, places: .english, in: self)
        r.char("F")
        for _ in 0..<3 { r.char("+") }
        let shown = r.state.list.pins.map(\.title)
        let header = r.frame().line(18)
        XCTAssertEqual(header, "▸ Pins in view: 17 · newest first")
        XCTAssertEqual(r.state.list.selectedPin?.title, shown.first, "the first row, selected by itself")
        var walked: [String] = [r.state.list.selectedPin?.title ?? "-"]
        for _ in shown.indices.dropFirst() {
            r.key(.down)
            walked.append(r.state.list.selectedPin?.title ?? "-")
            XCTAssertEqual(r.frame().line(18), header, "after ↓ to \(walked.last!)")
        }
        XCTAssertEqual(walked, shown)
        r.key(.home)
        for _ in 0..<4 { r.key(.down) }  // DDP night walk: 8 pins in the map's view, 17 in the list's
        FrameGolden.check(r.frame(), "list-walk")
    }
    /// 45 pins, `/` park Enter, `+` ×2 (4 of the 13 matches in view), then
    /// ↓ over every row, End, Home, End: each selection re-centres the map (its count, on the
    /// status line, changes), but the header's "N in view" and the "N more elsewhere" under the
    /// rows both count the view the list was read for, so they add up to the 13 matches
    /// (`pinmap list --search park`). Before the fix the walk showed "4 in view" over "1 more elsewhere".
    func testSearchInViewAndElsewhereAddUpToTheMatchesWhileWalkingTheList() throws {
        let r = try FrameGolden.runner(cols: 100, rows: 30, places: .english, in: self)
        r.char("/"); r.type("park"); r.key(.enter)
        r.char("+"); r.char("+")
        XCTAssertEqual(r.state.search.matches?.matches.count, 13)
        let top = r.state.layout.sheetRect(height: r.state.sheet.height).y
        let header = r.line(top + 1)
        XCTAssertEqual(header, "  Search “park”: 4 in view · best match · / edits · Esc in / clears")
        XCTAssertEqual(r.line(top + 6), "  9 more elsewhere: F shows them all")
        var steps: [(name: String, key: Key)] = r.state.list.pins.map { _ in ("↓", .down) }
        steps += [("End", .end), ("Home", .home), ("End", .end)]
        for step in steps {
            r.key(step.key)
            let at = "after \(step.name) to \(r.state.list.selectedPin?.title ?? "-")"
            XCTAssertEqual(r.line(top + 1), header, at)
            XCTAssertEqual(r.line(top + 6), "  9 more elsewhere: F shows them all", at)
            XCTAssertEqual(r.state.listInViewCount + r.state.search.elsewhere, 13, at)
        }
        // Best match first: the last row is the pin whose description holds "park".
        XCTAssertEqual(r.state.list.selectedPin?.title, "청계천 산책")
        XCTAssertEqual(r.state.list.inViewCount, 12, "the map's view moved: the status line counts it")
        FrameGolden.check(r.frame(), "search-walk")
    }
}
