import XCTest
import Frame
import GeoMap
import PinModel
import PinmapCore
import PinmapCoreTestSupport

/// The centre the sheet settles on; no stale or wrapped coordinate.
final class CentreAndCoordinateTests: XCTestCase {
    func testAddUsesTheCentreTheSheetSettlesOn() {
        var s = AppState(cols: 80, rows: 24, detent: .medium, color: false, reducedMotion: false)
        s.feed(.view(.showViewport(Viewport(center: GeoPoint(latitude: 37.5, longitude: 127), zoom: 64))))
        _ = s.update(.input(.key(.escape)), now: 0)  // lowers to small, animating
        XCTAssertTrue(s.sheet.isAnimating)
        _ = s.update(.input(.key(.char("a"))), now: 0.05)
        guard case .form(let form)? = s.feedback.modal?.content else { return XCTFail("no form") }
        let settledHeight = s.sheet.layout.height(of: .small)
        let visible = s.layout.visibleMap(sheetHeight: settledHeight)
        let settled = s.map.viewport.point(col: Double(visible.width) / 2, row: Double(visible.height) / 2, pane: s.layout.mapPane)
        XCTAssertEqual(form.fields[3].text, CoordinateText.decimal(settled.latitude))
        _ = s.update(.tick, now: 3)
        XCTAssertEqual(s.statusPoint.point.latitude, settled.latitude, accuracy: 1e-9, "the status line agrees once settled")
    }

    func testNoCoordinateOverTheBlankMarginBesideTheWorld() {
        var s = AppState(cols: 80, rows: 24, detent: .small, color: false, reducedMotion: true)
        _ = s.update(.input(.key(.char("0"))), now: 0)
        XCTAssertLessThan(s.map.viewport.zoom, 1)
        _ = s.update(.input(.mouse(MouseEvent(.move, .none, col: 2, row: 6))), now: 0.1)
        XCTAssertTrue(s.pointerOffMap)
        XCTAssertEqual(StatusLineView.left(s), "small · 0 of 0 pins in view · [list] · pointer off the map · z\(StatusLineView.zoomLabel(s.map.viewport.zoom))")
        _ = s.update(.input(.mouse(MouseEvent(.move, .none, col: 40, row: 6))), now: 0.2)
        XCTAssertFalse(s.pointerOffMap, "over the world the pointer has a coordinate")
        let p = s.map.viewport.point(col: 40.5, row: 6.5, pane: s.layout.mapPane)
        let coordinate = "\(GeoFormat.latitude(p.latitude, decimals: 4)) \(GeoFormat.longitude(p.longitude, decimals: 4))"
        XCTAssertEqual(StatusLineView.left(s), "small · 0 of 0 pins in view · [list] · pointer Algeria · \(coordinate) · z\(StatusLineView.zoomLabel(s.map.viewport.zoom))")
    }

    func testResizeKeepsTheVisibleCentreAndTheScale() {
        var s = AppState(cols: 80, rows: 24, detent: .medium, color: false, reducedMotion: true)
        s.feed(.view(.showViewport(Viewport(center: GeoPoint(latitude: 37.5, longitude: 127), zoom: 512))))
        let centre = s.visibleMapCentre
        let dpc = s.map.viewport.degreesPerColumn(paneWidth: s.layout.mapPane.width)
        for (cols, rows) in [(100, 30), (200, 60), (80, 24)] {
            _ = s.update(.input(.resize(cols: cols, rows: rows)), now: 0)
            XCTAssertEqual(s.visibleMapCentre.latitude, centre.latitude, accuracy: 1e-9, "\(cols)×\(rows)")
            XCTAssertEqual(s.visibleMapCentre.longitude, centre.longitude, accuracy: 1e-9, "\(cols)×\(rows)")
            XCTAssertEqual(s.map.viewport.degreesPerColumn(paneWidth: s.layout.mapPane.width), dpc, accuracy: 1e-12)
        }
    }
}
