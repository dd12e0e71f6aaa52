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
        let (line, placed) = row(markers: [
            MapMarker(id: 1, latitude: 1, longitude: 1, count: 12),
            MapMarker(id: 2, latitude: 1, longitude: 4.6, count: 34),
        ])
        XCTAssertEqual(line, ##"                           .# \#/##\.         '---**\\#---+#-#//        -   ### _###+\"##)
        XCTAssertEqual(placed.map(\.glyph), ["*", "*"], "10–99 pins: the ASCII density shade")
        XCTAssertEqual(placed.map(\.col), [50, 51])
    }

    func testALoneClusterKeepsItsCount() {
        let (line, placed) = row(markers: [
            MapMarker(id: 1, latitude: 1, longitude: 1, count: 12),
            MapMarker(id: 2, latitude: 1, longitude: 20, count: 3),
        ])
        XCTAssertEqual(line, ##"                           .# \#/##\.         '---12\\#3--+#-#//        -   ### _###+\"##)
        XCTAssertEqual(placed.map(\.glyph), ["12", "3"])
    }

    /// Crowded clusters read as a gradient, never a row of identical glyphs.
    func testCrowdedClustersAreShadedByCount() {
        let markers = [3, 40, 500, 5000].enumerated().map { i, n in
            MapMarker(id: Int64(i), latitude: 1, longitude: 1 + 3.6 * Double(i), count: n)
        }
        let pane = Rect(x: 0, y: 0, width: 100, height: 30)
        let v = Viewport(center: GeoPoint(latitude: 0, longitude: 0), zoom: 1)
        XCTAssertEqual(MarkerLayout.place(markers, viewport: v, pane: pane, ascii: true).map(\.glyph), [":", "*", "%", "@"])
        XCTAssertEqual(MarkerLayout.place(markers, viewport: v, pane: pane, ascii: false).map(\.glyph), ["◔", "◑", "◕", "◕"])
        XCTAssertEqual(MapRenderer.legend(atCol: 51, row: 14, pane: pane, viewport: v, markers: markers, ascii: false),
                       MapRenderer.Legend(glyph: "◑", count: 40, title: "", shaded: true))
        XCTAssertEqual(MapRenderer.legend(atCol: 60, row: 14, pane: pane, viewport: v, markers: markers, ascii: false), nil)
    }
}
