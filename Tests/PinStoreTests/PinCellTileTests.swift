import XCTest
@testable import PinStore

/// The tile format (`PinCellTile`): every record reads back exactly as written, in as few
/// bits as the tile's values need.
final class PinCellTileTests: XCTestCase {
    /// A record for the pin at (`lat`, `lon`) on `level`, and its tile.
    private func record(_ lat: Double, _ lon: Double, level: Int, n: Int = 1, id: Int64, scope: Int64 = 1)
        -> (tile: Int64, record: PinCellTile.Record) {
        let c = PinGrid.cell(latitude: lat, longitude: lon, level: level)
        let z = PinGrid.morton(x: c.x, y: c.y, level: level)
        return (PinCellTile.tile(of: z), PinCellTile.Record(local: PinCellTile.local(of: z), n: n,
                                                             rep: PinCellRep(id: id, latitude: lat, longitude: lon, scope: scope)))
    }

    /// Encodes `records` (one tile) and reads them back.
    private func roundTrip(_ records: [PinCellTile.Record], level: Int, tile: Int64,
                           file: StaticString = #filePath, line: UInt = #line) -> [UInt8] {
        let sorted = records.sorted { $0.local < $1.local }
        let blob = PinCellTile.encode(sorted, level: level, tile: tile)
        var back: [PinCellTile.Record] = []
        blob.withUnsafeBytes { PinCellTile.forEach($0.baseAddress, count: $0.count, level: level, tile: tile) { back.append($0) } }
        XCTAssertEqual(back, sorted, file: file, line: line)
        // Bit for bit (== would take −0.0 for 0.0).
        XCTAssertEqual(back.map { [$0.rep.latitude.bitPattern, $0.rep.longitude.bitPattern] },
                       sorted.map { [$0.rep.latitude.bitPattern, $0.rep.longitude.bitPattern] }, file: file, line: line)
        return blob
    }

    func testTwoSeoulCellsTakeFifteenBytes() {
        let a = record(37.5665, 126.978, level: 17, id: 1000, scope: 3)
        let b = record(37.5667, 126.9785, level: 17, n: 3, id: 1010, scope: 5)
        XCTAssertEqual(a.tile, b.tile)
        let blob = roundTrip([a.record, b.record], level: 17, tile: a.tile)
        // Header 5 + varints 1000 (2 bytes) and 3 (1); two records of 6 (local) + 2 (n − 1 ≤ 2)
        // + 4 (id − 1000 ≤ 10) + 6 and 5 (10^−4 degrees in a level-17 cell) + 2 (scope − 3 ≤ 2) bits.
        XCTAssertEqual(blob.count, 5 + 2 + 1 + (2 * 25 + 7) / 8)
        XCTAssertEqual(blob[1], 4, "four decimals at most: 10^-4 degrees")
    }

    func testPositionsOfAnyPrecisionReadBackExactly() {
        let level = 12
        // Six decimals (a CSV's), seven, and full doubles (computed positions) in one tile each.
        for (decimals, wantE) in [(6, 6), (7, 7), (-1, PinCellTile.rawPositions)] {
            var r = CellFixture.Random(state: UInt64(decimals + 10))
            var records: [PinCellTile.Record] = []
            var tile: Int64 = -1
            // Anywhere in the 8 × 8 cells of the tile holding (37.5, 127).
            let c = PinGrid.cell(latitude: 37.5, longitude: 127, level: level)
            let corner = PinGrid.bounds(level: level, x: c.x & ~7, y: c.y & ~7)
            for i in 0..<40 {
                var lat = corner.south + r.next() * 8 * PinGrid.cellHeight(level: level)
                var lon = corner.west + r.next() * 8 * PinGrid.cellWidth(level: level)
                if decimals >= 0 {
                    lat = (lat * pow(10, Double(decimals))).rounded() / pow(10, Double(decimals))
                    lon = (lon * pow(10, Double(decimals))).rounded() / pow(10, Double(decimals))
                }
                let rec = record(lat, lon, level: level, n: i + 1, id: Int64(i * 977), scope: Int64(i % 3))
                if tile < 0 { tile = rec.tile }
                if rec.tile == tile, !records.contains(where: { $0.local == rec.record.local }) { records.append(rec.record) }
            }
            XCTAssertGreaterThan(records.count, 20)
            let blob = roundTrip(records, level: level, tile: tile)
            XCTAssertEqual(Int(blob[1]), wantE, "\(decimals) decimals")
        }
    }

    func testEdgesOfTheGridAndOfTheFieldsReadBackExactly() {
        // Poles, the antimeridian, −0.0, extreme ids, counts and scopes, on the coarsest
        // and the finest level.
        let edges: [(Double, Double, Int64, Int, Int64)] = [
            (90, 180, Int64.max, 1, 0), (-90, -180, Int64.min, Int(UInt32.max), 7), (-0.0, 0, -5, 2, 300),
            (89.999999, 179.999999, 1, 1 << 40, Int64.max), (-89.999999, -179.999999, 0, 1, 2)]
        for level in [PinGrid.minLevel, 9, PinGrid.maxLevel] {
            for (lat, lon, id, n, scope) in edges {
                let r = record(lat, lon, level: level, n: n, id: id, scope: scope)
                _ = roundTrip([r.record], level: level, tile: r.tile)
            }
        }
        // All four level-2 cells in their one tile, with mixed fields.
        let quads = edges.prefix(4).map { record($0.0, $0.1, level: 2, n: $0.3, id: $0.2, scope: $0.4).record }
        _ = roundTrip(quads, level: 2, tile: 0)
    }

    func testAFullTileOfSixtyFourCells() {
        let level = 20
        let base = PinGrid.cell(latitude: 35.6895, longitude: 139.6917, level: level)
        let x0 = base.x & ~7, y0 = base.y & ~7
        var records: [PinCellTile.Record] = []
        for dy in 0..<8 {
            for dx in 0..<8 {
                let b = PinGrid.bounds(level: level, x: x0 + dx, y: y0 + dy)
                let lat = ((b.south + b.north) / 2 * 1e6).rounded() / 1e6, lon = ((b.west + b.east) / 2 * 1e6).rounded() / 1e6
                records.append(record(lat, lon, level: level, n: dx + dy + 1, id: Int64(900_000 + dx * 8 + dy)).record)
            }
        }
        let tile = PinCellTile.tile(of: PinGrid.morton(x: x0, y: y0, level: level))
        let blob = roundTrip(records, level: level, tile: tile)
        XCTAssertEqual(blob[0], 63)
        XCTAssertLessThan(blob.count, 64 * 6, "under 6 bytes a cell")
    }

    func testTruncatedOrDamagedBlobsReadWithoutCrashing() {
        let a = record(37.5665, 126.978, level: 17, id: 1000), b = record(37.5667, 126.9785, level: 17, id: 1010)
        let blob = PinCellTile.encode([a.record, b.record], level: 17, tile: a.tile)
        for cut in 0..<blob.count {
            var seen = 0
            Array(blob.prefix(cut)).withUnsafeBytes {
                PinCellTile.forEach($0.baseAddress, count: $0.count, level: 17, tile: a.tile) { _ in seen += 1 }
            }
            XCTAssertLessThan(seen, 2, "a truncated blob loses its tail")
        }
        var r = CellFixture.Random(state: 5)
        for _ in 0..<200 {
            let junk = (0..<Int(r.next() * 40)).map { _ in UInt8(r.next() * 256) }
            junk.withUnsafeBytes { PinCellTile.forEach($0.baseAddress, count: $0.count, level: 9, tile: 3) { _ in } }
        }
    }

    func testCellsFromLocalsAreTheMortonCells() {
        let blob = PinCellTile.encode([record(0, 0, level: 2, id: 1).record], level: 2, tile: 0)
        for level in PinGrid.minLevel...PinGrid.maxLevel {
            let tiles = (Int64(1) << Int64(2 * (level - 2))) / 64 + 1  // tiles on the level's codes (× 4 columns)
            for tile in [0, tiles / 3, tiles - 1].map({ min($0, max(0, 4 * tiles - 1)) }) {
                blob.withUnsafeBytes { p in
                    let t = PinCellTileReader(p.baseAddress, bytes: p.count, level: level, tile: tile)
                    for local in 0..<64 {
                        let want = PinGrid.cell(morton: PinCellTile.z(tile: tile, local: local), level: level)
                        XCTAssertTrue(t.cell(local: local) == want, "level \(level) tile \(tile) local \(local)")
                    }
                }
            }
        }
    }

    func testBitWriterWritesLittleEndianFieldsOfEveryWidth() {
        var r = CellFixture.Random(state: 9)
        var fields: [(UInt64, Int)] = []
        for _ in 0..<500 {
            let width = Int(r.next() * 65)
            let v = UInt64(r.next() * 0x1p53) &* 0x9E37_79B9 ^ UInt64(r.next() * 0x1p53)
            fields.append((width == 64 ? v : v & ((1 << UInt64(width)) - 1), width))
        }
        var out = [UInt8](repeating: 0, count: (fields.map(\.1).reduce(0, +) + 7) / 8)
        out.withUnsafeMutableBytes { buf in
            var w = PinCellBitWriter(buf, byte: 0)
            for (v, width) in fields { w.write(v, width: width) }
            w.finish()
        }
        // Read back bit by bit.
        var bit = 0
        for (v, width) in fields {
            var back: UInt64 = 0
            for j in 0..<width where out[(bit + j) / 8] & (1 << UInt8((bit + j) % 8)) != 0 { back |= 1 << UInt64(j) }
            XCTAssertEqual(back, v, "width \(width)")
            bit += width
        }
    }

    /// What makes decimal positions lossless: a coordinate parsed from text with at most
    /// `e` decimals is the correctly rounded quotient `units / 10^e`.
    func testDecimalTextParsesToTheQuotientOfItsUnits() {
        var r = CellFixture.Random(state: 13)
        for _ in 0..<2_000 {
            let e = Int(r.next() * 8)
            let units = Int64((r.next() * 2 - 1) * 180 * pow(10, Double(e)))
            let scale = Int64(pow(10, Double(e)))
            let sign = units < 0 ? "-" : ""
            let whole = abs(units) / scale, frac = abs(units) % scale
            let text = e == 0 ? "\(sign)\(whole)" : "\(sign)\(whole)." + String(format: "%0\(e)lld", frac)
            XCTAssertEqual(Double(text), Double(units) / Double(scale), text)
        }
    }
}
