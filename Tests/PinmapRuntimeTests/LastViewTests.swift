import XCTest
import Frame
import GeoMap
import PinModel
import PinModelTesting
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

/// A store reopens on its last view (centre, zoom, detent, tab); a store
/// opened for the first time, or whose last view holds none of its pins, fits its pins above
/// the sheet as `F` does, with a margin.
final class LastViewTests: XCTestCase {
    /// A runner as the UI opens one: the store's settings decide the view (no fixed viewport).
    private func open(_ store: any PinRepository, cols: Int = 100, rows: Int = 30) -> AppRunner {
        AppRunner(store: store, state: AppState(cols: cols, rows: rows, color: false, reducedMotion: true), loadSamples: { 0 })
    }

    /// Screen cells of every pin, by title.
    private func cells(_ r: AppRunner) -> [(String, col: Double, row: Double)] {
        UIFixtures.seoulPins.map { p in
            let c = r.state.map.viewport.cell(for: GeoPoint(latitude: p.latitude, longitude: p.longitude), pane: r.state.layout.mapPane)
            return (p.title, c.col, c.row)
        }
    }

    func testAStoreOpenedForTheFirstTimeFitsItsPinsAboveTheSheetWithAMargin() {
        let r = open(InMemoryPinRepository(pins: UIFixtures.seoulPins))
        let visible = r.state.settledVisibleMap  // rows 0..<17 above the medium sheet
        XCTAssertEqual(visible, Rect(x: 0, y: 0, width: 100, height: 17))
        for (title, col, row) in cells(r) {
            // A tenth of the width (10 columns) and of the height (1 row) left free on each side.
            XCTAssertTrue(col >= 10 - 1e-6 && col <= 90 + 1e-6 && row >= 1 - 1e-6 && row <= 16 + 1e-6, "\(title) at \(col), \(row)")
        }
        XCTAssertEqual(r.state.list.inViewCount, 5)
        XCTAssertNil(r.state.feedback.message, "opening says nothing about fitting")
    }

    func testAnEmptyStoreOpensOnTheWholeWorld() {
        let r = open(InMemoryPinRepository(pins: []))
        XCTAssertTrue(r.state.worldStaysFitted, "the world fitted above the sheet, as `0` does")
        XCTAssertEqual(r.state.visibleMapCentre.latitude, 0, accuracy: 1e-6)
    }

    func testTheStoreReopensOnTheLastViewDetentAndTab() throws {
        let store = InMemoryPinRepository(pins: UIFixtures.seoulPins)
        let r = open(store)
        r.char("+"); r.char("m"); r.key(.right); r.char("L"); r.handle(.tick, now: 5)
        r.char("2", at: 6)
        let centre = r.state.visibleMapCentre, zoom = r.state.map.viewport.zoom
        // Nothing is written as the map moves (a write would restart the store's read caches at every pan).
        XCTAssertNil(try store.setting(SettingKey.mapView))
        r.close()
        XCTAssertEqual(try store.setting(SettingKey.tab), "timeline")
        let again = open(store)
        XCTAssertEqual(again.state.tab, .timeline)
        XCTAssertEqual(again.state.sheet.detent, .large)
        XCTAssertEqual(again.state.map.viewport.zoom, zoom, accuracy: zoom * 1e-3)
        XCTAssertEqual(again.state.visibleMapCentre.latitude, centre.latitude, accuracy: 1e-4)
        XCTAssertEqual(again.state.visibleMapCentre.longitude, centre.longitude, accuracy: 1e-4)
        let (was, now) = (r.frame().text().split(separator: "\n"), again.frame().text().split(separator: "\n"))
        // The same screen; the status line named the pin selected before (a selection is not a view).
        for (i, (a, b)) in zip(was, now).enumerated() where a != b && !a.contains("pins in view") { XCTFail("row \(i): \(a) → \(b)") }
    }

    func testANarrowerTerminalKeepsTheScale() throws {
        let store = InMemoryPinRepository(pins: UIFixtures.seoulPins)
        let r = open(store)
        r.char("+")
        r.close()
        let degreesPerColumn = 360 / (r.state.map.viewport.zoom * 100)
        let narrow = open(store, cols: 80, rows: 24)
        XCTAssertEqual(360 / (narrow.state.map.viewport.zoom * 80), degreesPerColumn, accuracy: degreesPerColumn * 1e-3)
    }

    func testALastViewWithoutPinsFitsThemInstead() throws {
        let store = InMemoryPinRepository(pins: UIFixtures.seoulPins)
        try store.setSetting(SettingKey.mapView, "-40.00000,-60.00000,64,100")  // the South Atlantic
        let r = open(store)
        XCTAssertEqual(r.state.list.inViewCount, 5)
        XCTAssertEqual(r.state.visibleMapCentre.latitude, 36.3, accuracy: 0.5)
    }

    func testAStoreOnlyReadIsNotWritten() throws {
        // Outcomes alone (what `pinmap render` feeds) save nothing: only the user's keys do.
        let store = InMemoryPinRepository(pins: UIFixtures.seoulPins)
        let r = open(store)
        r.show(Viewport(center: GeoPoint(latitude: 10, longitude: 10), zoom: 4))
        XCTAssertNil(try store.setting(SettingKey.mapView))
    }
}
