import XCTest
import Frame
@testable import GeoMap

/// What a layout slot carries of its marker (`MarkerSlot`: count saturated at 2^31 - 1,
/// palette entry) draws what the marker's own fields draw.
final class MarkerSlotTests: XCTestCase {
    private let pane = Rect(x: 0, y: 0, width: 100, height: 30)
    /// Open ocean (South Pacific), 0.45° per column: no map line under the markers.
    private let viewport = Viewport(center: GeoPoint(latitude: -45, longitude: -120), zoom: 8)

    private func draw(_ markers: [MapMarker], ascii: Bool = false) -> Screen {
        var s = Screen(width: 100, height: 30)
        MapRenderer.draw(into: &s, pane: pane, viewport: viewport, markers: markers,
                         options: MapOptions(ascii: ascii, color: true, graticule: false))
        return s
    }

    /// Pins 10 columns apart on the pane's middle row: none crowds another.
    private func pins(_ categories: [Int], selected: Int? = nil) -> [MapMarker] {
        categories.enumerated().map { i, c in
            MapMarker(id: Int64(i), latitude: -45.1, longitude: -142.3 + 4.5 * Double(i), categoryIndex: c,
                      title: i == selected ? "here" : "", selected: i == selected)
        }
    }

    func testAnyCategoryIndexGetsItsPaletteColour() {
        let categories = [-3, 5, 13, -1, 2_000_000_000_003, Int.min]
        let markers = pins(categories, selected: 3)
        let s = draw(markers)
        let placed = MarkerLayout.place(markers, viewport: viewport, pane: pane, ascii: false)
        XCTAssertEqual(placed.map(\.marker.id), [0, 1, 2, 4, 5, 3], "the selected pin last")
        for p in placed {
            let m = p.marker
            var want = MapTheme.style(.pin(m.categoryIndex), color: true)
            want.reverse = m.selected
            XCTAssertEqual(s[p.col, p.row], Cell(m.selected ? "◉" : "●", want), "category \(m.categoryIndex)")
            XCTAssertEqual(want.fg, MapTheme.categoryColor(m.categoryIndex))
        }
        XCTAssertEqual(MapTheme.paletteEntry(-3, paletteSize: 8), 5)
        XCTAssertEqual(MapTheme.paletteEntry(13, paletteSize: 8), 5)
        XCTAssertEqual(MapTheme.paletteEntry(Int.min, paletteSize: 8), 0)
        // The selected pin's title is drawn reversed in its colour.
        let sel = placed[5]
        XCTAssertEqual(s.line(sel.row), "●         ●         ●         ◉ here    ●         ●")
        var titleStyle = MapTheme.style(.pin(-1), color: true)
        titleStyle.reverse = true
        XCTAssertEqual(s[sel.labelCol + 1, sel.row], Cell("h", titleStyle))
    }

    /// Counts past 2^31 draw as the largest counts do: "99+", the hottest cluster colour,
    /// and (crowded) the fullest shade.
    func testCountsBeyondThirtyTwoBitsDrawAsLargeCounts() {
        func clusters(_ n: Int, crowded: Bool) -> [MapMarker] {
            [MapMarker(id: 1, latitude: -45.1, longitude: -120.1, count: n),
             MapMarker(id: 2, latitude: -45.1, longitude: crowded ? -119.65 : -115.6, count: n)]
        }
        for crowded in [false, true] {
            let huge = draw(clusters(Int.max, crowded: crowded)), large = draw(clusters(1_000_000, crowded: crowded))
            XCTAssertEqual(huge.cells, large.cells, crowded ? "crowded" : "lone")
            XCTAssertEqual(huge.line(15), crowded ? String(repeating: " ", count: 49) + "◕◕" :
                           String(repeating: " ", count: 49) + "99+       99+")
            XCTAssertEqual(huge[49, 15].style, MapTheme.style(.cluster(Int.max), color: true))
        }
    }
}
