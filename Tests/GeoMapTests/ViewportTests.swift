import XCTest
import PinModel
import Frame
@testable import GeoMap

final class ViewportTests: XCTestCase {
    let pane = Rect(x: 0, y: 0, width: 100, height: 30)

    func testScaleIsSquareInDegreesPerDot() {
        let vp = Viewport(center: GeoPoint(latitude: 0, longitude: 0), zoom: 1)
        XCTAssertEqual(vp.degreesPerColumn(paneWidth: 100), 3.6, accuracy: 1e-12)
        XCTAssertEqual(vp.degreesPerRow(paneWidth: 100), 7.2, accuracy: 1e-12)
        XCTAssertEqual(Viewport(zoom: 4).degreesPerColumn(paneWidth: 200), 0.45, accuracy: 1e-12)
    }

    func testCellForKnownPointsAtWorldZoom() {
        let vp = Viewport.world   // centre 20N 0E
        let c = vp.cell(for: GeoPoint(latitude: 20, longitude: 0), pane: pane)
        XCTAssertEqual(c.col, 50, accuracy: 1e-9); XCTAssertEqual(c.row, 15, accuracy: 1e-9)
        let seoul = vp.cell(for: GeoPoint(latitude: 56, longitude: 90), pane: pane)
        XCTAssertEqual(seoul.col, 75, accuracy: 1e-9); XCTAssertEqual(seoul.row, 10, accuracy: 1e-9)
        // A pane offset on screen shifts cells by its origin.
        let shifted = vp.cell(for: GeoPoint(latitude: 20, longitude: 0), pane: Rect(x: 7, y: 3, width: 100, height: 30))
        XCTAssertEqual(shifted.col, 57, accuracy: 1e-9); XCTAssertEqual(shifted.row, 18, accuracy: 1e-9)
    }

    /// degrees → cell → degrees lands within one cell, at several zooms,
    /// at the antimeridian and near the poles.
    func testRoundTripWithinOneCell() {
        let points: [(Double, Double)] = [(37.5665, 126.978), (0, 0), (-33.87, 151.21), (10, 179.99),
                                          (10, -179.99), (-16.5, 180), (89.9, 10), (-89.9, -170), (71.3, -156.8)]
        for zoom in [1.0, 2, 7.5, 42, 1000, 16384] {
            for (lat, lon) in points {
                // Centre a little away from the point so it is not trivially the centre.
                var vp = Viewport(center: GeoPoint(latitude: lat, longitude: lon), zoom: zoom)
                vp.pan(columns: 7.3, rows: -3.6, pane: pane)
                let dpc = vp.degreesPerColumn(paneWidth: pane.width)
                let p = GeoPoint(latitude: lat, longitude: lon)
                let c = vp.cell(for: p, pane: pane)
                XCTAssertTrue(pane.contains(col: Int(c.col.rounded(.down)), row: Int(c.row.rounded(.down))),
                              "\(p) zoom \(zoom) at \(c)")
                // The centre of the cell the point falls in maps back within one cell.
                let back = vp.point(col: c.col.rounded(.down) + 0.5, row: c.row.rounded(.down) + 0.5, pane: pane)
                XCTAssertLessThanOrEqual(abs(Viewport.nearestDelta(back.longitude - lon)), dpc, "\(p) zoom \(zoom)")
                XCTAssertLessThanOrEqual(abs(back.latitude - lat), 2 * dpc, "\(p) zoom \(zoom)")
                // The exact fractional position maps back exactly.
                let exact = vp.point(col: c.col, row: c.row, pane: pane)
                XCTAssertEqual(exact.latitude, lat, accuracy: 1e-6)
                XCTAssertEqual(Viewport.nearestDelta(exact.longitude - lon), 0, accuracy: 1e-6)
            }
        }
    }

    func testAntimeridianNeighboursAreAdjacentOnScreen() {
        let vp = Viewport(center: GeoPoint(latitude: 0, longitude: 180), zoom: 4)   // 0.9° per column
        let east = vp.cell(for: GeoPoint(latitude: 0, longitude: -179.1), pane: pane)
        let west = vp.cell(for: GeoPoint(latitude: 0, longitude: 179.1), pane: pane)
        XCTAssertEqual(east.col, 51, accuracy: 1e-9)
        XCTAssertEqual(west.col, 49, accuracy: 1e-9)
        XCTAssertEqual(vp.point(col: 51, row: 15, pane: pane).longitude, -179.1, accuracy: 1e-9)
    }

    func testPointClampsLatitudeAndWrapsLongitude() {
        let vp = Viewport(center: GeoPoint(latitude: 80, longitude: 170), zoom: 2)
        let p = vp.point(col: 99, row: 0, pane: pane)   // beyond the pole, past 180
        XCTAssertEqual(p.latitude, 90)
        XCTAssertEqual(p.longitude, 170 + 49 * 1.8 - 360, accuracy: 1e-9)
    }

    func testBoundingBoxes() {
        let world = Viewport.world.boundingBoxes(pane: pane)
        XCTAssertEqual(world, [LatLonBox(south: -88, west: -180, north: 90, east: 180)])
        let pacific = Viewport(center: GeoPoint(latitude: 0, longitude: 180), zoom: 4).boundingBoxes(pane: pane)
        XCTAssertEqual(pacific.count, 2)
        XCTAssertEqual(pacific[0].west, 135, accuracy: 1e-9); XCTAssertEqual(pacific[0].east, 180)
        XCTAssertEqual(pacific[1].west, -180); XCTAssertEqual(pacific[1].east, -135, accuracy: 1e-9)
        XCTAssertEqual(pacific[0].south, -27, accuracy: 1e-9); XCTAssertEqual(pacific[0].north, 27, accuracy: 1e-9)
        let seoul = Viewport(center: GeoPoint(latitude: 37.5, longitude: 127), zoom: 360).boundingBoxes(pane: pane)
        XCTAssertEqual(seoul.count, 1)
        XCTAssertEqual(seoul[0].west, 126.5, accuracy: 1e-9); XCTAssertEqual(seoul[0].north, 37.8, accuracy: 1e-9)
    }

    func testPanMovesByCellsAndWraps() {
        var vp = Viewport(center: GeoPoint(latitude: 0, longitude: 170), zoom: 1)
        vp.pan(columns: 10, rows: 5, pane: pane)   // 36° east, 36° south
        XCTAssertEqual(vp.center.longitude, -154, accuracy: 1e-9)
        XCTAssertEqual(vp.center.latitude, -36, accuracy: 1e-9)
        vp.pan(columns: 0, rows: -100, pane: pane)
        XCTAssertEqual(vp.center.latitude, 90, "latitude stops at the pole")
    }

    func testZoomAboutPointerKeepsThatPointFixed() {
        for (col, row) in [(20.0, 10.0), (99.5, 29.5), (50.0, 15.0), (3.2, 27.9)] {
            var vp = Viewport(center: GeoPoint(latitude: 35, longitude: 127), zoom: 8)
            let before = vp.point(col: col, row: row, pane: pane)
            vp.zoom(by: 2, about: (col, row), pane: pane)
            XCTAssertEqual(vp.zoom, 16)
            let after = vp.point(col: col, row: row, pane: pane)
            XCTAssertEqual(after.latitude, before.latitude, accuracy: 1e-9)
            XCTAssertEqual(after.longitude, before.longitude, accuracy: 1e-9)
        }
    }

    func testZoomIsClampedAndIgnoresNonsense() {
        var vp = Viewport(center: GeoPoint(latitude: 10, longitude: 20), zoom: 4)
        vp.zoom(by: 1e9, about: nil, pane: pane)
        XCTAssertEqual(vp.zoom, 16384)
        vp.zoom(by: 1e-9, about: nil, pane: pane)
        XCTAssertEqual(vp.zoom, 1)
        vp.zoom(by: -2, about: nil, pane: pane)
        vp.zoom(by: .nan, about: (1, 1), pane: pane)
        XCTAssertEqual(vp.zoom, 1)
        XCTAssertEqual(vp.center, GeoPoint(latitude: 10, longitude: 20), "no pointer: centre stays")
        XCTAssertEqual(Viewport(zoom: 0.1).zoom, Viewport.fitZoomFloor, "only fit goes below 1, down to the floor")
        XCTAssertEqual(Viewport(center: GeoPoint(latitude: 95, longitude: 190)).center,
                       GeoPoint(latitude: 95, longitude: -170), "past a pole when a fitted world sits above a sheet")
    }

    func testFitShowsTheBoxWhole() {
        var vp = Viewport()
        let box = LatLonBox(south: 34.0, west: 125.5, north: 38.8, east: 130.0)
        vp.fit(box, pane: pane)
        XCTAssertEqual(vp.center.latitude, 36.4, accuracy: 1e-9)
        XCTAssertEqual(vp.center.longitude, 127.75, accuracy: 1e-9)
        // Height limits: 4.8° over 28 rows of 2 × dpc → dpc = 4.8 / 56.
        XCTAssertEqual(vp.degreesPerColumn(paneWidth: 100), 4.8 / 56, accuracy: 1e-9)
        for p in [GeoPoint(latitude: 34, longitude: 125.5), GeoPoint(latitude: 38.8, longitude: 130)] {
            let c = vp.cell(for: p, pane: pane)
            XCTAssertTrue(c.col >= 0 && c.col <= 100 && c.row >= 0.99 && c.row <= 29.01, "\(p) at \(c)")
        }
    }

    func testFitAcrossTheAntimeridianAndASinglePoint() {
        var vp = Viewport()
        vp.fit(LatLonBox(south: -20, west: 170, north: -10, east: -170), pane: pane)
        XCTAssertEqual(abs(vp.center.longitude), 180, accuracy: 1e-9)
        XCTAssertEqual(vp.degreesPerColumn(paneWidth: 100), 20.0 / 98, accuracy: 1e-9)
        vp.fit(LatLonBox(south: 37.5, west: 127, north: 37.5, east: 127), pane: pane)
        XCTAssertEqual(vp.center, GeoPoint(latitude: 37.5, longitude: 127))
        XCTAssertEqual(vp.zoom, 360 / (100 * 0.02 / 56), accuracy: 1e-6, "0.02° high over 28 rows decides")
    }

    func testLabelsFormatting() {
        XCTAssertEqual(GeoFormat.latitude(30), "30N")
        XCTAssertEqual(GeoFormat.latitude(-37.5, decimals: 1), "37.5S")
        XCTAssertEqual(GeoFormat.latitude(0), "0N")
        XCTAssertEqual(GeoFormat.latitude(-0.00001, decimals: 4), "0N")
        XCTAssertEqual(GeoFormat.longitude(0), "0E")
        XCTAssertEqual(GeoFormat.longitude(120), "120E")
        XCTAssertEqual(GeoFormat.longitude(-60), "60W")
        XCTAssertEqual(GeoFormat.longitude(180), "180E")
        XCTAssertEqual(GeoFormat.longitude(-180), "180W")
        XCTAssertEqual(GeoFormat.longitude(210), "150W")
        XCTAssertEqual(GeoFormat.longitude(126.98, decimals: 2), "126.98E")
    }
}
