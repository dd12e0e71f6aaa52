import Foundation
import Frame
import XCTest
@testable import GeoMap

/// Pins are named beside their markers wherever there is room, before
/// place names, never over another name, a count or a pin; a crowd of pins reads as pins
/// (circles, not braille), with a gap from names. Whole frames without colour.
final class PinTitleTests: XCTestCase {
    static let tokyo = Viewport(center: GeoPoint(latitude: 35.685, longitude: 139.75), zoom: 2048)

    /// Lone pins of central Tokyo, one titled as the city, a cluster and a selected pin.
    static let tokyoPins: [MapMarker] = [
        MapMarker(id: 4, latitude: 35.6895, longitude: 139.6917, title: "Tokyo"),
        MapMarker(id: 2, latitude: 35.6586, longitude: 139.7454, categoryIndex: 1, title: "Tokyo Tower"),
        MapMarker(id: 3, latitude: 35.6852, longitude: 139.7528, categoryIndex: 2, title: "Imperial Palace East Gardens"),
        MapMarker(id: 5, latitude: 35.7101, longitude: 139.8107, categoryIndex: 3, title: "Tokyo Skytree"),
        MapMarker(id: 6, latitude: 35.6938, longitude: 139.7034, count: 7),
        MapMarker(id: 7, latitude: 35.6595, longitude: 139.7005, categoryIndex: 4, title: "Shibuya Crossing", selected: true),
        // Two pins in neighbouring cells: one name each side, or none where it would touch.
        MapMarker(id: 8, latitude: 35.6702, longitude: 139.7026, title: "Harajuku"),
        MapMarker(id: 9, latitude: 35.6702, longitude: 139.7060, title: "Omotesando"),
    ]

    private func frame(_ vp: Viewport, width: Int, height: Int, markers: [MapMarker], ascii: Bool = false,
                       places: PlaceNaming.Language? = .english) -> String {
        Fixture.render(vp, width: width, height: height, markers: markers,
                       options: MapOptions(ascii: ascii, color: false, graticule: false, placeNames: places)).text()
    }

    func testPinsAreNamedBesideTheirMarkersBeforePlaceNames() {
        XCTAssertEqual(frame(Self.tokyo, width: 80, height: 16, markers: Self.tokyoPins), #"""


                                                     Tokyo Skytree ●


                  7
             ● Tokyo
                                         ● Imperial Palace East Ga…


                                                      ⣀⡠⠤⡄
         Harajuku ●● Omotesando                      ⢀⠇  ⠘⡄
                                                   ⣀⠤⠚    ⠈⠢⢄
                 ◉ Shibuya Crossing            ⣀⠤⠒⠉          ⠑⢄     ⣀⠤⠒⠉⠉⠉⠑⡄
                                     ● Tokyo Tower             ⠉⠢⡠⢔⣊⡠⠤⡄  ⡤⣀⠈⠒⠒⠒⠒
                                   Minato City⠃                 ⡠⠒⠁   ⢱  ⡇ ⠉⠑⠒⠤⣀
"""#)
    }

    /// The selected pin's title (drawn by the marker layout, not `PinTitles`) names its city
    /// too: "◉ Tokyo" had the place name "Tokyo" drawn again just above it.
    func testTheSelectedPinNamedAsItsCityIsNotNamedAgain() {
        var markers = Self.tokyoPins.map { m -> MapMarker in var m = m; m.selected = false; return m }
        markers[0].selected = true
        XCTAssertEqual(frame(Self.tokyo, width: 80, height: 8, markers: markers), #"""

                  7
             ◉ Tokyo
                                         ● Imperial Palace East Ga…


                                                      ⣀⡠⠤⡄
         Harajuku ●● Omotesando                      ⢠⠃  ⠘⡄
"""#)
    }

    /// With Korean place names a pin titled as its city in English names it too: "도쿄"
    /// was drawn just above "● Tokyo" (a GeoNames store: "서울" over "● Seoul").
    func testAPinNamedAsItsCityInEnglishIsNotNamedAgainInKorean() {
        let frame = frame(Self.tokyo, width: 80, height: 8, markers: Self.tokyoPins, places: .korean)
        XCTAssertFalse(frame.contains("도쿄"), frame)
        XCTAssertEqual(frame.components(separatedBy: "\n")[2], "             ● Tokyo")
    }

    func testPinsAreNamedInASCIIMode() {
        XCTAssertEqual(frame(Self.tokyo, width: 80, height: 16, markers: Self.tokyoPins, ascii: true), #"""


                                                     Tokyo Skytree o


                  7
             o Tokyo
                                         o Imperial Palace East Ga~


                                                      _/-|
         Harajuku oo Omotesando                      .|  ||
                                                   _--    '\\
                 @ Shibuya Crossing            _---          \\     _-----\|
                                     o Tokyo Tower             -\/++/-|  __'----
                                   Minato City|                 /-'   \  | -\--_
"""#)
    }

    /// Without place names the same pins are named the same way: pins come first.
    func testPinTitlesDoNotDependOnPlaceNames() {
        let with = Fixture.render(Self.tokyo, width: 80, height: 16, markers: Self.tokyoPins,
                                  options: MapOptions(color: false, graticule: false, placeNames: .english))
        let without = Fixture.render(Self.tokyo, width: 80, height: 16, markers: Self.tokyoPins,
                                     options: MapOptions(color: false, graticule: false))
        for title in ["Tokyo Tower", "Imperial Palace", "Tokyo Skytree", "Harajuku"] {
            let row = (0..<16).first { with.line($0).contains(title) }
            XCTAssertNotNil(row, title)
            XCTAssertEqual(row.map { with.line($0).range(of: title)!.lowerBound.utf16Offset(in: with.line($0)) },
                           row.map { without.line($0).range(of: title)!.lowerBound.utf16Offset(in: without.line($0)) }, title)
        }
    }

    /// Korea's crowded clusters at region zoom, Shanghai beside them: circles filled by count, not
    /// braille merged with the coast, and no place name touching one.
    func testACrowdOfPinsReadsAsPinsWithAGapFromNames() {
        let vp = Viewport(center: GeoPoint(latitude: 34.5, longitude: 125), zoom: 24)
        // Side by side (a column is 0.25°, a row 0.5°): no room for any count but Jeju's.
        let crowd = [(37.55, 126.98, 51), (37.55, 126.7, 3), (37.55, 127.2, 12), (37.05, 127.0, 140), (37.05, 126.7, 2),
                     (33.4, 126.5, 4), (31.2, 121.47, 30), (31.2, 121.72, 2), (31.2, 121.22, 1200)]
        let markers = crowd.enumerated().map { i, m in MapMarker(id: Int64(i + 1), latitude: m.0, longitude: m.1, count: m.2) }
        XCTAssertEqual(frame(vp, width: 60, height: 16, markers: markers), #"""
⠉⠒⠤⢄⡠⢄                      ⠠⣜⣀⡀     ⢠⠖⠒⠒⠒⠚⠙⢄
     ⢠⠇    ⡤⠔⠒⢄⣀⡀ ⡀         ⠈⠉⠑⠦⠊⠑⠖⢳◔◑◑      ⠑⢄      ⣀
     ⠘⠦⢄⡠⠴⠊     ⠈⠉⠉⢉⠏              ⢀2⡆99+     ⠈⢆     ⠉
             ⣤⡠⠤⠒⠉⠙⠊⠁             ⠰Seoul       ⢸
          ⣤·⡸Qingdao               ⠉South Korea⢸⡀
        ⢀⡤⠊⠁                       ⢠⡜⠂         ⢠⠃
      ⢀⡰⠃                          ⡜     ⢀⡀⢀⣀⣀·⠊Busan      ⡠
      ⠸⠤⣀                         ⢷⡼⢆⡀⣠⢶⠺⡿⠏⠙⠻  ⣠        ⡠⠔⠉
         ⠉⠑⡆                      ⠙⠉⠛⠋ ⠉      ⢰⡟     ⢰⡉⢉⣀⡀⢠⢒
           ⠘⡄                       ⣀⣀          ⠰⠆⣀⡴⠊⠙⢎⣉⣤⠈⠚⣋
            ⠣⡀                    ⠰⠭4⠊        ⡄⠴⢶⣋⢠⢄    ⠫⣤⠋⢹
             ⢗⡀                             ⢰⡦⠋ ⠈⡿⣺⣎⢆   ⢀⠜⠁⠈
           ⢀⣀⡀⠈⢱⣀                                ⠰⢟⠽⠁   ⡎
          ⠉Shanghai                             ⠠⠆⠸⡄⣤⡄ ⢸⠁
              ◕◑◔⡅                                ⠘⠣⢗⣇⠏⠁
             ⢀⡠⠔⠒⠊                                   ⢠⠆
"""#)
    }

    /// Every name: on cells no other marker's glyph or name covers, with a blank cell (or the
    /// pane's edge) between it and any other glyph or name; 300 pins at random over Seoul.
    func testNamesNeverCoverOrTouchAPinACountOrAnotherName() {
        var rng = LabelPropertyTests.SplitMix(state: 7)
        let vp = Viewport(center: GeoPoint(latitude: 37.55, longitude: 126.98), zoom: 128)
        let pane = Rect(x: 0, y: 0, width: 80, height: 24)
        let markers = (0..<300).map { i in
            MapMarker(id: Int64(i), latitude: .random(in: 37.3...37.8, using: &rng), longitude: .random(in: 126.6...127.4, using: &rng),
                      count: i % 9 == 0 ? 2 + i % 40 : 1, title: "pin \(i) " + String(repeating: "x", count: i % 13))
        }
        let placed = MarkerLayout.place(Clusterer.cluster(markers, viewport: vp, pane: pane), viewport: vp, pane: pane, ascii: false)
        let named = placed.filter { $0.title != nil }
        // 7 of them: a density shade keeps a blank cell either side, as a count does.
        XCTAssertGreaterThan(named.count, 5)
        for p in named {
            let n = p.title!
            for q in placed {
                let cells = q.col..<(q.col + q.width)
                for c in (n.col - 1)...(n.col + n.width) where c != n.gap {
                    XCTAssertFalse(q.row == n.row && cells.contains(c), "\(n.text) touches a marker at \(c), \(n.row)")
                }
                guard let m = q.title, m.slot != n.slot, m.row == n.row else { continue }
                XCTAssertTrue(m.col + m.width < n.col - 1 || n.col + n.width < m.col - 1 || m.gap == n.col - 1,
                              "\(n.text) and \(m.text) touch or overlap")
            }
        }
    }

    /// Hovering a titled pin, its marker or its title beside it, says its title; a click on the title finds the pin.
    func testHoveringANamedPinSaysItsTitle() {
        let pane = Rect(x: 0, y: 0, width: 80, height: 16)
        let placed = MarkerLayout.place(Self.tokyoPins, viewport: Self.tokyo, pane: pane, ascii: false)
        let tower = placed.first { $0.marker.id == 2 }!
        let title = tower.title!
        XCTAssertEqual(title.text, "Tokyo Tower")
        for col in [tower.col, title.col, title.col + title.width - 1] {
            XCTAssertEqual(MapRenderer.legend(atCol: col, row: tower.row, pane: pane, viewport: Self.tokyo,
                                              markers: Self.tokyoPins, ascii: false),
                           MapRenderer.Legend(glyph: "●", count: 1, title: "Tokyo Tower", shaded: false))
            XCTAssertEqual(MapRenderer.marker(atCol: col, row: tower.row, pane: pane, viewport: Self.tokyo,
                                              markers: Self.tokyoPins)?.id, 2)
        }
        XCTAssertNil(MapRenderer.legend(atCol: title.col + title.width + 1, row: tower.row, pane: pane, viewport: Self.tokyo,
                                        markers: Self.tokyoPins, ascii: false))
    }

    /// The runtime reads titles only for lone pins with room, nearest the centre first.
    func testCandidatesAreLonePinsWithRoomNearestTheCentreFirst() {
        let pane = Rect(x: 0, y: 0, width: 80, height: 16)
        let ids = MapRenderer.nameCandidates(Self.tokyoPins, viewport: Self.tokyo, pane: pane).map { Self.tokyoPins[$0].id }
        XCTAssertEqual(ids, [3, 2, 9, 8, 4, 5])
    }

    /// Two pins whose names cannot both fit: the one nearer the focus (the centre of the
    /// visible map: after `g Tokyo`, Tokyo) is named, whichever id is lower.
    func testThePinNearestTheFocusIsNamedFirst() {
        // 0.1° a column; the pins in columns 2 and 27 of 30: the only room is between them.
        let pane = Rect(x: 0, y: 0, width: 30, height: 5)
        let vp = Viewport(center: GeoPoint(latitude: 0, longitude: 0), zoom: 120)
        let pins = [MapMarker(id: 1, latitude: 0, longitude: -1.25, title: "Westmost long title"),
                    MapMarker(id: 2, latitude: 0, longitude: 1.25, title: "Eastmost long title")]
        func named(_ focus: GeoPoint) -> [String] {
            MarkerLayout.place(pins, viewport: vp, pane: pane, ascii: false, focus: focus).compactMap { $0.title?.text }
        }
        XCTAssertEqual(named(GeoPoint(latitude: 0, longitude: -1.25)), ["Westmost long title"])
        XCTAssertEqual(named(GeoPoint(latitude: 0, longitude: 1.25)), ["Eastmost long title"])
    }
}
