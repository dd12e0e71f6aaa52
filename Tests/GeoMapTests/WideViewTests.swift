import XCTest
import Frame
@testable import GeoMap

/// Below zoom 1 (a fit above a tall sheet) the world is drawn once, in the middle.
final class WideViewTests: XCTestCase {
    func testAtZoomOneHalfTheWorldIsDrawnOnce() {
        let s = Fixture.render(Viewport(center: GeoPoint(latitude: 0, longitude: 0), zoom: 0.5), width: 100, height: 20,
                               options: MapOptions(color: false, graticule: true))
        // 360° span 50 columns: the world from column 25 to 74; outside it nothing but latitude labels.
        for row in 1..<20 {   // row 0: meridian labels, checked below
            let line = s.line(row)
            let cells = Array(line)
            let outside = String(cells.prefix(25).dropFirst(4)) + String(cells.dropFirst(75))
            XCTAssertEqual(outside.trimmingCharacters(in: .whitespaces), "", "row \(row): \(line)")
        }
        XCTAssertEqual(s.line(0).trimmingCharacters(in: .whitespaces), "180W    120W    60W      0E      60E     120E     180E",
                       "one world's meridians: 180W at column 25 to 180E at column 75")
    }
}
