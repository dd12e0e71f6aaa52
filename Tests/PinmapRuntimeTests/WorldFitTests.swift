import XCTest
import Frame
@testable import PinmapCore
@testable import PinmapRuntime

/// Tester (fixui 2): `L`, `0`, `S` left the world an 18×6 thumbnail above 20 blank rows and
/// the status line at "centre 90S"; the equator's label read "00S" ("0" over "30S").
final class WorldFitTests: XCTestCase {
    /// The whole world fitted above a large sheet: one label a row, the equator's "0".
    func testWorldAboveALargeSheetLabelsTheEquatorZero() throws {
        let r = try FrameGolden.runner(cols: 100, rows: 30, places: .english)
        r.char("L")
        r.char("0")
        FrameGolden.check(r.frame(), "world-large")
    }

    /// The world fitted at large is fitted again when the sheet goes down to small: it fills
    /// the map pane, centred on 0 0.
    func testWorldFittedAtLargeFillsThePaneAtSmall() throws {
        let r = try FrameGolden.runner(cols: 100, rows: 30, places: .english)
        r.char("L")
        r.char("0")
        r.char("S")
        FrameGolden.check(r.frame(), "world-large-then-small")
    }

    /// A view the user moved is not refitted: after `0` and `+`, `S` keeps the zoom.
    func testAMovedViewIsNotRefitted() throws {
        let r = try FrameGolden.runner(cols: 100, rows: 30, places: .english)
        r.char("L")
        r.char("0")
        r.char("+")
        let zoom = r.state.viewport.zoom
        r.char("S")
        XCTAssertEqual(r.state.viewport.zoom, zoom)
    }
}
