import Frame
import GeoMap
import XCTest
import PinmapCore
@testable import PinmapRuntime
import PinmapTestSupport

final class PointerLegendTests: XCTestCase {
    /// The status line says what the glyph under the mouse pointer is: a named pin by its title.
    func testStatusLineExplainsTheMarkerUnderThePointer() throws {
        let r = try UIFixtures.runner(viewport: Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.98), zoom: 256))
        r.char("m")  // the map focused: no row selected by itself, the legend names the pin
        let pane = r.state.layout.mapPane
        let pin = r.state.map.viewport.cell(for: GeoPoint(latitude: 35.1008, longitude: 129.0324), pane: pane)
        XCTAssertFalse(pane.contains(col: Int(pin.col), row: Int(pin.row)), "Busan is off the map")
        let museum = r.state.map.viewport.cell(for: GeoPoint(latitude: 37.5240, longitude: 126.9804), pane: pane)
        r.mouse(.move, .none, col: Int(museum.col.rounded(.down)), row: Int(museum.row.rounded(.down)))
        // The pin is named on the map, and the status line names it too (before the coordinate, cut to the room left).
        XCTAssertEqual(r.line(28), " medium · 4 of 5 pins in view · [map] · pointer near Seoul, KR · z256 · ● pin: National Museum of K…")
    }
}
