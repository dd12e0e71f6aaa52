import Frame
import XCTest
@testable import GeoMap

/// Properties of place-name placement over random pins and viewports
/// (deterministic seed): labels never overlap each other or a marker, stay
/// inside the pane, and a one-cell pan keeps every label that still fits at
/// the same place relative to the map.
final class LabelPropertyTests: XCTestCase {
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    let pane = Rect(x: 0, y: 0, width: 80, height: 24)
    let options = MapOptions(graticule: false, placeNames: .english)

    func draw(_ vp: Viewport, _ markers: [MapMarker], previous: [PlacedLabel] = []) -> [PlacedLabel] {
        var screen = Screen(width: pane.width, height: pane.height)
        return MapRenderer.draw(into: &screen, pane: pane, viewport: vp, markers: markers, options: options,
                                previousLabels: previous)
    }

    /// Cells a marker keeps clear: its glyph (and title) with one cell either
    /// side; density shades (crowded clusters) too.
    func markerCells(_ vp: Viewport, _ markers: [MapMarker]) -> Set<[Int]> {
        var cells = Set<[Int]>()
        for p in MarkerLayout.place(markers, viewport: vp, pane: pane, ascii: false) {
            for c in (p.col - 1)...(p.col + p.width) { cells.insert([c, p.row]) }
            if p.label != nil { for c in p.labelCol..<(p.labelCol + p.labelWidth) { cells.insert([c, p.row]) } }
        }
        return cells
    }

    func textCells(_ l: PlacedLabel) -> [[Int]] { (l.col..<(l.col + l.width)).map { [$0, l.row] } }

    func randomCase(_ rng: inout SplitMix) -> (Viewport, [MapMarker]) {
        let zoom = pow(2, Double.random(in: 0...11, using: &rng))
        let vp = Viewport(center: GeoPoint(latitude: .random(in: -50...65, using: &rng),
                                           longitude: .random(in: -180...180, using: &rng)), zoom: zoom)
        let span = vp.degreesPerColumn(paneWidth: pane.width) * Double(pane.width) / 2
        let markers = (0..<Int.random(in: 0...120, using: &rng)).map { i in
            MapMarker(id: Int64(i), latitude: max(-89, min(89, vp.center.latitude + .random(in: -span...span, using: &rng))),
                      longitude: vp.center.longitude + .random(in: -span...span, using: &rng),
                      count: Bool.random(using: &rng) ? 1 : Int.random(in: 2...500, using: &rng))
        }
        return (vp, markers + coverLabelPoints(vp, &rng))
    }

    /// Pins over the label points of some countries in view, every third cell along the
    /// label point's row (their margins take the cells between), so their names must move.
    func coverLabelPoints(_ vp: Viewport, _ rng: inout SplitMix) -> [MapMarker] {
        let g = Gazetteer.shared
        var markers: [MapMarker] = []
        for c in g.countries where Int.random(in: 0..<3, using: &rng) > 0 {
            let p = vp.cell(for: c.labelPoint, pane: pane)
            guard pane.contains(col: Int(p.col.rounded(.down)), row: Int(p.row.rounded(.down))) else { continue }
            let reach = Int.random(in: 4...16, using: &rng)
            for dc in stride(from: -reach, through: reach, by: 3) {
                let at = vp.point(col: p.col.rounded(.down) + Double(dc) + 0.5, row: p.row.rounded(.down) + 0.5, pane: pane)
                markers.append(MapMarker(id: Int64(1000 + markers.count), latitude: at.latitude, longitude: at.longitude))
            }
        }
        return markers
    }

    func testLabelsNeverOverlapAndStayInsideThePane() {
        var rng = SplitMix(state: 42)
        var total = 0, moved = 0, vertical = 0
        for _ in 0..<60 {
            let (vp, markers) = randomCase(&rng)
            let labels = draw(vp, markers)
            total += labels.count
            for l in labels where l.side == .inside {
                moved += 1
                guard case .country(let i) = l.key else { XCTFail("\(l.text): a city moved inside"); continue }
                for cell in textCells(l) {
                    let at = vp.point(col: Double(cell[0]) + 0.5, row: Double(cell[1]) + 0.5, pane: pane)
                    XCTAssertEqual(Gazetteer.shared.country(containing: at), i, "\(l.text) leaves its country at \(cell)")
                }
            }
            // A city's name rows away from its point stays within 5° of latitude and on its side
            // of any border: first, middle and last cells in the city's country or at sea.
            for l in labels where l.side.rowOffset > 0 {
                guard case .city(let ci) = l.key else { XCTFail("\(l.text): a country off its row"); continue }
                vertical += 1
                let c = Gazetteer.shared.cities[ci]
                let own = Gazetteer.shared.country(containing: GeoPoint(latitude: c.latitude, longitude: c.longitude))
                XCTAssertNotNil(own, "\(l.text): a city at sea named off its row")
                XCTAssertLessThanOrEqual(Double(l.side.rowOffset) * vp.degreesPerRow(paneWidth: pane.width), 5, l.text)
                for col in [l.col, l.col + l.width / 2, l.col + l.width - 1] {
                    let at = vp.point(col: Double(col) + 0.5, row: Double(l.row) + 0.5, pane: pane)
                    if let c = Gazetteer.shared.country(containing: at) { XCTAssertEqual(c, own, "\(l.text) crosses a border at \(col)") }
                }
            }
            let blocked = markerCells(vp, markers)
            var used = Set<[Int]>()
            for l in labels {
                for cell in textCells(l) {
                    XCTAssertTrue(pane.contains(col: cell[0], row: cell[1]), "\(l.text) leaves the pane")
                    XCTAssertFalse(blocked.contains(cell), "\(l.text) overlaps a marker at \(vp)")
                    XCTAssertTrue(used.insert(cell).inserted, "\(l.text) overlaps another label")
                }
                if let p = l.point {
                    XCTAssertFalse(blocked.contains([p.col, p.row]), "\(l.text)'s point on a marker")
                    XCTAssertTrue(used.insert([p.col, p.row]).inserted, "\(l.text)'s point on a label")
                }
            }
        }
        XCTAssertGreaterThan(total, 120, "the cases place labels at all")
        XCTAssertGreaterThan(moved, 20, "the cases move country names off covered label points")
        XCTAssertGreaterThan(vertical, 5, "the cases set city names above or below their points")
    }

    func testAOneCellPanKeepsEveryLabelThatStillFits() {
        var rng = SplitMix(state: 7)
        var kept = 0, keptMoved = 0
        for _ in 0..<60 {
            let (vp, markers) = randomCase(&rng)
            let before = draw(vp, markers)
            for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                var moved = vp
                moved.pan(columns: Double(dc), rows: Double(dr), pane: pane)
                let after = draw(moved, markers, previous: before)
                let blocked = markerCells(moved, markers)
                let byKey = Dictionary(after.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
                for l in before {
                    // Fits: the text inside the pane, it and its one-cell margins clear of markers.
                    let shifted = textCells(l).map { [$0[0] - dc, $0[1] - dr] }
                    let margins = [[l.col - 1 - dc, l.row - dr], [l.col + l.width - dc, l.row - dr]]
                    let fits = shifted.allSatisfy { pane.contains(col: $0[0], row: $0[1]) && !blocked.contains($0) }
                        && margins.allSatisfy { !blocked.contains($0) }
                    guard fits else { continue }
                    guard let a = byKey[l.key] else { XCTFail("\(l.text) dropped after a pan by (\(dc), \(dr))"); continue }
                    XCTAssertEqual([a.col, a.row, a.side.rawValue], [l.col - dc, l.row - dr, l.side.rawValue], l.text)
                    kept += 1
                    if l.side == .inside { keptMoved += 1 }
                }
            }
        }
        XCTAssertGreaterThan(kept, 200)
        XCTAssertGreaterThan(keptMoved, 20, "moved country names are kept too")
    }
}
