import XCTest
import Frame
@testable import GeoMap

/// The embedded GSHHG/WDBII tiles (`cmapdetail.h`, Scripts/gen_mapdetail.py)
/// and how views find, decode and cache them.
final class DetailTilesTests: XCTestCase {
    private var tiles: TiledLines { MapData.detailTiles! }

    /// The header and index of the embedded blob: what gen_mapdetail.py printed.
    func testEmbeddedIndexIsConsistent() throws {
        let t = try XCTUnwrap(MapData.detailTiles)
        XCTAssertEqual(t.unitsPerDegree, 10_000)
        XCTAssertEqual(t.tileDegrees, 2)
        XCTAssertEqual(t.tileCount, 5166)
        XCTAssertEqual(t.pointCount, 2_488_789)
        XCTAssertEqual(t.bytes.count, 8_237_326)
        // Keys strictly increasing and on the grid; records back to back from
        // the end of the index to the end of the blob.
        var expectedOffset = 20 + 12 * t.tileCount, previous = -1
        for i in 0..<t.tileCount {
            let e = t.entry(i)
            XCTAssertGreaterThan(e.key, previous, "entry \(i)")
            XCTAssertLessThan(e.key, t.rows * t.columns, "entry \(i)")
            XCTAssertEqual(e.offset, expectedOffset, "entry \(i)")
            XCTAssertGreaterThan(e.length, 0, "entry \(i)")
            previous = e.key; expectedOffset += e.length
        }
        XCTAssertEqual(expectedOffset, t.bytes.count)
        // The first entry: row 5, column 1 (80S–78S, 178W–176W: the Ross Ice Shelf), 86 bytes.
        XCTAssertEqual(t.entry(0).key, 901)
        XCTAssertEqual(t.entry(0).offset, 62_012)
        XCTAssertEqual(t.entry(0).length, 86)
    }

    /// Every tile decodes whole, every point inside its tile, and the points
    /// add up to the header's total (gen_mapdetail.py: 153,695 coast lines of
    /// 1,677,162 points, 10,727 lake shores of 270,721, 24,008 rivers of 540,906).
    func testEveryTileDecodesInsideItsBounds() {
        var points = [0, 0, 0], lines = [0, 0, 0]
        for i in 0..<tiles.tileCount {
            let key = tiles.entry(i).key
            let t = tiles.decode(key: key)
            let span = Int32(tiles.tileDegrees) * tiles.unitsPerDegree
            let west = Int32(key % tiles.columns) * span - 180 * tiles.unitsPerDegree
            let south = Int32(key / tiles.columns) * span - 90 * tiles.unitsPerDegree
            for (n, set) in [t.coast, t.lakes, t.rivers].enumerated() {
                XCTAssertEqual(set.unitsPerDegree, 10_000)
                points[n] += set.pointCount; lines[n] += set.lines.count
                let inside = zip(set.lons, set.lats).allSatisfy { (west...west + span).contains($0) && (south...south + span).contains($1) }
                XCTAssertTrue(inside, "tile \(key): a point outside [\(south), \(west)] + \(span)")
            }
        }
        XCTAssertEqual(points, [1_677_162, 270_721, 540_906])
        XCTAssertEqual(lines, [153_695, 10_727, 24_008])
        XCTAssertEqual(points.reduce(0, +), tiles.pointCount)
    }

    /// The tile holding Seoul (36N–38N, 126E–128E) starts with GMT's first
    /// shoreline point of that bin, (126, 37.872495613), at 1e-4°.
    func testSeoulTileStartsWithGMTsFirstPoint() {
        let key = 63 * tiles.columns + 153
        XCTAssertEqual(tiles.keys(south: 37.4, west: 126.8, north: 37.7, east: 127.2), [key])
        let t = tiles.decode(key: key)
        XCTAssertEqual(t.coast.lons.first, 1_260_000)
        XCTAssertEqual(t.coast.lats.first, 378_725)
        XCTAssertFalse(t.rivers.lines.isEmpty, "the Han and its tributaries")
    }

    /// Tiles a view overlaps: edges included, columns wrapped across the
    /// antimeridian, rows clamped at the poles.
    func testKeysCoveringAView() {
        let cols = tiles.columns
        XCTAssertEqual(tiles.keys(south: 36, west: 126, north: 38, east: 128),
                       [62 * cols + 152, 62 * cols + 153, 62 * cols + 154,
                        63 * cols + 152, 63 * cols + 153, 63 * cols + 154,
                        64 * cols + 152, 64 * cols + 153, 64 * cols + 154], "a view on tile edges takes the neighbours too")
        XCTAssertEqual(tiles.keys(south: 0.5, west: 179.5, north: 1.5, east: 180.5),
                       [45 * cols + 179, 45 * cols + 0], "east of 180 wraps to 180W")
        XCTAssertEqual(tiles.keys(south: 0.5, west: -180.5, north: 1.5, east: -179.5),
                       [45 * cols + 179, 45 * cols + 0])
        XCTAssertEqual(tiles.keys(south: 89.5, west: 0.5, north: 95, east: 1.5), [89 * cols + 90], "past the pole: the top row")
        XCTAssertEqual(tiles.keys(south: -1e300, west: -1e300, north: 1e300, east: 1e300).count, tiles.rows * cols)
        XCTAssertEqual(tiles.keys(south: .nan, west: 0.5, north: .nan, east: 1.5), [90], "not a number: taken as 0, no trap")
    }

    /// A hand-made blob decodes to exactly what was encoded (negative and
    /// multi-byte steps, all three kinds, an unknown kind skipped), and every
    /// truncation or damage decodes what came before it without trapping.
    func testRoundTripAndDamage() {
        // Tile key 45 × 180 + 90: latitudes 0–2, longitudes 0–2.
        let key = 45 * 180 + 90
        let coast: [(Int, Int)] = [(0, 0), (20_000, 150), (19_870, 20_000)]
        let lake: [(Int, Int)] = [(5, 5), (6, 4), (200, 9_000)]
        let river: [(Int, Int)] = [(10_000, 10_000), (9_000, 11_000), (12_345, 17)]
        let record = encodeRecord([(1, coast), (9, [(1, 1), (2, 2)]), (2, lake), (3, river)])
        let blob = Self.blob(tiles: [(key, record)])
        blob.withUnsafeBufferPointer { b in
            let t = TiledLines(bytes: b)!
            XCTAssertNil(t.record(key: key - 1)); XCTAssertNil(t.record(key: key + 1))
            XCTAssertEqual(t.decode(key: key + 1).coast.pointCount, 0, "no such tile: nothing")
            let d = t.decode(key: key)
            XCTAssertEqual(d.coast.lons, coast.map { Int32($0.0) }); XCTAssertEqual(d.coast.lats, coast.map { Int32($0.1) })
            XCTAssertEqual(d.lakes.lons, lake.map { Int32($0.0) }); XCTAssertEqual(d.lakes.lats, lake.map { Int32($0.1) })
            XCTAssertEqual(d.rivers.lons, river.map { Int32($0.0) }); XCTAssertEqual(d.rivers.lats, river.map { Int32($0.1) })
            XCTAssertEqual(d.coast.lines.first?.maxLon, 20_000)
        }
        let recordStart = blob.count - record.count
        var lastLines = 0
        for cut in recordStart..<blob.count {
            // Keep the index claiming the whole record: the record itself is cut short.
            let part = Array(blob.prefix(cut)) + Array(repeating: 0xFF, count: blob.count - cut)
            let n = part.withUnsafeBufferPointer { b -> Int in
                let d = TiledLines(bytes: b)!.decode(key: key)
                return d.coast.lines.count + d.lakes.lines.count + d.rivers.lines.count
            }
            XCTAssertGreaterThanOrEqual(n, lastLines, "cut at \(cut)"); XCTAssertLessThanOrEqual(n, 3)
            lastLines = n
        }
        // A step out of the tile stops the decode there.
        let outside = encodeRecord([(1, [(0, 0), (20_001, 0)]), (3, river)])
        Self.blob(tiles: [(key, outside)]).withUnsafeBufferPointer { b in
            let d = TiledLines(bytes: b)!.decode(key: key)
            XCTAssertEqual(d.coast.pointCount + d.rivers.pointCount, 0)
        }
        XCTAssertNil((Array("PMD1".utf8) + blob.dropFirst(4)).withUnsafeBufferPointer { TiledLines(bytes: $0) })
        XCTAssertNil(Array(blob.prefix(24)).withUnsafeBufferPointer { TiledLines(bytes: $0) }, "index cut short")
    }

    /// A tile is decoded on first use only; the cache starts again past its limit.
    func testTileCacheDecodesOnce() {
        let cache = TileCache(limit: 2)
        var made: [Int] = []
        let make: (Int) -> DetailTile = { made.append($0); return self.tiles.decode(key: $0) }
        _ = cache.tile(11_493, make: make); _ = cache.tile(11_493, make: make)
        XCTAssertEqual(made, [11_493]); XCTAssertEqual(cache.decodes, 1)
        _ = cache.tile(1, make: make); _ = cache.tile(2, make: make)
        XCTAssertEqual(cache.count, 1, "full at 2: emptied, then 2 kept")
        _ = cache.tile(11_493, make: make)
        XCTAssertEqual(made, [11_493, 1, 2, 11_493])
    }

    /// World and region views draw Natural Earth only: no tile is decoded for
    /// them, so start-up (a world or region first frame) pays nothing.
    func testWorldAndRegionDecodeNoTile() {
        let before = MapData.tileCache.decodes
        _ = Fixture.render(.world, width: 200, height: 60)
        _ = Fixture.render(Viewport(center: GeoPoint(latitude: 35, longitude: 120), zoom: 4), width: 200, height: 60)
        _ = Fixture.render(Fixture.korea)
        XCTAssertEqual(MapData.tileCache.decodes, before)
        XCTAssertEqual(MapData.detail(for: Fixture.korea, paneWidth: 100), .fine50m)
    }

    // MARK: Encoding (the generator's format, for hand-made blobs)

    private func varint(_ v: UInt64, _ out: inout [UInt8]) {
        var v = v
        while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
        out.append(UInt8(v))
    }

    private func encodeRecord(_ lines: [(kind: UInt8, points: [(Int, Int)])]) -> [UInt8] {
        var out: [UInt8] = []
        varint(UInt64(lines.count), &out)
        for (kind, points) in lines {
            out.append(kind)
            varint(UInt64(points.count), &out)
            var px = 0, py = 0
            for (x, y) in points {
                for d in [x - px, y - py] { varint(d >= 0 ? UInt64(d) * 2 : UInt64(-d) * 2 - 1, &out) }
                px = x; py = y
            }
        }
        return out
    }

    private static func blob(tiles: [(key: Int, record: [UInt8])]) -> [UInt8] {
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        var out = Array("PMT1".utf8) + le32(10_000) + le32(2) + le32(tiles.count) + le32(0)
        var offset = 20 + 12 * tiles.count
        for t in tiles { out += le32(t.key) + le32(offset) + le32(t.record.count); offset += t.record.count }
        for t in tiles { out += t.record }
        return out
    }
}
