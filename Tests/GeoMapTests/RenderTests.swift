import XCTest
import Frame
@testable import GeoMap

final class RenderTests: XCTestCase {
    let pane = Fixture.pane100x30
    let linesOnly = MapOptions(graticule: false)

    /// Korea filling the pane: the coast is drawn where the coast is and the
    /// sea and the inland stay blank.
    func testKoreaFrameShowsThePeninsula() {
        let vp = Fixture.korea
        XCTAssertEqual(MapData.detail(for: vp, paneWidth: 100), .fine50m)
        let s = Fixture.render(vp, options: linesOnly)
        // Coast cells (radius 1 cell ≈ 0.09° × 0.17°).
        let coast: [(String, Double, Double)] = [
            ("Busan", 35.08, 129.05), ("Incheon", 37.45, 126.6), ("Taean", 36.75, 126.15),
            ("Mokpo", 34.78, 126.38), ("Pohang", 36.03, 129.4), ("Gangneung", 37.78, 128.93),
        ]
        for (name, lat, lon) in coast {
            let c = Fixture.cell(vp, lat, lon)
            XCTAssertTrue(Fixture.hasLine(s, col: c.col, row: c.row, radius: 1), "\(name) coast at \(c)")
        }
        // Sea and inland cells with nothing within one cell.
        let blank: [(String, Double, Double)] = [
            ("Yellow Sea", 36.0, 125.2), ("Yellow Sea N", 37.0, 125.8), ("East Sea", 37.0, 130.0),
            ("Korea Strait", 34.5, 128.6), ("Daejeon", 36.35, 127.38), ("Andong", 36.57, 128.73),
        ]
        for (name, lat, lon) in blank {
            let c = Fixture.cell(vp, lat, lon)
            XCTAssertFalse(Fixture.hasLine(s, col: c.col, row: c.row, radius: 1), "\(name) should be blank at \(c)")
        }
    }

    /// A view centred on 180° shows Chukotka left and Alaska right.
    func testViewOnTheAntimeridianShowsLandOnBothSides() {
        let vp = Viewport(center: GeoPoint(latitude: 64, longitude: 180), zoom: 4)
        let s = Fixture.render(vp, options: linesOnly)
        let anadyr = Fixture.cell(vp, 64.7, 177.5), nome = Fixture.cell(vp, 64.5, -165.4)
        XCTAssertLessThan(anadyr.col, 50); XCTAssertGreaterThan(nome.col, 50)
        XCTAssertTrue(Fixture.hasLine(s, col: anadyr.col, row: anadyr.row, radius: 1), "Gulf of Anadyr")
        XCTAssertTrue(Fixture.hasLine(s, col: nome.col, row: nome.row, radius: 1), "Norton Sound")
        let left = (0..<50).filter { c in (0..<30).contains { Fixture.isBraille(s[c, $0].text) } }.count
        let right = (50..<100).filter { c in (0..<30).contains { Fixture.isBraille(s[c, $0].text) } }.count
        XCTAssertGreaterThan(left, 30); XCTAssertGreaterThan(right, 30)
    }

    /// The same at world zoom: New Zealand/Fiji left of 180, Tonga/Samoa-side right.
    func testWorldCentredOnTheAntimeridianWrapsBothCopies() {
        let vp = Viewport(center: GeoPoint(latitude: 0, longitude: 180), zoom: 1)
        let s = Fixture.render(vp, options: linesOnly)
        let nz = Fixture.cell(vp, -41.3, 174.8), america = Fixture.cell(vp, 19.4, -105.5)
        XCTAssertTrue(Fixture.hasLine(s, col: nz.col, row: nz.row, radius: 1), "New Zealand at \(nz)")
        XCTAssertTrue(Fixture.hasLine(s, col: america.col, row: america.row, radius: 1), "Mexico at \(america)")
    }

    /// A polyline that crosses the antimeridian in the data is drawn across
    /// the seam, never as a line across the whole map.
    func testAntimeridianCrossingLineDoesNotSmear() {
        let set = PolylineSet(degrees: [[(170, 0), (-170, 0)]])
        XCTAssertEqual(set.lines[0].maxLon, 19000, "unwrapped to 190°")
        func rowMasks(_ vp: Viewport) -> [UInt8] {
            var canvas = DotCanvas(columns: 100, rows: 30)
            DotProjection(viewport: vp, pane: pane).draw(set, into: &canvas)
            let row = Fixture.cell(vp, 0, 0).row
            return (0..<100).map { canvas.mask(col: $0, row: row) }
        }
        let world = rowMasks(Viewport(center: GeoPoint(latitude: 0, longitude: 0), zoom: 1))
        // 170°E..180 is columns 97...99, -180..-170 columns 0...2; nothing between.
        XCTAssertEqual((3..<97).filter { world[$0] != 0 }, [])
        XCTAssertTrue(world[98] != 0 && world[1] != 0)
        let pacific = rowMasks(Viewport(center: GeoPoint(latitude: 0, longitude: 180), zoom: 4))
        // 0.9° per column: 170..190 is columns 38.9...61.1, continuous through the centre.
        XCTAssertEqual((0..<100).filter { pacific[$0] != 0 }, Array(38...61))
    }

    func testASCIIModeHasNoBraille() {
        var pins = Fixture.seoulPins
        pins[0].selected = true
        // Only the selected pin keeps its (ASCII) title: the others' Korean names are the user's text.
        for i in pins.indices.dropFirst() { pins[i].title = "" }
        let ascii = MapOptions(ascii: true)
        for vp in [Viewport.world, Fixture.korea, Viewport(center: GeoPoint(latitude: 64, longitude: 180), zoom: 4)] {
            let s = Fixture.render(vp, markers: Clusterer.cluster(pins, viewport: vp, pane: pane), options: ascii)
            let text = s.text()
            XCTAssertFalse(text.unicodeScalars.contains { $0.value >= 0x2800 && $0.value <= 0x28FF })
            XCTAssertTrue(text.unicodeScalars.allSatisfy { $0.isASCII }, "titles here are ASCII, so all is")
            XCTAssertGreaterThan(s.cells.filter { $0.text != " " }.count, 100)
        }
    }

    func testASCIIGlyphShapes() {
        XCTAssertEqual(CellGlyphs.ascii(0), " ")
        XCTAssertEqual(CellGlyphs.ascii(0x09), "-")                 // both dots of the top row
        XCTAssertEqual(CellGlyphs.ascii(0xC0), "_")                 // both dots of the bottom row
        XCTAssertEqual(CellGlyphs.ascii(0x47), "|")                 // left column
        XCTAssertEqual(CellGlyphs.ascii(0x01 | 0x10 | 0x20 | 0x80), "\\") // down to the right
        XCTAssertEqual(CellGlyphs.ascii(0x08 | 0x02 | 0x04 | 0x40), "/")
        XCTAssertEqual(CellGlyphs.ascii(0xFF), "#")
        XCTAssertEqual(CellGlyphs.braille[0xFF], "⣿")
        XCTAssertEqual(CellGlyphs.braille[0], " ")
    }

    func testGraticuleLabelsAtPaneEdges() {
        let s = Fixture.render(.world)
        let top = s.line(0)
        for label in ["180W", "120W", "60W", "0E", "60E", "120E"] {
            XCTAssertTrue(top.contains(label), "top row lacks \(label): \(top)")
        }
        XCTAssertEqual(top.firstRange(of: "60E")?.lowerBound.utf16Offset(in: top), 66, "60E at 50 + 60/3.6 = 66.7")
        XCTAssertEqual(top, "180W            120W             60W              0E              60E              120E",
                       "60° apart in 100 columns, never touching")
        // 60N is 40° above the 20N centre: row 15 − 40/7.2 = 9.4 → 9; a blank cell after each label.
        XCTAssertTrue(s.line(9).hasPrefix("60N "), s.line(9))
        XCTAssertTrue(s.line(17).hasPrefix("0N "), s.line(17))
        XCTAssertTrue(s.line(26).hasPrefix("60S "), s.line(26))
        XCTAssertEqual(Graticule.step(degreesPerColumn: 3.6), 60)
        XCTAssertEqual(Graticule.step(degreesPerColumn: 4.5), 60, "the world in 80 columns")
        XCTAssertEqual(Graticule.step(degreesPerColumn: 2.5), 45)
        XCTAssertEqual(Graticule.step(degreesPerColumn: 4.8 / 56), 2)
        XCTAssertEqual(Graticule.step(degreesPerColumn: 0.0001), 0.01)
    }

    func testGraticuleOffDrawsNoLabels() {
        let s = Fixture.render(.world, options: linesOnly)
        XCTAssertFalse(s.line(9).hasPrefix("60N"))
        XCTAssertFalse(s.line(0).contains("120E"))
    }

    func testStylesWithAndWithoutColour() {
        let colour = Fixture.render(.world, markers: [MapMarker(id: 1, latitude: 0, longitude: 0, categoryIndex: 2)])
        XCTAssertTrue(colour.cells.contains { $0.style.fg == .xterm(71, fallback: .green) }, "coast is green")
        XCTAssertEqual(Color.xterm(71, fallback: .green).index(forColors: 8), 2, "green on 8 colours")
        XCTAssertEqual(Color.xterm(71, fallback: .green).index(forColors: 256), 71)
        let pin = colour[50, 17]
        XCTAssertEqual(pin.text, "●")
        XCTAssertEqual(pin.style, Style(fg: .xterm(213, fallback: .brightMagenta), bold: true))
        let mono = Fixture.render(.world, markers: [MapMarker(id: 1, latitude: 0, longitude: 0)],
                                  options: MapOptions(color: false))
        XCTAssertTrue(mono.cells.allSatisfy { $0.style.fg == .default && $0.style.bg == .default })
        XCTAssertEqual(mono[50, 17].style, Style(bold: true))
        let dim = Fixture.render(.world, markers: [MapMarker(id: 1, latitude: 0, longitude: 0)],
                                 options: MapOptions(dimmed: true))
        XCTAssertTrue(dim.cells.allSatisfy { $0.style.dim })
        XCTAssertFalse(dim[50, 17].style.bold)
    }

    func testDrawsOnlyInsideThePane() {
        var s = Screen(width: 60, height: 20, fill: Cell("x"))
        let pane = Rect(x: 10, y: 5, width: 40, height: 10)
        MapRenderer.draw(into: &s, pane: pane, viewport: .world, markers: [], options: MapOptions())
        for row in 0..<20 {
            for col in 0..<60 where !pane.contains(col: col, row: row) {
                XCTAssertEqual(s[col, row].text, "x", "(\(col),\(row)) outside the pane was touched")
            }
        }
        XCTAssertGreaterThan((5..<15).flatMap { r in (10..<50).map { s[$0, r] } }.filter { $0.text != " " }.count, 40)
    }

    func testTinyAndEmptyPanesDoNotTrap() {
        for (w, h, expected) in [(0, 0, ""), (1, 1, "●"), (2, 1, "⣶●"), (1, 5, "\n\n●\n\n"), (3, 2, "⣠⣤●\n⠛⠛⠛")] {
        // (3×2: no latitude on the row under the longitudes' row, which it would touch.)
            var s = Screen(width: w, height: h)
            MapRenderer.draw(into: &s, pane: s.bounds, viewport: .world,
                             markers: Fixture.seoulPins, options: MapOptions())
            XCTAssertEqual(s.text(), expected, "\(w)x\(h)")
        }
        // The deepest zoom, inland between the Seoul pins and the coast: graticule and labels only.
        var big = Fixture.korea
        big.zoom = 16384
        let deep = Fixture.render(big, markers: Fixture.seoulPins)
        XCTAssertEqual(deep.line(0), "    127.74E" + String(repeating: " ", count: 39) + "127.75E" + String(repeating: " ", count: 38) + "⠈")
        XCTAssertEqual(deep.line(15), "36.4N" + String(repeating: " ⠁", count: 45) + "⠈⠁ ⠁")
        XCTAssertEqual(deep.text().filter { $0 == "●" || $0 == "◉" }.count, 0)
    }
}
