import XCTest
import Frame
@testable import GeoMap

final class MapDataTests: XCTestCase {
    /// The embedded layers hold what Data/naturalearth/SOURCE.md lists.
    func testEmbeddedLayerSizes() {
        let expected: [(String, PolylineSet, Int, Int)] = [
            ("coastline_110m", MapData.coastline110m, 134, 5127),
            ("borders_110m", MapData.borders110m, 333, 2992),
            ("coastline_50m", MapData.coastline50m, 1429, 60392),
            ("borders_50m", MapData.borders50m, 362, 19676),
        ]
        for (name, set, lines, points) in expected {
            XCTAssertEqual(set.lines.count, lines, name)
            XCTAssertEqual(set.pointCount, points, name)
        }
        // First feature of coastline_110m.geojson starts at [-163.71, -78.6].
        XCTAssertEqual(MapData.coastline110m.lons[0], -16371)
        XCTAssertEqual(MapData.coastline110m.lats[0], -7860)
        let first = MapData.coastline110m.lines[0]
        XCTAssertEqual(first.minLat, -7963); XCTAssertEqual(first.maxLat, -7822)
    }

    func testDecodesAndSurvivesTruncatedBlobs() {
        // magic, 2 lines, 5 points; line 1: (1.00, 2.00) (3.00, -4.00); line 2: 3 points.
        var bytes: [UInt8] = Array("PMD1".utf8) + le32(2) + le32(5)
        bytes += le32(2) + le16(100) + le16(200) + le16(300) + le16(-400)
        bytes += le32(3) + le16(17900) + le16(0) + le16(-17900) + le16(0) + le16(-17800) + le16(10)
        let full = bytes.withUnsafeBufferPointer { PolylineSet(blob: $0) }
        XCTAssertEqual(full.lines.count, 2)
        XCTAssertEqual(full.lons, [100, 300, 17900, 18100, 18200], "second line unwrapped across 180°")
        XCTAssertEqual(full.lats, [200, -400, 0, 0, 10])
        for cut in 0..<bytes.count {
            let part = Array(bytes.prefix(cut))
            let set = part.withUnsafeBufferPointer { PolylineSet(blob: $0) }
            XCTAssertEqual(set.lines.count, cut >= 24 ? 1 : 0, "cut at \(cut) of \(bytes.count)")
        }
        let wrongMagic = Array("XXXX".utf8) + Array(bytes.dropFirst(4))
        XCTAssertEqual(wrongMagic.withUnsafeBufferPointer { PolylineSet(blob: $0) }.lines.count, 0)
    }

    func testDetailSwitch() {
        XCTAssertEqual(MapData.detail(for: .world, paneWidth: 200), .coarse110m)
        XCTAssertEqual(MapData.detail(for: Viewport(zoom: 3.5), paneWidth: 100), .coarse110m)
        XCTAssertEqual(MapData.detail(for: Viewport(zoom: 3.7), paneWidth: 100), .fine50m)
        XCTAssertEqual(MapData.detail(for: Viewport(zoom: 2), paneWidth: 200), .fine50m)
        // GSHHG tiles once a column is under 0.02°: zoom 90 on 200 columns is 0.02° exactly.
        XCTAssertEqual(MapData.detail(for: Viewport(zoom: 90), paneWidth: 200), .fine50m)
        XCTAssertEqual(MapData.detail(for: Viewport(zoom: 91), paneWidth: 200), .high)
        XCTAssertEqual(MapData.detail(for: Viewport(zoom: 181), paneWidth: 100), .high)
        XCTAssertEqual(MapData.detail(for: Viewport(zoom: 16384), paneWidth: 1), .fine50m, "one column: 0.022° wide")
    }

    func testLineClippingAndRasterising() {
        var c = DotCanvas(columns: 4, rows: 2)   // 8 × 8 dots
        c.line(-1e12, 5.5, 1e12, 5.5)           // far outside both ends: clipped, not walked
        // Dot row 5 is the second dot row of cell row 1: dots 2 and 5 (0x02 | 0x10).
        XCTAssertEqual((0..<4).map { c.mask(col: $0, row: 1) }, [0x12, 0x12, 0x12, 0x12])
        c.line(0.5, 0.5, 7.5, 7.5)              // the diagonal: dots (0,0) … (7,7)
        XCTAssertEqual([c.mask(col: 0, row: 0), c.mask(col: 1, row: 0), c.mask(col: 2, row: 0)], [0x11, 0x84, 0])
        XCTAssertEqual([c.mask(col: 2, row: 1), c.mask(col: 3, row: 1)], [0x12 | 0x11, 0x12 | 0x84])
    }

    private func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
    private func le16(_ v: Int16) -> [UInt8] {
        let u = UInt16(bitPattern: v)
        return [UInt8(u & 0xFF), UInt8(u >> 8)]
    }
}
