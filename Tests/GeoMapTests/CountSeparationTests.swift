import XCTest
import Frame
@testable import GeoMap

final class CountSeparationTests: XCTestCase {
    private func row(markers: [MapMarker]) -> (String, [PlacedMarker]) {
        let pane = Rect(x: 0, y: 0, width: 100, height: 30)
        let v = Viewport(center: GeoPoint(latitude: 0, longitude: 0), zoom: 1)
        var s = Screen(width: 100, height: 30)
        MapRenderer.draw(into: &s, pane: pane, viewport: v, markers: markers, options: MapOptions(ascii: true, color: false, graticule: false))
        let placed = MarkerLayout.place(markers, viewport: v, pane: pane, ascii: true)
        return (s.line(placed.first?.row ?? 0), placed)
    }

    func testNeighbouringCountsNeverRunTogether() {
        // 3.6° per column: these two clusters fall in neighbouring cells.
        let (_, placed) = row(markers: [
            MapMarker(id: 1, latitude: 1, longitude: 1, count: 12),
            MapMarker(id: 2, latitude: 1, longitude: 4.6, count: 34),
        ])
        XCTAssertEqual(placed.map(\.glyph), ["*", "*"])
        XCTAssertEqual(placed.map(\.col), [50, 51])
    }

    func testALoneClusterKeepsItsCount() {
        let (_, placed) = row(markers: [
            MapMarker(id: 1, latitude: 1, longitude: 1, count: 12),
            MapMarker(id: 2, latitude: 1, longitude: 20, count: 3),
        ])
        XCTAssertEqual(placed.map(\.glyph), ["12", "3"])
    }
}
