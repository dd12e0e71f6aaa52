import XCTest
import Frame
import GeoMap
import Sheet
import PinmapCore
@testable import PinmapRuntime

/// `L`, `0`, `S` left the world an 18×6 thumbnail above 20 blank rows and
/// the status line at "centre 90S"; the equator's label read "00S" ("0" over "30S").
final class WorldFitTests: XCTestCase {
    /// The whole world fitted above a large sheet: one label a row, the equator's "0".
    func testWorldAboveALargeSheetLabelsTheEquatorZero() throws {
        let r = try FrameGolden.runner(cols: 100, rows: 30, places: .english, in: self)
        r.char("L")
        r.char("0")
        FrameGolden.check(r.frame(), "world-large")
    }

    /// The world fitted at large is fitted again when the sheet goes down to small: it fills
    /// the map pane, centred on 0 0.
    func testWorldFittedAtLargeFillsThePaneAtSmall() throws {
        let r = try FrameGolden.runner(cols: 100, rows: 30, places: .english, in: self)
        r.char("L")
        r.char("0")
        r.char("S")
        FrameGolden.check(r.frame(), "world-large-then-small")
    }

    /// A view the user moved is not refitted: after `0` and `+`, `S` keeps the zoom.
    func testAMovedViewIsNotRefitted() throws {
        let r = try FrameGolden.runner(cols: 100, rows: 30, places: .english, in: self)
        r.char("L")
        r.char("0")
        r.char("+")
        let zoom = r.state.map.viewport.zoom
        r.char("S")
        XCTAssertEqual(r.state.map.viewport.zoom, zoom)
    }

    // A selected row re-centres the map, so the view was no longer the one `0`
    // fitted and a sheet move left it unfitted, its centre past a pole ("centre 90S", the world a
    // strip in the top rows, or only the Arctic above a large sheet with Seoul off the map).

    /// The status line's centre latitude and whether the selected pin is on the visible map.
    private func centreAndSelection(_ r: AppRunner) -> (latitude: Double, selectedVisible: Bool) {
        let s = r.state
        let visible = s.layout.visibleMap(sheetHeight: s.sheet.height)
        guard let pin = s.list.selectedPin else { return (s.statusPoint.point.latitude, false) }
        let c = s.map.viewport.cell(for: GeoPoint(latitude: pin.latitude, longitude: pin.longitude), pane: s.layout.mapPane)
        let inside = visible.contains(col: Int(c.col.rounded(.down)), row: Int(c.row.rounded(.down)))
        return (s.statusPoint.point.latitude, inside)
    }

    /// The poles' rows are the visible map's first and last rows (one cell of margin), as after `0`.
    private func assertWorldFitted(_ r: AppRunner, _ step: String, line: UInt = #line) {
        let s = r.state
        let visible = s.layout.visibleMap(sheetHeight: s.sheet.height)
        let north = s.map.viewport.cell(for: GeoPoint(latitude: 90, longitude: 0), pane: s.layout.mapPane).row
        let south = s.map.viewport.cell(for: GeoPoint(latitude: -90, longitude: 0), pane: s.layout.mapPane).row
        XCTAssertEqual(north, Double(visible.y) + 1, accuracy: 1, "\(step): 90N's row", line: line)
        XCTAssertEqual(south, Double(visible.maxY) - 1, accuracy: 1, "\(step): 90S's row", line: line)
    }

    /// `0` `L` `Down` `M`: the world is fitted again above the medium sheet, centred on the
    /// equator at the selected pin's longitude, the pin on the map (was centre 90S).
    func testSelectionThenSheetMoveKeepsTheWorldFitted() throws {
        let r = try FrameGolden.runner(cols: 100, rows: 30, places: .english, in: self)
        r.char("0")
        r.char("L")
        r.key(.down)
        let selected = try XCTUnwrap(r.state.list.selectedPin)
        XCTAssertEqual(centreAndSelection(r).latitude, selected.latitude, accuracy: 0.01)
        XCTAssertTrue(centreAndSelection(r).selectedVisible)
        r.char("M")
        XCTAssertEqual(r.state.sheet.detent, .medium)
        let (latitude, visible) = centreAndSelection(r)
        XCTAssertEqual(latitude, 0, accuracy: 0.01)
        XCTAssertEqual(r.state.statusPoint.point.longitude, selected.longitude, accuracy: 0.0001)
        XCTAssertTrue(visible, "the selected pin is on the visible map")
        assertWorldFitted(r, "M")
        FrameGolden.check(r.frame(), "world-select-large-then-medium")
    }

    /// `0` `Down` `S` `L` `S`: every move fits the world into the rows above the sheet; the
    /// centre stays on the equator and Seoul on the map (was 10.4258S, 90N, 10.4258S).
    func testSelectionThenSheetMovesDownUpDownKeepTheWorldFitted() throws {
        let r = try FrameGolden.runner(cols: 100, rows: 30, places: .english, in: self)
        r.char("0")
        r.key(.down)
        XCTAssertTrue(centreAndSelection(r).selectedVisible)
        for (key, detent) in [("S", Detent.small), ("L", .large), ("S", .small)] {
            r.char(Character(key))
            XCTAssertEqual(r.state.sheet.detent, detent)
            let (latitude, visible) = centreAndSelection(r)
            XCTAssertEqual(latitude, 0, accuracy: 0.01, "after \(key)")
            XCTAssertTrue(visible, "after \(key): the selected pin is on the visible map")
            assertWorldFitted(r, key)
        }
    }
}
