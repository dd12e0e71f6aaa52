import XCTest
import Frame
@testable import GeoMap

final class MarkerTests: XCTestCase {
    let pane = Fixture.pane100x30

    /// Deterministic pseudo-random pins around Seoul (a 64-bit LCG).
    private func randomPins(_ n: Int, seed: UInt64 = 42) -> [MapMarker] {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<n).map { i in
            MapMarker(id: Int64(1000 - i), latitude: 37.4 + next() * 0.3, longitude: 126.8 + next() * 0.4,
                      categoryIndex: i % 5, title: "pin \(i)")
        }
    }

    func testClusterCountsEqualThePinsInEachCell() {
        let pins = randomPins(2000)
        let vp = Viewport(center: GeoPoint(latitude: 37.55, longitude: 127.0), zoom: 1000)
        let clusters = Clusterer.cluster(pins, viewport: vp, pane: pane)
        var expected: [Int: [MapMarker]] = [:]
        for p in pins {
            let c = Fixture.cell(vp, p.latitude, p.longitude)
            guard pane.contains(col: c.col, row: c.row) else { continue }
            expected[c.row * 100 + c.col, default: []].append(p)
        }
        XCTAssertEqual(clusters.count, expected.count)
        XCTAssertGreaterThan(clusters.filter { $0.count > 1 }.count, 10, "the test needs real clusters")
        XCTAssertLessThan(expected.values.reduce(0) { $0 + $1.count }, 1900, "and some pins off screen")
        for m in clusters {
            let c = Fixture.cell(vp, m.latitude, m.longitude)
            let members = expected[c.row * 100 + c.col] ?? []
            XCTAssertEqual(m.count, members.count)
            XCTAssertEqual(m.id, members.map(\.id).min(), "representative is the lowest id")
        }
        XCTAssertEqual(clusters, Clusterer.cluster(pins.reversed(), viewport: vp, pane: pane), "order-independent")
    }

    func testClusterPrefersTheSelectedPinAndSumsCounts() {
        // 3.6° per column: all of Seoul falls in cell (50, 14).
        let vp = Viewport(center: GeoPoint(latitude: 35, longitude: 125), zoom: 1)
        var pins = Fixture.seoulPins
        pins[2].selected = true
        pins[4].count = 10
        let out = Clusterer.cluster(pins, viewport: vp, pane: pane)
        XCTAssertEqual(out.count, 1)
        XCTAssertEqual(out[0].id, 11)
        XCTAssertEqual(out[0].count, 15)
        XCTAssertTrue(out[0].selected)
        XCTAssertEqual(out[0].title, "Ihwa Mural Village")
    }

    func testClusterGlyphs() {
        XCTAssertEqual(MapTheme.glyph(MapMarker(id: 1, latitude: 0, longitude: 0), ascii: false), "●")
        XCTAssertEqual(MapTheme.glyph(MapMarker(id: 1, latitude: 0, longitude: 0), ascii: true), "o")
        XCTAssertEqual(MapTheme.glyph(MapMarker(id: 1, latitude: 0, longitude: 0, selected: true), ascii: false), "◉")
        XCTAssertEqual(MapTheme.glyph(MapMarker(id: 1, latitude: 0, longitude: 0, selected: true), ascii: true), "@")
        XCTAssertEqual(MapTheme.glyph(MapMarker(id: 1, latitude: 0, longitude: 0, count: 12), ascii: false), "12")
        XCTAssertEqual(MapTheme.glyph(MapMarker(id: 1, latitude: 0, longitude: 0, count: 150), ascii: true), "99+")
    }

    func testMarkerAtFindsWhatIsDrawn() {
        let vp = Fixture.korea
        var pins = Fixture.seoulPins
        pins.append(MapMarker(id: 77, latitude: 35.18, longitude: 129.08, categoryIndex: 1, title: "Busan"))
        pins.append(contentsOf: (0..<120).map { MapMarker(id: 200 + Int64($0), latitude: 38.5, longitude: 125.8) })
        let markers = Clusterer.cluster(pins, viewport: vp, pane: pane)
        let s = Fixture.render(vp, markers: markers)
        let busan = Fixture.cell(vp, 35.18, 129.08)
        XCTAssertEqual(s[busan.col, busan.row].text, "●")
        XCTAssertEqual(MapRenderer.marker(atCol: busan.col, row: busan.row, pane: pane, viewport: vp, markers: markers)?.id, 77)
        let crowd = Fixture.cell(vp, 38.5, 125.8)
        XCTAssertEqual(s.line(crowd.row).contains("99+"), true)
        for dc in 0..<3 {
            XCTAssertEqual(MapRenderer.marker(atCol: crowd.col + dc, row: crowd.row, pane: pane, viewport: vp,
                                              markers: markers)?.count, 120)
        }
        XCTAssertNil(MapRenderer.marker(atCol: busan.col + 2, row: busan.row + 2, pane: pane, viewport: vp, markers: markers))
        XCTAssertNil(MapRenderer.marker(atCol: busan.col, row: busan.row, pane: Rect(x: 0, y: 0, width: 10, height: 10),
                                        viewport: vp, markers: markers), "outside the pane")
    }

    /// The selected pin's title is clickable, and goes to the side where it hides no other
    /// marker when both sides hold it whole: left here, so the neighbour and its name stay.
    func testSelectedMarkerLabelIsClickableAndHidesNoPinWhereItCan() {
        let vp = Fixture.korea
        var pins = [MapMarker(id: 5, latitude: 36.4, longitude: 127.75, title: "Daejeon-ish"),
                    MapMarker(id: 6, latitude: 36.4, longitude: 127.75 + 2 * 0.0857, title: "neighbour")]
        pins[0].selected = true
        let s = Fixture.render(vp, markers: pins)
        XCTAssertEqual(s[50, 15].text, "◉")
        XCTAssertTrue(s[50, 15].style.reverse && s[50, 15].style.bold)
        XCTAssertEqual(s.line(15, trim: false),
                       "      ⠁                      ⠈     ⠘⡄ Daejeon-ish ◉● neighbour       ⡎      ⠁                      ⠈")
        for col in 38...50 {
            XCTAssertEqual(MapRenderer.marker(atCol: col, row: 15, pane: pane, viewport: vp, markers: pins)?.id, 5)
        }
        XCTAssertEqual(MapRenderer.marker(atCol: 51, row: 15, pane: pane, viewport: vp, markers: pins)?.id, 6)
        XCTAssertNil(MapRenderer.marker(atCol: 37, row: 15, pane: pane, viewport: vp, markers: pins))
    }

    /// Pins in the selected pin's screen cell are drawn under its glyph: its title says how
    /// many ("+2"), and says it alone for a pin without a title.
    func testTheSelectedTitleCountsThePinsUnderIt() {
        let vp = Fixture.korea
        var pins = [MapMarker(id: 5, latitude: 36.4, longitude: 127.75, title: "Stack C"),
                    MapMarker(id: 6, latitude: 36.4, longitude: 127.75, count: 2, title: "")]
        pins[0].selected = true
        XCTAssertEqual(Fixture.render(vp, markers: pins).line(15, trim: false).dropFirst(50).prefix(12), "◉ Stack C +2")
        pins[0].title = ""
        XCTAssertEqual(Fixture.render(vp, markers: pins).line(15, trim: false).dropFirst(50).prefix(5), "◉ +2 ")
        pins.removeLast()
        pins[0].title = "Stack C"
        XCTAssertEqual(Fixture.render(vp, markers: pins).line(15, trim: false).dropFirst(50).prefix(12), "◉ Stack C   ")
    }

    /// Korean and emoji titles occupy their display width: every row is
    /// exactly the pane's width and cells right of the label do not move.
    func testWideLabelsDoNotShiftLaterColumns() {
        let vp = Fixture.korea
        let titles = ["전쟁기념관 야외 전시", "Noodle Nook 🍜🍜", "👨‍👩‍👧 family day 가족", "e\u{301}toile café"]
        let plain = Fixture.render(vp)
        for title in titles {
            for lon in [127.0, 129.9] {   // mid-pane, and at the right edge where the label flips left
                let m = MapMarker(id: 9, latitude: 36.0, longitude: lon, title: title, selected: true)
                let s = Fixture.render(vp, markers: [m])
                let row = Fixture.cell(vp, 36.0, lon).row
                for r in 0..<30 {
                    XCTAssertEqual(DisplayWidth.of(s.line(r, trim: false)), 100, "\(title) row \(r)")
                }
                guard let placed = MarkerLayout.place([m], viewport: vp, pane: pane, ascii: false).first else {
                    return XCTFail("not placed")
                }
                let covered = min(placed.col, placed.labelCol)...max(placed.col, placed.labelCol + placed.labelWidth - 1)
                for col in 0..<100 where !covered.contains(col) {
                    XCTAssertEqual(s[col, row], plain[col, row], "\(title): column \(col) changed")
                }
                XCTAssertLessThanOrEqual(placed.labelCol + placed.labelWidth, 100)
            }
        }
    }
}
