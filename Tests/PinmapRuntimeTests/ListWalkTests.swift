import XCTest
import Frame
@testable import PinmapCore
@testable import PinmapRuntime

/// Tester (fixui 1): ↓ walks the list as it was shown. Selecting a row re-centres the map and
/// changes the pins in view; the list and its header keep the view they were read for.
final class ListWalkTests: XCTestCase {
    /// 45 pins, 100×30: `F`, `+` ×3, then ↓ over every row: each ↓ selects the next row of the
    /// list first shown, and the header keeps that list's count (the status line follows the map).
    func testDownWalksTheListAsShownAndTheHeaderKeepsItsCount() throws {
        let r = try FrameGolden.runner(cols: 100, rows: 30, places: .english)
        r.char("F")
        for _ in 0..<3 { r.char("+") }
        let shown = r.state.listed.map(\.title)
        let header = r.frame().line(18)
        XCTAssertEqual(header, "▸ Pins in view: 17 · newest first")
        var walked: [String] = []
        for _ in shown.indices {
            r.key(.down)
            walked.append(r.state.selectedPin?.title ?? "-")
            XCTAssertEqual(r.frame().line(18), header, "after ↓ to \(walked.last!)")
        }
        XCTAssertEqual(walked, shown)
        r.key(.home)
        for _ in 0..<4 { r.key(.down) }  // DDP night walk: 8 pins in the map's view, 17 in the list's
        FrameGolden.check(r.frame(), "list-walk")
    }
}
