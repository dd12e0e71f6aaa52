import Frame
import XCTest
@testable import GeoMap

/// A pin's title stays on the side of its marker it was on while it fits there whole: a
/// title placed left of a marker near the right edge (no room right) moved across it when a
/// one-step pan made room on the right ("Jeongseok Airport ●" then "● Jeongseok Airport").
final class PinTitleSideTests: XCTestCase {
    private let marker = MapMarker(id: 7, latitude: 0.5, longitude: -140.0, title: "Jeongseok Airport")
    private let options = MapOptions(color: false, graticule: false, placeNames: nil)
    private let pane = Rect(x: 0, y: 0, width: 40, height: 3)

    private func frame(_ vp: Viewport, after earlier: MapScene?) -> (String, MapScene) {
        let scene = MapRenderer.scene(pane: pane, viewport: vp, markers: [marker], options: options, previous: [], after: earlier)
        var screen = Screen(width: pane.width, height: pane.height)
        MapRenderer.draw(into: &screen, pane: pane, viewport: vp, markers: [marker], options: options, scene: scene)
        return ((0..<screen.height).map { screen.line($0) }.joined(separator: "\n"), scene)
    }

    func testATitleKeepsItsSideWhenAPanMakesRoomOnTheOther() {
        var vp = Viewport(center: GeoPoint(latitude: 0.5, longitude: -140.0), zoom: 600)
        let degreesPerColumn = vp.degreesPerColumn(paneWidth: pane.width)
        // The marker 5 columns from the right edge: its title goes left.
        vp.center.longitude = -140.0 - 15.5 * degreesPerColumn
        let (first, scene) = frame(vp, after: nil)
        XCTAssertEqual(first, "\n                 Jeongseok Airport ●\n")
        // 16 columns further left (a pan of the map to the right): room for it on the right
        // too, and it stays left.
        vp.center.longitude += 16 * degreesPerColumn
        XCTAssertEqual(frame(vp, after: scene).0, "\n Jeongseok Airport ●\n")
        // A frame with no earlier scene puts it right, as before.
        XCTAssertEqual(frame(vp, after: nil).0, "\n                   ● Jeongseok Airport\n")
    }
}
