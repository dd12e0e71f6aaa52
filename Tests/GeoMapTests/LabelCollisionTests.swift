import XCTest
import Frame
@testable import GeoMap

final class LabelCollisionTests: XCTestCase {
    func testAMarkerOnALatitudeLabelDropsTheLabelWhole() {
        let pane = Rect(x: 0, y: 0, width: 100, height: 30)
        let v = Viewport(center: GeoPoint(latitude: 0, longitude: 0), zoom: 1)
        var plain = Screen(width: 100, height: 30)
        MapRenderer.draw(into: &plain, pane: pane, viewport: v, markers: [], options: MapOptions(ascii: true, color: false))
        guard let row = (1..<30).first(where: { plain.line($0).hasPrefix("60N") }) else { return XCTFail(plain.text()) }
        // A cluster of 2 in the label's second cell: "60N" must not become "320" or "3 2N".
        let p = v.point(col: 1.5, row: Double(row) + 0.5, pane: pane)
        var s = Screen(width: 100, height: 30)
        MapRenderer.draw(into: &s, pane: pane, viewport: v,
                         markers: [MapMarker(id: 1, latitude: p.latitude, longitude: p.longitude, count: 2)],
                         options: MapOptions(ascii: true, color: false))
        XCTAssertEqual(s[1, row].text, "2")
        XCTAssertFalse(s.line(row).contains("60N"), s.line(row))
        XCTAssertFalse(s.line(row).hasPrefix("6"), s.line(row))
        XCTAssertFalse(s.line(row).contains("N "), "no half label left: \(s.line(row))")
    }
}
