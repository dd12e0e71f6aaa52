import Foundation
import Frame
import XCTest
import PinModel
@testable import GeoMap

/// A country's name whose label point is covered by pins moves to the nearest free spot
/// inside the country (`CountryLabelSpots`), and is left out when no spot inside is free.
/// Regenerate an expected frame only after looking at the new one:
/// `PINMAP_PRINT_FRAMES=1 swift test --filter CountryLabelSpotTests`.
final class CountryLabelSpotTests: XCTestCase {
    static let pane = Rect(x: 0, y: 0, width: 60, height: 20)
    static let options = MapOptions(graticule: false, placeNames: .english)
    /// Australia filling the pane (zoom ≈ 5).
    static var australia: Viewport {
        var vp = Viewport()
        vp.fit(LatLonBox(south: -40, west: 112, north: -10, east: 155), pane: pane)
        return vp
    }
    static let g = Gazetteer.shared
    static var australiaIndex: Int { g.countries.firstIndex { $0.isoCode == "AU" }! }

    func draw(_ vp: Viewport, _ markers: [MapMarker], previous: [PlacedLabel] = []) -> (String, [PlacedLabel]) {
        var screen = Screen(width: Self.pane.width, height: Self.pane.height)
        let labels = MapRenderer.draw(into: &screen, pane: Self.pane, viewport: vp, markers: markers, options: Self.options,
                                      previousLabels: previous)
        if ProcessInfo.processInfo.environment["PINMAP_PRINT_FRAMES"] != nil { print("FRAME\n" + screen.text() + "\nEND") }
        return (screen.text(), labels)
    }

    /// One pin on each of `cells` (at the cell's centre).
    func pins(_ vp: Viewport, _ cells: [(col: Int, row: Int)]) -> [MapMarker] {
        cells.enumerated().map { i, c in
            let p = vp.point(col: Double(c.col) + 0.5, row: Double(c.row) + 0.5, pane: Self.pane)
            return MapMarker(id: Int64(i), latitude: p.latitude, longitude: p.longitude)
        }
    }

    /// Every third cell of `row` from `from` to `to`: with their one-cell margins the pins
    /// take every cell between.
    func pinRow(_ row: Int, from: Int, to: Int) -> [(col: Int, row: Int)] {
        stride(from: from, through: to, by: 3).map { ($0, row) }
    }

    /// The centred position of Australia's name: its label point's row, and its first cell.
    func centred(_ vp: Viewport) -> (col: Int, row: Int) {
        let p = vp.cell(for: Self.g.countries[Self.australiaIndex].labelPoint, pane: Self.pane)
        return (Int(p.col.rounded(.down)) - "Australia".count / 2, Int(p.row.rounded(.down)))
    }

    func testWithoutPinsTheNameIsCentredOnItsLabelPoint() {
        let vp = Self.australia
        let (_, labels) = draw(vp, [])
        let au = labels.first { $0.key == .country(Self.australiaIndex) }
        XCTAssertEqual(au.map { [$0.col, $0.row, $0.side.rawValue] }, [centred(vp).col, centred(vp).row, PlacedLabel.Side.centred.rawValue])
    }

    func testPinsOverTheLabelPointMoveTheNameToTheNearestFreeRowInsideTheCountry() {
        let vp = Self.australia
        let c = centred(vp)
        let markers = pins(vp, pinRow(c.row, from: c.col - 4, to: c.col + 13))
        let (text, labels) = draw(vp, markers)
        XCTAssertEqual(text, #"""
    ⠉⠉⠉⠛⠛⠛⠛⠛⢻⣿⣟⠛⠋⠉⡭⣿⠝⠛⠉   ⠈       ⠈⠉⠁⠈⠙⠦⠬⠟⠁  ⠙·⠈Port Moresby
             ⠈⠉⠐⠂⠞⠉⠁     ⢀⣄⣄⣤⣀   ⣠      ⡿⡄     ⠉⠉⠙⠛⠁ ⢀⣀
                         ⢈⡽⠓⠚⠊⠉⠙⢛⣻⠂    ⢸⠅⠹⡀
                   ⢠⣤⠖⠓⢄⣀⣞⠁     ⡼⠿⠆    ⢸  ⠧⢄⡀
                 ⣀⣄⣟⠁  ⠉⠈⠁      ⠉⠳⠦⡄⢀⡀ ⡜    ⡇
                ⣞⠙⠇                ⠈⠙⠧⠼     ⠈⡆
             ⢀⣀⡜⠁                            ⠳⢤⣀
       ⢀⣦⠔⠒⠚⠉⠁                                 ⠈⢯⡀
      ⡞⠋                 Australia               ⠻⢶
     ⠰⡁              ●  ●  ●  ●  ●  ●             ⠈⠓⣄⢀
     ⢲⣷                                             ⠈⡿
      ⢱⡀                                             ⢸⡂
       ⢳                                             ⢰⠃
       ⠘⡆               ⢀⣀⣀⡀                         ⡎
        · Perth   ⢀⡠⠔⠒⠒⠋⠉  ⠈⠉⠑⢲⣀  ⢀⡄               ⢠⠼⠁
       ⠸⢭⣀ ⢀⡤⠖⠒⠒⠒⠒⠋            ⢸⣦⡔⣻⣥              ⢠· Sydney
          ⠉⠁                     ⠰⠿⠿⠛⣄           ⢠⠋
                                     ⠛⢄⣀⡀  ⣠⡀ ⢀⡠⠤⠼
                                       ⠈⠉⠙⣫⠉⠙⠛⠁⣀
                                          ⠉⢖⠦⠤⠤⢿
"""#)
        let au = labels.first { $0.key == .country(Self.australiaIndex) }
        XCTAssertEqual(au?.side, .inside)
        XCTAssertEqual(au.map { [$0.shift.col, $0.shift.row] }, [0, -1])
    }

    func testPinsOverAllTheCountryDropTheNameThoughTheSeaAroundIsFree() {
        let vp = Self.australia
        func over(_ col: Int, _ row: Int) -> Bool {
            Self.g.country(containing: vp.point(col: Double(col) + 0.5, row: Double(row) + 0.5, pane: Self.pane)) == Self.australiaIndex
        }
        // A pin every third cell wherever it or a neighbour is over Australia: its margins take the rest.
        var cells: [(col: Int, row: Int)] = []
        for row in 0..<Self.pane.height {
            for col in stride(from: 0, to: Self.pane.width, by: 3) where over(col - 1, row) || over(col, row) || over(col + 1, row) {
                cells.append((col, row))
            }
        }
        let (text, labels) = draw(vp, pins(vp, cells))
        XCTAssertEqual(text, #"""
    ⠉⠉⠉⠛⠛⠛⠛⠛⢻⣿⣟⠛⠋⠉⡭⣿⠝⠛⠉   ⠈       ⠈⠉⠁⠈⠙⠦⠬⠟⠁  ⠙·⠈Port Moresby
             ⠈⠉⠐⠂⠞⠉⠁     ⢀⣄⣄⣤⣀   ⣠      ⡿⡄     ⠉⠉⠙⠛⠁ ⢀⣀
                         ⢈⡽●⠚⠊●⠙⢛●⠂    ●⠅⠹●
                   ⢠⣤●⠓⢄●⣞⠁●  ● ⡼●⠆    ●  ●⢄⡀
                 ⣀●⣟⠁● ⠉●⠁ ●  ● ⠉●⠦⡄⢀⡀ ●  ● ⡇
                ⣞⠙●  ●  ●  ●  ●  ● ⠈●⠧⠼●  ● ⠈●
             ⢀⣀●⠁ ●  ●  ●  ●  ●  ●  ●  ●  ●  ●⢤⣀
       ⢀⣦●⠒⠚●⠁ ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ● ⠈●⡀
      ●⠋ ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●⠻⢶●
     ⠰●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ● ⠈●⣄⢀
     ⢲●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●⠈⡿
      ●⡀ ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ● ⢸●
       ⢳ ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ●  ● ⢰●
       ⠘⡆●  ●  ●  ●  ●  ●⣀⣀●  ●  ●  ●  ●  ●  ●  ●  ● ⡎●
  Perth ⢸●  ●  ●  ●⡠⠔⠒⠒⠋⠉  ⠈⠉⠑●⣀ ●⢀⡄●  ●  ●  ●  ●  ●⠼⠁
       ⠸⢭● ⢀●⠖⠒⠒⠒⠒⠋            ⢸⣦●⣻⣥●  ●  ●  ●  ● ⢠●
          ⠉⠁                     ⠰⠿⠿●⣄ ●  ●  ●  ●⢠⠋
                                     ⠛⢄●⡀ ●⣠⡀●⢀⡠●⠼
                                       ⠈⠉⠙⣫⠉⠙⠛⠁⣀
                                          ●⢖⠦⠤⠤⢿
"""#)
        XCTAssertFalse(labels.contains { $0.key == .country(Self.australiaIndex) })
    }

    func testAOneCellPanKeepsAMovedNameAtItsShift() {
        let vp = Self.australia
        let c = centred(vp)
        let markers = pins(vp, pinRow(c.row, from: c.col - 4, to: c.col + 13))
        let (_, before) = draw(vp, markers)
        var moved = vp
        moved.pan(columns: 1, rows: 0, pane: Self.pane)
        // The pins move with the map: the name keeps its shift from the label point.
        let (_, after) = draw(moved, markers, previous: before)
        let b = before.first { $0.key == .country(Self.australiaIndex) }!, a = after.first { $0.key == .country(Self.australiaIndex) }!
        XCTAssertEqual([a.col, a.row, a.shift.col, a.shift.row], [b.col - 1, b.row, b.shift.col, b.shift.row])
        XCTAssertEqual(a.side, .inside)
    }
}
